// Measures the /store route of the production build as a first-time visitor: its first-load JavaScript
// (what its first render needs) and all the JavaScript the visit loads (gzip size of each file, as the static
// server sends it). The figures are printed and written to test-results/. Its speed (Largest Contentful Paint
// with the CPU slowed down) is the bench's to measure (scripts/bench/storefront.ts), never a test's.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { firstLoadScripts } from '../../scripts/lib/first-load.mjs';
import { openPage, shopUrl } from './support';

const DIST = resolve(import.meta.dirname, '..', 'dist');
const RESULTS = resolve(import.meta.dirname, '..', '..', 'test-results', 'storefront-performance.json');

/**
 * First-load JavaScript: the goal of the performance brief (≤ 120 KB gzip for /store). It is what the
 * page's first render needs: the entry and the /store page's chunk with everything they import (what the
 * browser must load before React renders the page). It holds because what the first render does not need
 * is loaded when first used: axios with the first API call (src/lib/api.ts), the other pages with their
 * routes; and no schema library is loaded at all (src/config/env.ts). React DOM is most of what is left.
 */
const JS_BUDGET_KB = 120;
/**
 * All the JavaScript a visit of /store loads before the network goes quiet (first-load JS plus axios, which
 * the page's first requests fetch beside its code): a guard against lazily loaded code growing unnoticed.
 */
const VISIT_JS_LIMIT_KB = 130;
const gzipSize = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/store performance (production build)', () => {
  it('needs little JavaScript for its first render and its visit', async () => {
    const scripts = new Set<string>();
    const page = await openPage(browser);
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'script' && url.origin === new URL(shopUrl()).origin)
        scripts.add(url.pathname);
    });
    await page.goto(shopUrl('/store'), { waitUntil: 'networkidle' });
    await page.locator('.store .product-card').first().waitFor();
    await page.close();

    const files: Record<string, number> = {};
    for (const path of [...scripts].filter((p) => p.endsWith('.js')))
      files[path] = await gzipSize(resolve(DIST, `.${path}`));
    const visitKb = kb(Object.values(files).reduce((a, b) => a + b, 0));
    const firstLoad = await firstLoadScripts(DIST, 'store');
    let firstLoadBytes = 0;
    for (const path of firstLoad)
      firstLoadBytes += files[path] ?? (await gzipSize(resolve(DIST, `.${path}`)));
    const jsKb = kb(firstLoadBytes);
    const report = { route: '/store', jsGzipKb: jsKb, firstLoad, visitJsGzipKb: visitKb, files };
    await writeFile(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    console.info(`/store: ${jsKb} KB of first-load JavaScript (gzip), ${visitKb} KB loaded by the visit`);

    expect(Object.keys(files).length).toBeGreaterThan(1);
    expect(jsKb).toBeLessThanOrEqual(JS_BUDGET_KB);
    expect(firstLoad.every((path) => scripts.has(path))).toBe(true);
    expect(visitKb).toBeLessThanOrEqual(VISIT_JS_LIMIT_KB);
  });
});
