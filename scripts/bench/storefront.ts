/**
 * The storefront benchmark (run by scripts/bench/storefront.mjs with tsx):
 *   tsx scripts/bench/storefront.ts --dist storefront/dist --port P --api BASE [--runs 3]
 * Serves the production build with the project's static server on port P (the API must allow its origin),
 * then in headless Chromium (Debian's, as in the browser tests):
 * - first-load JavaScript of /store: the scripts its first render needs (scripts/lib/first-load.mjs), and
 *   every script the page loads on a cold visit until the network is idle, gzip-compressed from the build
 *   (zlib's default level, what servers send)
 * - LCP of /store with the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate), cold cache each time;
 *   the median of the runs
 * Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/browser';
import { serveStorefront } from '../../storefront/server/serve';
import { firstLoadScripts } from '../lib/first-load.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    port: { type: 'string' },
    api: { type: 'string' },
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/store' },
  },
});
const dist = resolve(values.dist!);
const site = await serveStorefront({
  root: dist,
  port: Number(values.port),
  host: '127.0.0.1',
  apiUrl: values.api,
});
const target = `http://127.0.0.1:${site.port}${values.path}`;
let browser: Browser | undefined;

interface Visit {
  scripts: string[];
  lcp: number;
  lcpElement: string;
  errors: string[];
}

async function visit(throttle: number): Promise<Visit> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-IN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && r.url().startsWith(`http://127.0.0.1:${site.port}/`))
      scripts.push(new URL(r.url()).pathname);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(target, { waitUntil: 'networkidle', timeout: 60_000 });
  // LCP entries stop once the page is idle; the last one is the page's LCP.
  const lcp = await page.evaluate(
    () =>
      new Promise<{ t: number; el: string }>((done) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          const el = last?.element;
          done({
            t: last?.startTime ?? -1,
            el: el
              ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`
              : '',
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => done({ t: -1, el: '' }), 5000);
      }),
  );
  await context.close();
  return { scripts, lcp: lcp.t, lcpElement: lcp.el, errors };
}

try {
  browser = await launchBrowser();
  // One unthrottled visit first: it lists the scripts and warms the API's catalogue cache, as a live shop's is.
  const first = await visit(1);
  if (first.errors.length) throw new Error(`The storefront failed to load: ${first.errors.join(' | ')}`);
  const files = [...new Set(first.scripts)];
  const sizes = files.map((p) => {
    const file = p === '/config.js' ? resolve(dist, 'config.js') : resolve(dist, `.${p}`);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      // /config.js is answered by the server itself (runtime configuration, a few hundred bytes).
      bytes = Buffer.alloc(0);
    }
    return { path: p, bytes: bytes.byteLength, gzip: bytes.byteLength ? gzipSync(bytes).byteLength : 0 };
  });
  const firstLoad = new Set(await firstLoadScripts(dist, (values.path ?? '/store').split('/')[1] || 'home'));
  const runs: Visit[] = [];
  for (let i = 0; i < Number(values.runs); i++) runs.push(await visit(4));
  const lcps = runs.map((r) => r.lcp).sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      jsGzipKb: sizes.filter((f) => firstLoad.has(f.path)).reduce((s, f) => s + f.gzip, 0) / 1024,
      visitJsGzipKb: sizes.reduce((s, f) => s + f.gzip, 0) / 1024,
      jsKb: sizes.reduce((s, f) => s + f.bytes, 0) / 1024,
      files: sizes,
      lcpMs: lcps[Math.floor(lcps.length / 2)],
      lcpRuns: runs.map((r) => Math.round(r.lcp)),
      lcpElement: runs.at(-1)?.lcpElement,
    }),
  );
} finally {
  await browser?.close();
  await site.close();
}
