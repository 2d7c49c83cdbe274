import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bold, dim, ROOT, step } from '../lib/log.mjs';

/**
 * The figures of the previous release, kept in the repository (scripts/bench/release-figures.json) so that every
 * `npm run bench` shows a regression as a number: each figure divided by its value at the release ("vs release").
 * `--save-release` writes the run's figures there (those of parts not run are kept from the file).
 */
const RELEASE_FILE = resolve(ROOT, 'scripts/bench/release-figures.json');

/** Worse by more than this share, in the figure's bad direction, and the "vs release" cell is marked. */
const TOLERANCE = 0.1;

/** The kept file, or an empty one when there is none yet. */
export function readRelease() {
  if (!existsSync(RELEASE_FILE)) return { release: null, figures: {} };
  return JSON.parse(readFileSync(RELEASE_FILE, 'utf8'));
}

/**
 * Whether a smaller value is the better one:
 * - times (ms, s), memory and sizes (MB, kB, bytes) and units oversold: lower is better
 * - a ratio of latencies (`…p50_ratio`, `…p99_ratio`: this ÷ a bare route or ÷ the same page without the
 *   feature) is a time too: lower is better
 * - rates (req/s, orders/s, rows/s, photos/s), scores and ratios of rates: higher is better
 */
function lowerIsBetter({ name, unit }) {
  if (['ms', 's', 'MB', 'kB', 'bytes', 'units'].includes(unit)) return true;
  return unit === 'ratio' && /p\d\d_ratio$/.test(name);
}

/**
 * A figure against its release value: {text, worse}. The text is value ÷ release value ("1.04"), "—" when the
 * release has no such figure, "=" when both are 0 (oversold units); worse when it moved more than 10 % in its
 * bad direction.
 */
export function vsRelease(result, figures) {
  const then = figures[result.name];
  if (typeof then !== 'number') return { text: '—', worse: false };
  if (then === 0)
    return result.value === 0 ? { text: '=', worse: false } : { text: 'was 0', worse: lowerIsBetter(result) };
  const x = result.value / then;
  const lower = lowerIsBetter(result);
  const worse = lower ? x > 1 + TOLERANCE : x < 1 - TOLERANCE;
  // ▲ a time (or a latency ratio) rose, ▼ a rate or score fell.
  return { text: `${x.toFixed(2)}${worse ? (lower ? ' ▲' : ' ▼') : ''}`, worse };
}

/** The release's name: the newest heading of CHANGELOG.md (what the shop got last), else today's date. */
function releaseName() {
  const changelog = resolve(ROOT, 'CHANGELOG.md');
  const heading = existsSync(changelog) && /^## (.+)$/m.exec(readFileSync(changelog, 'utf8'));
  return heading ? heading[1].trim() : new Date().toISOString().slice(0, 10);
}

/**
 * Writes the run's figures as the release's. Figures of parts this run left out stay as they were, so a release
 * can be measured part by part; `runs` says which command measured which parts.
 */
export function saveRelease(results, { command, parts, loadAverage, machine }) {
  const kept = readRelease();
  const name = releaseName();
  const sameRelease = kept.release === name;
  const figures = { ...(sameRelease ? kept.figures : {}) };
  for (const r of results) figures[r.name] = r.value;
  const run = { date: new Date().toISOString().slice(0, 16).replace('T', ' '), command, parts, loadAverage };
  const file = {
    release: name,
    machine,
    runs: [...(sameRelease ? (kept.runs ?? []) : []), run],
    figures: Object.fromEntries(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b))),
  };
  writeFileSync(RELEASE_FILE, `${JSON.stringify(file, null, 2)}\n`);
  step(`${results.length} figures saved as the release "${name}" (${RELEASE_FILE.slice(ROOT.length + 1)}).`);
}

/**
 * The headline figures side by side: the value, the same-run ratio to its yardstick (a bare route, the page
 * without the feature) where the figure has one, and both against the release.
 */
const HEADLINES = [
  ['list page (cached, 100k products)', 'api.list.rps', 'api.list.ratio'],
  ['list page p99', 'api.list.p99_ms', null],
  ['product detail', 'api.detail.rps', 'api.detail.ratio'],
  ['product detail p99', 'api.detail.p99_ms', null],
  ['search', 'api.search.rps', 'api.search.ratio'],
  ['checkout (outbox on ÷ off)', 'orders.per_s', 'orders.outbox_ratio'],
  ['checkout p99', 'orders.p99_ms', null],
  ['checkout with promotions (÷ without)', 'promotions.orders_per_s', 'promotions.orders_per_s_ratio'],
  ['checkout with 30 delivery zones (÷ one)', 'delivery.checkout_per_s', 'delivery.checkout_ratio'],
  ['product page, 1,000 reviews (p99 ÷ none)', 'reviews.cached.1000_reviews.p99', 'reviews.cached.p99_ratio'],
  ['30-day report p99 (÷ bare route)', 'reports.30d.p99_ms', 'reports.30d.p99_ratio'],
  ['365-day report p99 (÷ bare route)', 'reports.365d.p99_ms', 'reports.365d.p99_ratio'],
  ['storefront /store (÷ static file)', 'storefront.store_page_rps', 'storefront.store_page_ratio'],
];

export function printSideBySide(results, release, formatValue) {
  const byName = new Map(results.map((r) => [r.name, r]));
  const rows = [];
  for (const [label, valueName, ratioName] of HEADLINES) {
    const v = byName.get(valueName);
    if (!v) continue;
    const ratio = ratioName ? byName.get(ratioName) : null;
    rows.push([
      label,
      `${formatValue(v.value, v.unit)} ${v.unit}`,
      vsRelease(v, release.figures).text,
      ratio ? formatValue(ratio.value, ratio.unit) : '',
      ratio ? vsRelease(ratio, release.figures).text : '',
    ]);
  }
  if (!rows.length) return;
  const head = ['headline', 'value', 'vs release', 'ratio', 'vs release'];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r, f = (s) => s) =>
    r.map((c, i) => f(i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  console.log(`\n${line(head, bold)}`);
  for (const r of rows) console.log(line(r));
  console.log(
    dim(
      release.release
        ? `vs release: ÷ the figure at "${release.release}" (${RELEASE_FILE.slice(ROOT.length + 1)}); ▼/▲ worse by more than 10 % (▼ a rate or ratio fell, ▲ a time rose)`
        : `no release figures yet (${RELEASE_FILE.slice(ROOT.length + 1)}): npm run bench -- --save-release writes them`,
    ),
  );
}
