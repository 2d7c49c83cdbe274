#!/usr/bin/env node
import { spawn } from 'node:child_process';
/**
 * `npm test`: every check, in order, stopping at the first failure:
 *   lockfile check (npm ci --dry-run) → Biome (lint + format) → boundaries (dependency-cruiser) → knip →
 *   type-check (tsc -b) → database → vitest unit + ui + api →
 *   a fresh clone's `npm start` (scripts/lib/fresh-start.mjs) → electron-vite build of the admin desktop app →
 *   Chromium → browser tests (vitest e2e) → `npm run test:scale` when it exists.
 * Ends with a summary and a last line `N passed, N failed` counting tests (a failed step that is not a
 * test run, such as the lint, counts as one failure).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureDatabase, probe, serverUrl } from './lib/database.mjs';
import { freshStart } from './lib/fresh-start.mjs';
import { bin, ensureInstalled } from './lib/install.mjs';
import { bold, dim, errorMessage, green, ROOT, red, UserError, yellow } from './lib/log.mjs';
import { killGroup, main, onCleanup, run, runCleanup } from './lib/processes.mjs';

const RESULTS = resolve(ROOT, 'test-results');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

/**
 * `npm test -- --skip biome,tsc` leaves steps out (reported as skipped), for a quicker local run.
 * Step keys: biome, boundaries, knip, tsc, vitest, fresh, electron, e2e, scale.
 */
