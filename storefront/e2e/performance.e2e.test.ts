// Measures the /store route of the production build as a first-time visitor: the JavaScript it loads
// (gzip size of each file, as the static server sends it) and its Largest Contentful Paint in headless
// Chromium with 4× CPU throttling. The figures are printed and written to test-results/.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { openPage, shopUrl } from './support';

const DIST = resolve(import.meta.dirname, '..', 'dist');
const RESULTS = resolve(import.meta.dirname, '..', '..', 'test-results', 'storefront-performance.json');

/**
 * JavaScript: the goal of the performance brief (≤ 120 KB gzip on a first visit of /store). It holds
 * because a guest's catalogue pages load neither axios (public reads go over fetch, see
 * src/lib/public-api.ts) nor a schema library (src/config/env.ts); React DOM and the data router are
 * most of what is left.
 */
const JS_BUDGET_KB = 120;
/**
 * The brief's goal is ≤ 1.5 s (what `npm run bench` reports); a test on a shared two-core machine under
 * load sees far more noise than a bench run, so this is a regression guard with margin.
 */
const LCP_BUDGET_MS = 3000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/store performance (production build)', () => {
  it('loads little JavaScript and paints its largest content quickly with 4× CPU throttling', async () => {
    // Three cold visits (fresh context, empty cache); the machine is shared, so the median is reported.
    const runs: { ms: number; element: string }[] = [];
    const scripts = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await openPage(browser);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (r.resourceType() === 'script' && url.origin === new URL(shopUrl()).origin)
          scripts.add(url.pathname);
      });
      await page.goto(shopUrl('/store'), { waitUntil: 'networkidle' });
      await page.locator('.store .product-card').first().waitFor();
      runs.push(
        await page.evaluate(
          () =>
            new Promise<{ ms: number; element: string }>((done) => {
              new PerformanceObserver((list) => {
                const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
                done({ ms: Math.round(last.startTime), element: last.element?.tagName.toLowerCase() ?? '?' });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        ),
      );
      await page.close();
    }
    const lcp = [...runs].sort((a, b) => a.ms - b.ms)[1]!;

    let gzipBytes = 0;
    const files: Record<string, number> = {};
    for (const path of [...scripts].filter((p) => p.endsWith('.js'))) {
      const size = gzipSync(await readFile(resolve(DIST, `.${path}`)), { level: 9 }).length;
      files[path] = size;
      gzipBytes += size;
    }
    const jsKb = Math.round((gzipBytes / 1024) * 10) / 10;
    const report = {
      route: '/store',
      jsGzipKb: jsKb,
      files,
      lcpMs: lcp.ms,
      lcpElement: lcp.element,
      lcpRunsMs: runs.map((r) => r.ms),
      cpuThrottling: 4,
    };
    await writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    console.info(
      `/store: ${jsKb} KB of JavaScript (gzip), LCP ${lcp.ms} ms (${lcp.element}; runs ${report.lcpRunsMs.join(', ')} ms) with 4× CPU throttling`,
    );

    expect(Object.keys(files).length).toBeGreaterThan(1);
    expect(jsKb).toBeLessThanOrEqual(JS_BUDGET_KB);
    expect(lcp.ms).toBeLessThanOrEqual(LCP_BUDGET_MS);
  });
});
