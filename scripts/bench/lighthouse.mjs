/**
 * Lighthouse on the storefront (run by scripts/bench/storefront.mjs):
 *   node scripts/bench/lighthouse.mjs --site BASE --runs 3 /path ...
 * Lighthouse 12.2.3 (13 needs Node 22) with Debian's Chromium through chrome-launcher: the mobile preset and its
 * default simulated throttling, each page `runs` times; per page the median of each category score and of LCP.
 * Prints one JSON line: [{path, performance, accessibility, bestPractices, seo, lcpMs}].
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium } from '../lib/chromium.mjs';

const { values, positionals } = parseArgs({
  options: { site: { type: 'string' }, runs: { type: 'string', default: '3' } },
  allowPositionals: true,
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
};

const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: CHROMIUM_FLAGS });
try {
  const pages = [];
  for (const path of positionals) {
    const runs = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const result = await lighthouse(`${values.site}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.values(CATEGORIES),
      });
      const lhr = result.lhr;
      runs.push({
        ...Object.fromEntries(
          Object.entries(CATEGORIES).map(([name, id]) => [
            name,
            Math.round((lhr.categories[id]?.score ?? 0) * 100),
          ]),
        ),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? -1,
        failed: Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0).map((a) => lhr.audits[a.id]))
          .filter((a) => a && a.score !== null && a.score < 1)
          .map((a) => a.id),
      });
    }
    pages.push({
      path,
      ...Object.fromEntries(Object.keys(CATEGORIES).map((name) => [name, median(runs.map((r) => r[name]))])),
      lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
      runs: runs.map((r) => r.performance),
      failed: [...new Set(runs.flatMap((r) => r.failed))],
    });
  }
  console.log(JSON.stringify(pages));
} finally {
  await chrome.kill();
}
