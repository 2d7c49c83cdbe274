/**
 * Part `gst` of `npm run bench`: the accountant's GST exports of a month of 10,000 tax invoices (and their credit
 * notes, one in twenty) through the API, one API process so that its memory is the process measured:
 * - the sales register CSV, GSTR-1 JSON and the e-way bill helper, each read to the end by one client: seconds,
 *   documents per second and the API's peak resident memory (sampled every 50 ms) against its memory before
 * - baseline, same run: the same documents read page by page and parsed straight from the database
 *   (scripts/bench/gst.ts read); each export's time is given as a ratio to it (what writing the file and HTTP add)
 * Database <--db-prefix>_gst, made afresh each run.
 */
import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { benchSecrets, startApi } from './api.mjs';
import { lastJson, rssKb, TSX } from './shared.mjs';
import { preparing } from './timings.mjs';

const INVOICES = 10_000;
const MONTH = '2026-10';
const EXPORTS = ['sales-register', 'gstr1', 'eway-bills'];

async function timed(base, pid, token, path) {
  const before = rssKb(pid) ?? 0;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid) ?? 0);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${base}/reports/gst/${path}?period=${MONTH}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new UserError(`GET /reports/gst/${path} answered ${res.status}`);
    for await (const chunk of res.body) bytes += chunk.length;
  } finally {
    clearInterval(sampler);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    bytes,
    beforeMb: before / 1024,
    peakMb: peak / 1024,
  };
}

export async function gstPart({ db, record, args }) {
  const url = databaseUrl(db.serverUrl, `${args['db-prefix']}_gst`);
  const script = resolve(ROOT, 'scripts/bench/gst.ts');
  const helper = async (...a) =>
    lastJson(await run(process.execPath, [...TSX, script, ...a], { quiet: true, label: `gst.ts ${a[0]}` }));
  const secrets = benchSecrets();
  step(`GST exports: a month of ${INVOICES.toLocaleString('en')} tax invoices…`);
  const made = await preparing(() =>
    helper('prepare', '--url', url, '--count', String(INVOICES), '--secret', secrets.JWT_SECRET),
  );
  const uploads = resolve(ROOT, 'bench-results', 'uploads', 'gst');
  const api = await startApi({ url, uploads, secrets, env: { WEB_CONCURRENCY: '1' } });
  try {
    await timed(api.base, api.pid, made.token, 'sales-register'); // warm-up: code loaded, pool open
    const base = await helper('read', '--url', url);
    const documents = base.documents;
    console.log(`  baseline: ${base.documents} documents read and parsed in ${base.seconds.toFixed(2)} s`);
    record(
      'gst.read.seconds',
      base.seconds,
      's',
      `${base.documents} documents, pages of 500, parsed (baseline)`,
    );
    for (const path of EXPORTS) {
      const e = await timed(api.base, api.pid, made.token, path);
      console.log(
        `  ${path}: ${(e.bytes / 1024 / 1024).toFixed(2)} MB in ${e.seconds.toFixed(2)} s; API memory ${e.beforeMb.toFixed(0)} MB before, peak ${e.peakMb.toFixed(0)} MB`,
      );
      record(`gst.${path}.seconds`, e.seconds, 's', `${documents} documents of ${MONTH}, one client`);
      record(`gst.${path}.docs_per_s`, documents / e.seconds, 'docs/s');
      record(
        `gst.${path}.time_ratio`,
        e.seconds / base.seconds,
        'ratio',
        'to the baseline read of the same run',
      );
      record(
        `gst.${path}.peak_rss_mb`,
        e.peakMb,
        'MB',
        `the API process; ${e.beforeMb.toFixed(0)} MB before (+${(e.peakMb - e.beforeMb).toFixed(0)} MB)`,
      );
    }
  } finally {
    await api.stop();
  }
}
