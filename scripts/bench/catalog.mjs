/**
 * Part `catalog` of `npm run bench`:
 * the catalogue CSV export of the LIST_SIZE catalogue through the API (seconds, rows per second and
 * the API process's peak memory while it streams; 1M products with --full), a 100,000-row import (10,000 with
 * --quick; preview, then every batch; rows per second) and the same file again (all unchanged), and the back
 * office's lists at 100,000 rows (customers by name, joined date and blocked; orders by date, sorted, to ship and
 * filtered by state, dates and amount; products sorted, filtered, by stock state and low stock, with their brand and
 * category counts as the back office asks): p99 and its ratio to a bare Hono route's p99 in the same run.
 */
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT, step, UserError, warn } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { benchDatabase, benchSecrets, CLIENT_HEADERS, measure, startApi, startBaseline } from './api.mjs';
import { hasWrk } from './load.mjs';
import { fmt, LIST_SIZE, lastJson, mean, rssKb, TSX, tool } from './shared.mjs';
import { preparing } from './timings.mjs';

/** Streams the export to nowhere, sampling the API's memory every 50 ms; seconds, bytes, rows and peak RSS. */
async function timedExport(base, pid, token) {
  const before = rssKb(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid) ?? 0);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let rows = -1;
  try {
    const res = await fetch(`${base}/catalog/export`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new UserError(`GET /catalog/export answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    bytes,
    rows,
    beforeMb: (before ?? 0) / 1024,
    peakMb: peak / 1024,
  };
}

/** Uploads the file for a preview, then applies every batch; seconds of each and the preview's counts. */
async function timedImport(base, token, file) {
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'bench.csv');
  form.append('batchSize', '500');
  let t = performance.now();
  const res = await fetch(`${base}/catalog/import`, { method: 'POST', headers: auth, body: form });
  const preview = await res.json();
  if (res.status !== 201) throw new UserError(`The import preview answered ${res.status}: ${preview.msg}`);
  const previewSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  let state = preview.import;
  while (state.state !== 'done') {
    const r = await fetch(`${base}/catalog/import/${state._id}/apply`, { method: 'POST', headers: auth });
    const body = await r.json();
    if (r.status !== 200) throw new UserError(`Applying a batch answered ${r.status}: ${body.msg}`);
    state = body.import;
  }
  return { previewSeconds, applySeconds: (performance.now() - t) / 1000, preview: preview.import };
}

/** Staff at their desks: a few at once, not a crowd. */
const LIST_CONNECTIONS = 4;

export async function catalogPart(db, { args, record, seconds }) {
  const secrets = benchSecrets();
  const script = resolve(ROOT, 'scripts/bench/catalog-csv.ts');
  const helper = async (...a) =>
    lastJson(
      await run(process.execPath, [...TSX, script, ...a], { quiet: true, label: `catalog-csv.ts ${a[0]}` }),
    );
  // One API process (WEB_CONCURRENCY=1), so that its memory is the process measured.
  const single = { WEB_CONCURRENCY: '1' };
  const exportSizes = [LIST_SIZE, ...(args.full ? [1_000_000] : [])];
  for (const size of exportSizes) {
    const big = await benchDatabase(db.serverUrl, size, args['db-prefix']);
    if (size === LIST_SIZE) {
      await preparing(async () => {
        await helper('customers', '--url', big.url, '--count', String(LIST_SIZE));
        await helper('orders', '--url', big.url, '--count', String(LIST_SIZE));
      });
    }
    const { token } = await preparing(() =>
      helper('admin', '--url', big.url, '--secret', secrets.JWT_SECRET),
    );
    const api = await startApi({ ...big, secrets, env: single });
    try {
      step(`Catalogue export, ${size.toLocaleString('en')} products…`);
      const e = await timedExport(api.base, api.pid, token);
      console.log(
        `  ${e.rows.toLocaleString('en')} rows, ${(e.bytes / 1024 / 1024).toFixed(1)} MB in ${e.seconds.toFixed(1)} s (${Math.round(e.rows / e.seconds).toLocaleString('en')} rows/s); API memory ${e.beforeMb.toFixed(0)} MB before, peak ${e.peakMb.toFixed(0)} MB while streaming`,
      );
      record(
        `catalog.export.${size}.seconds`,
        e.seconds,
        's',
        `${e.rows} variant rows, ${Math.round(e.bytes / 1024 / 1024)} MB, read to the end by one client`,
      );
      record(`catalog.export.${size}.rows_per_s`, e.rows / e.seconds, 'rows/s');
      record(
        `catalog.export.${size}.peak_rss_mb`,
        e.peakMb,
        'MB',
        `the API process (RSS sampled every 50 ms); ${e.beforeMb.toFixed(0)} MB before the export`,
      );
      if (size !== LIST_SIZE) continue;

      step(
        `Back-office lists at ${LIST_SIZE.toLocaleString('en')} customers, orders and products, ${LIST_CONNECTIONS} connections…`,
      );
      const headers = { ...CLIENT_HEADERS, authorization: `Bearer ${token}` };
      const pages = (make) => Array.from({ length: 40 }, (_, i) => make(i));
      const month = (i) => `2025-${String(1 + (i % 12)).padStart(2, '0')}`;
      const lists = {
        customers_name: pages((i) => `/admin/users?limit=50&sort=name&dir=asc&page=${1 + i * 37}`),
        customers_joined: pages((i) => `/admin/users?limit=50&page=${1 + i * 41}`),
        customers_filtered: pages(
          (i) => `/admin/users?limit=50&blocked=false&joinedFrom=2025-0${1 + (i % 9)}-01&page=${1 + (i % 5)}`,
        ),
        // The bench's customers are "Customer 000997 Rao", customer997@bench.voltcart.test: the search matches the
        // start of a name word or of the email, so the six-digit word finds its customer as before…
        customers_search: pages((i) => `/admin/users?limit=50&q=${String(i * 997).padStart(6, '0')}`),
        // …and this is what staff type: an email's start (customer2011 → 11 accounts, customer40220 → 1), or a
        // surname that a fifth of them share with the start of another word ("rao 0038" → 20).
        customers_search_typed: pages((i) => {
          const surname = ['rao', 'iyer', 'khan', 'das', 'patel'][i % 5];
          const q =
            i % 2
              ? `customer${(i * 2011) % 100_000}`
              : `${surname} ${String(i * 997)
                  .padStart(6, '0')
                  .slice(0, 4)}`;
          return `/admin/users?limit=50&q=${encodeURIComponent(q)}`;
        }),
        // As the back office asks: with the brand and category counts of its filters (facets=1).
        products_admin: pages((i) => `/product?limit=50&facets=1&sort=price_asc&page=${1 + i * 11}`),
        products_filtered: pages(
          (i) =>
            `/product?limit=50&facets=1&status=${i % 2}&top=${(i >> 1) % 2}&minPrice=${1000 * (i % 5)}&maxPrice=${100_000 + 1000 * i}&sort=${['price_desc', 'newest', 'discount'][i % 3]}`,
        ),
        products_stock_state: pages(
          (i) =>
            `/product?limit=50&facets=1&${i % 2 ? 'outOfStock=1' : 'inStock=1'}&page=${1 + (i % 7)}${i % 3 ? '&status=1' : ''}`,
        ),
        products_low_stock: pages((i) => `/product?limit=50&facets=1&lowStock=1&page=${1 + (i % 20)}`),
        orders_date: pages((i) => `/order?limit=50&page=${1 + i * 49}`),
        orders_sorted: pages(
          (i) =>
            `/order?limit=50&sort=${['total', 'state', 'payment'][i % 3]}&dir=${i % 2 ? 'asc' : 'desc'}&page=${1 + i * 47}`,
        ),
        orders_to_ship: pages(
          (i) =>
            `/order?limit=50&state=placed,paid${i % 2 ? `&payment_mode=${(i >> 1) % 2}` : ''}&page=${1 + (i % 9)}`,
        ),
        orders_filtered: pages(
          (i) =>
            `/order?limit=50&state=${['delivered', 'shipped,delivered', 'cancelled,payment_failed'][i % 3]}&from=${month(i)}-01&to=2026-${month(i).slice(5)}-28&minTotal=${5000 * (i % 4)}&maxTotal=${60_000 + 5000 * i}&sort=${i % 2 ? 'total' : 'date'}&page=${1 + (i % 3)}`,
        ),
      };
      // The yardstick: a bare Hono JSON route (same stack, one worker) loaded the same way before and after the
      // lists; each list's p99 is also given as a ratio to the mean of the two, as the other parts do.
      const baseline = await startBaseline({ WEB_CONCURRENCY: '1' });
      const baselineP99 = [];
      const measureBaseline = async () => {
        const r = await measure(baseline.base, ['/'], { connections: LIST_CONNECTIONS, seconds, warmup: 1 });
        baselineP99.push(r.p99);
        console.log(`  ${'baseline'.padEnd(20)} ${fmt(r)}`);
      };
      await measureBaseline();
      const measured = [];
      for (const [name, paths] of Object.entries(lists)) {
        // A list that fails under load (answers past the request deadline) is reported, and the part goes on.
        const check = await fetch(api.base + paths[0], { headers });
        const body = await check.json();
        if (check.status !== 200 || !body.total) {
          warn(`  ${name}: GET ${paths[0]} answered ${check.status} (${body.msg ?? `${body.total} rows`})`);
          continue;
        }
        const r = await measure(api.base, paths, {
          connections: LIST_CONNECTIONS,
          seconds,
          warmup: 1,
          headers,
        }).catch((e) => {
          warn(`  ${name}: ${e.message}`);
          return null;
        });
        if (!r) continue;
        console.log(`  ${name.padEnd(20)} ${fmt(r)}`);
        measured.push([name, r]);
      }
      await measureBaseline();
      await baseline.stop();
      // autocannon reports whole milliseconds: a bare route's p99 under 1 ms reads 0, taken as 1 ms here.
      const baseP99 = Math.max(mean(baselineP99), hasWrk() ? 0.001 : 1);
      for (const [name, r] of measured) {
        record(
          `catalog.list.${name}.p99_ms`,
          r.p99,
          'ms',
          `${tool()}, ${LIST_CONNECTIONS} connections, ${LIST_SIZE} rows, admin token (target ≤ 200 ms)`,
        );
        record(`catalog.list.${name}.rps`, r.rps, 'req/s', tool());
        record(
          `catalog.list.${name}.p99_ratio`,
          r.p99 / baseP99,
          'ratio',
          `÷ the bare route's p99 (${baselineP99.map((x) => x.toFixed(2)).join(' and ')} ms, before and after)`,
        );
      }
    } finally {
      await api.stop();
    }
  }

  // --quick imports a tenth of the rows (the apply alone took 75 s of a first run at 100,000): rows per second are
  // the figures, the seconds of each step only without --quick.
  const rows = args.quick ? 10_000 : 100_000;
  const url = databaseUrl(db.serverUrl, `${args['db-prefix']}_import`);
  const file = resolve(ROOT, 'bench-results', 'catalog-import.csv');
  const prepared = await preparing(() =>
    helper('import-prepare', '--url', url, '--rows', String(rows), '--out', file),
  );
  const { token } = await preparing(() => helper('admin', '--url', url, '--secret', secrets.JWT_SECRET));
  const api = await startApi({
    url,
    uploads: resolve(ROOT, 'bench-results', 'uploads', 'import'),
    secrets,
    env: single,
  });
  try {
    step(
      `Catalogue import: ${rows.toLocaleString('en')} new rows (${(prepared.bytes / 1024 / 1024).toFixed(1)} MB), batches of 500…`,
    );
    const first = await timedImport(api.base, token, file);
    const total = first.previewSeconds + first.applySeconds;
    console.log(
      `  preview ${first.previewSeconds.toFixed(1)} s (${first.preview.create.toLocaleString('en')} to create), apply ${first.applySeconds.toFixed(1)} s in ${first.preview.batches} batches: ${Math.round(rows / total).toLocaleString('en')} rows/s overall`,
    );
    const again = await timedImport(api.base, token, file);
    const againTotal = again.previewSeconds + again.applySeconds;
    console.log(
      `  the same file again: ${again.preview.unchanged.toLocaleString('en')} unchanged, ${(again.preview.create + again.preview.update).toLocaleString('en')} to change; ${againTotal.toFixed(1)} s (${Math.round(rows / againTotal).toLocaleString('en')} rows/s)`,
    );
    record(
      'catalog.import.rows_per_s',
      rows / total,
      'rows/s',
      `${rows} new rows: preview and apply, batches of 500, one API process`,
    );
    if (!args.quick) {
      record(
        'catalog.import.preview_s',
        first.previewSeconds,
        's',
        'upload, read, check against the catalogue, keep',
      );
      record(
        'catalog.import.apply_s',
        first.applySeconds,
        's',
        `${first.preview.batches} batches, one transaction each`,
      );
    }
    record(
      'catalog.import.again_rows_per_s',
      rows / againTotal,
      'rows/s',
      `the same file again: ${again.preview.unchanged} rows unchanged, nothing written`,
    );
  } finally {
    await api.stop();
    await helper('drop', '--url', url);
    rmSync(file, { force: true });
  }
}