const STEP_KEYS = ['biome', 'boundaries', 'knip', 'tsc', 'vitest', 'fresh', 'electron', 'e2e', 'scale'];
function parseSkips(argv) {
  const i = argv.indexOf('--skip');
  if (i < 0) return new Set();
  const keys = (argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = keys.filter((k) => !STEP_KEYS.includes(k));
  if (!keys.length || unknown.length)
    throw new UserError(`--skip takes a comma-separated list of: ${STEP_KEYS.join(', ')}`);
  return new Set(keys);
}
let skips = new Set();
const BOUNDARY_ROOTS = ['api', 'packages', 'storefront', 'admin-desktop', 'scripts', 'e2e'];

/** Runs one step, timing it and recording its outcome; `fn` may return {passed, failed, skipped, note}. */
async function check(name, key, fn) {
  if (typeof key === 'function') [key, fn] = [null, key];
  if (key && skips.has(key)) {
    steps.push({ name, status: 'skipped', secs: 0, note: '--skip' });
    return;
  }
  const started = Date.now();
  console.log(`\n${bold(`▶ ${name}`)}`);
  try {
    const r = (await fn()) ?? {};
    const counted = r.passed !== undefined;
    if (counted) {
      totals.passed += r.passed;
      totals.failed += r.failed ?? 0;
      totals.skipped += r.skipped ?? 0;
    }
    const ok = !r.failed;
    steps.push({
      name,
      status: r.skippedStep ? 'skipped' : ok ? 'ok' : 'failed',
      secs: secs(started),
      note: r.note ?? countNote(r),
    });
    if (!ok) throw new UserError(`${name}: ${r.failed} failed`);
  } catch (e) {
    if (steps.at(-1)?.name !== name) {
      totals.failed += 1;
      steps.push({ name, status: 'failed', secs: secs(started), note: firstLine(errorMessage(e)) });
    }
    throw Object.assign(e, { silent: true });
  }
}

const secs = (t0) => (Date.now() - t0) / 1000;
const firstLine = (s) => String(s).split('\n')[0].slice(0, 100);
function countNote(r) {
  if (r.passed === undefined) return '';
  return `${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''}`;
}

function printSummary() {
  console.log(`\n${bold('Summary')}`);
  for (const s of steps) {
    const mark = s.status === 'ok' ? green('✓') : s.status === 'skipped' ? yellow('-') : red('✗');
    console.log(`  ${mark} ${s.name.padEnd(38)} ${dim(`${s.secs.toFixed(1).padStart(6)} s`)}  ${s.note}`);
  }
  const total = steps.reduce((a, s) => a + s.secs, 0);
  console.log(
    dim(`  total ${(total / 60).toFixed(1)} min${totals.skipped ? `, ${totals.skipped} tests skipped` : ''}`),
  );
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
}

/**
 * Runs vitest with a JSON report next to the usual output and returns the test counts from the report.
 * A run that fails without failing tests (a crash, an error outside tests) counts as one failure.
 */
async function vitest(name, projects, env) {
  const report = resolve(RESULTS, `vitest-${name}.json`);
  await rm(report, { force: true });
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests'];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  let failedRun = null;
  try {
    await run(bin('vitest'), args, { env, label: `vitest (${projects.join(', ')})` });
  } catch (e) {
    failedRun = e;
  }
  let counts = null;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    // A file that fails outside its tests (an import error, a failing beforeAll) counts as one failure.
    const brokenFiles = (r.testResults ?? []).filter(
      (f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed'),
    ).length;
    counts = {
      passed: r.numPassedTests,
      failed: r.numFailedTests + brokenFiles,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
  }
  if (!failedRun && counts) return counts;
  if (counts?.failed) return counts;
  return {
    ...(counts ?? { passed: 0, skipped: 0 }),
    failed: 1,
    note: firstLine(errorMessage(failedRun ?? 'no report')),
  };
}

/** The root tsconfig's references whose folder has a tsconfig (a workspace not started yet is skipped). */
function typecheckTargets() {
  const root = JSON.parse(readFileSync(resolve(ROOT, 'tsconfig.json'), 'utf8'));
  const refs = (root.references ?? []).map((r) => r.path);
  const present = refs.filter((p) => existsSync(resolve(ROOT, p, 'tsconfig.json')));
  return { present, missing: refs.filter((p) => !present.includes(p)) };
}

/** Runs an npm script, showing its output, and reads its own `N passed, N failed` line when it prints one. */
function npmScriptWithCounts(script, env) {
  return new Promise((resolveRun) => {
    const child = spawn('npm', ['run', script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const unregister = onCleanup(() => killGroup(child.pid));
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      unregister();
      const m = [...out.matchAll(/^(\d+) passed, (\d+) failed\s*$/gm)].at(-1);
      const counts = m
        ? { passed: Number(m[1]), failed: Number(m[2]) }
        : { passed: code === 0 ? 1 : 0, failed: 0 };
      if (code !== 0 && !counts.failed) counts.failed = 1;
      resolveRun(counts);
    });
  });
}

await main(async () => {
  skips = parseSkips(process.argv.slice(2));
  try {
    await check('dependencies', async () => {
      const installed = await ensureInstalled();
      return { note: installed ? 'installed' : 'up to date' };
    });
    await mkdir(RESULTS, { recursive: true });

    // CI and the Dockerfiles install with npm ci, which refuses a lockfile out of step with a package.json.
    await check('lockfile in step (npm ci --dry-run)', async () => {
      await run(npm, ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
        quiet: true,
        label: 'npm ci --dry-run (package-lock.json out of step with a package.json: run npm install)',
      });
    });

    await check('biome check (lint + format)', 'biome', async () => {
      await run(bin('biome'), ['check', '.'], { label: 'biome check' });
    });

    // Cross-feature imports, cycles, tools reaching into app internals, app code loading tests (the rules and
    // their reasons: .dependency-cruiser.cjs).
    await check('boundaries (dependency-cruiser)', 'boundaries', async () => {
      await run(
        bin('depcruise'),
        [...BOUNDARY_ROOTS, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
        {
          label: 'depcruise',
        },
      );
    });

    // Files nothing loads, dependencies nothing uses and packages used without being listed (knip.json).
    await check('dead files and dependencies (knip)', 'knip', async () => {
      await run(bin('knip'), ['--no-progress'], { label: 'knip' });
    });

    await check('type-check (tsc -b)', 'tsc', async () => {
      const { present, missing } = typecheckTargets();
      if (missing.length) console.log(yellow(`No tsconfig yet in ${missing.join(', ')}: not type-checked.`));
      await run(bin('tsc'), ['-b', ...present], { label: 'tsc -b' });
      return { note: missing.length ? `skipped ${missing.join(', ')} (no tsconfig)` : '' };
    });

    let testServer = process.env.TEST_DATABASE_URL;
    await check('database', async () => {
      if (testServer) {
        const r = await probe(testServer);
        if (!r.ok) throw new UserError(`TEST_DATABASE_URL (${testServer}) does not answer: ${r.error}`);
        return { note: 'TEST_DATABASE_URL' };
      }
      const db = await ensureDatabase({ url: process.env.DATABASE_URL });
      testServer = db.serverUrl;
      return { note: `${db.kind} server ${db.serverUrl}` };
    });
    const env = { TEST_DATABASE_URL: testServer };

    await check('unit, ui and api tests (vitest)', 'vitest', () =>
      vitest('main', ['unit', 'ui', 'api'], env),
    );

    // What a new user does first: clone, npm start. Nothing installed, built or configured beforehand.
    await check('fresh clone: npm start', 'fresh', async () => {
      const r = await freshStart({ serverUrl: serverUrl(testServer) });
      return { passed: 1, note: `${r.commit} running after ${r.seconds} s` };
    });

    await check('admin desktop build (electron-vite)', 'electron', async () => {
      const config = ['ts', 'mts', 'js', 'mjs'].find((ext) =>
        existsSync(resolve(ROOT, `admin-desktop/electron.vite.config.${ext}`)),
      );
      if (!config) return { skippedStep: true, note: 'no electron.vite.config yet' };
      await run(bin('electron-vite'), ['build'], {
        cwd: resolve(ROOT, 'admin-desktop'),
        env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
        quiet: true,
        label: 'electron-vite build',
      });
    });

    let chromium;
    await check('chromium', async () => {
      chromium = await ensureChromium();
      return { note: chromium };
    });

    await check('browser tests (vitest e2e)', 'e2e', () =>
      vitest('e2e', ['e2e'], { ...env, CHROMIUM_PATH: chromium }),
    );

    const rootPkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
    if (rootPkg.scripts?.['test:scale']) {
      await check('scale tests (npm run test:scale)', 'scale', () => npmScriptWithCounts('test:scale', env));
    } else steps.push({ name: 'scale tests', status: 'skipped', secs: 0, note: 'no test:scale script yet' });
  } finally {
    // Stop what the run started (e.g. a private MariaDB) first, so that the counts stay the last line.
    await runCleanup();
    printSummary();
  }
  return totals.failed ? 1 : 0;
});
