/**
 * Global set-up of the `e2e` vitest project: everything the browser tests talk to, fresh for each run.
 * - a new database vc_e2e_<random> on the test server (TEST_DATABASE_URL, else found like `npm start`),
 *   migrated, with the deterministic e2e catalogue and the e2e admin (api/src/cli.ts `setup`)
 * - the real API process (tsx api/src/server.ts) on a free port, waited for on /ready
 * - the storefront and the admin web renderer, built when their sources changed and served by
 *   storefront/server/serve.ts on free ports (a UI without a build yet is skipped with a warning; E2E_UIS
 *   narrows the run to one UI)
 * Tests read the addresses with e2eEnv() from e2e/context.ts. Teardown stops everything and drops the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt, UI_BUILDS } from '../scripts/lib/build.mjs';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  stopPrivateMariaDb,
} from '../scripts/lib/database.mjs';
import { ROOT } from '../scripts/lib/log.mjs';
import { freePort } from '../scripts/lib/ports.mjs';
import { serveStorefront } from '../storefront/server/serve';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_PRODUCTS } from './constants';
import './context';

const TSX = resolve(ROOT, 'node_modules', '.bin', 'tsx');

/** Variables of the developer's shell that must not leak into the test API (real payment keys, storage). */
const INHERITED_BLOCKLIST =
  /^(DATABASE_|RAZORPAY_|S3_|STORAGE_DRIVER|CORS_ORIGINS|JWT_SECRET|UPLOAD_DIR|PORT|HOST)/;

function testEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!INHERITED_BLOCKLIST.test(k)) env[k] = v;
  return { ...env, ...extra };
}

/** Runs a command to completion; its output is shown only when it fails. */
function runQuiet(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`${args.slice(1).join(' ')} failed (exit ${code}):\n${out}`)),
    );
  });
}

function prefixLines(stream: NodeJS.ReadableStream, prefix: string) {
  let rest = '';
  stream.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) process.stderr.write(`${prefix}${line}\n`);
  });
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The e2e API exited before it was ready (code ${child.exitCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The e2e API was not ready after ${timeoutMs / 1000} s (${last})`);
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Which UIs to build and serve: E2E_UIS=storefront, =admin or =none narrows a targeted run (e.g. while the
 * other UI is being changed); by default both.
 */
function wantedUis(): Set<string> {
  const raw = process.env.E2E_UIS?.trim();
  if (!raw) return new Set(['storefront', 'admin']);
  const wanted = new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== 'none'),
  );
  for (const ui of wanted)
    if (ui !== 'storefront' && ui !== 'admin')
      throw new Error(`E2E_UIS: unknown UI "${ui}" (storefront, admin or none)`);
  return wanted;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const teardown = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (e) {
        console.error(`e2e teardown: ${(e as Error).message}`);
      }
    }
  };
  try {
    let server = process.env.TEST_DATABASE_URL;
    if (!server) {
      const found = await ensureDatabase({ keepRunning: true, quiet: true });
      server = found.serverUrl;
      if (found.started) cleanups.push(() => stopPrivateMariaDb({ quiet: true }));
    }
    const name = `vc_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const dbUrl = databaseUrl(server, name);
    await createDatabase(server, name);
    cleanups.push(() => dropDatabase(server, name));

    const dataDir = await mkdtemp(join(tmpdir(), 'vc-e2e-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const [apiPort, storefrontPort, adminPort] = [await freePort(), await freePort(), await freePort()];
    const origins = [storefrontPort, adminPort].flatMap((p) => [
      `http://localhost:${p}`,
      `http://127.0.0.1:${p}`,
    ]);
    const env = testEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      UPLOAD_DIR: join(dataDir, 'uploads'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      CORS_ORIGINS: origins.join(','),
      // Changes made in one UI must show at once in the other.
      CATALOG_CACHE_SECONDS: '0',
      // Couriers are booked through the simulator, as payments go through the payment simulator.
      COURIER_PROVIDER: 'simulator',
      VOLTCART_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    });

    const uis = wantedUis();
    // The database and the two builds are independent: prepare them side by side.
    // Every task settles before a failure is reported, so that teardown never races a running one.
    const settled = await Promise.allSettled([
      runQuiet(
        TSX,
        [
          resolve(ROOT, 'api/src/cli.ts'),
          'setup',
          '--products',
          String(E2E_PRODUCTS),
          // One picture per colour keeps the set-up fast; the catalogue stays deterministic.
          '--pictures',
          '1',
          '--admin-email',
          E2E_ADMIN_EMAIL,
          '--admin-name',
          'E2E Admin',
        ],
        env,
      ),
      uis.has('storefront') ? ensureBuilt(UI_BUILDS.storefront) : null,
      uis.has('admin') ? ensureBuilt(UI_BUILDS.adminWeb) : null,
    ]);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [, storefrontDir, adminDir] = settled.map((r) => (r.status === 'fulfilled' ? r.value : null));

    const api = spawn(TSX, [resolve(ROOT, 'api/src/server.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the server in a child process, and both must stop.
      detached: true,
    });
    prefixLines(api.stdout!, '[e2e api] ');
    prefixLines(api.stderr!, '[e2e api] ');
    cleanups.push(() => stopGroup(api));
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForReady(`${apiUrl}/ready`, api);

    let storefrontUrl: string | null = null;
    if (storefrontDir) {
      // Like the API's catalogue cache (CATALOG_CACHE_SECONDS=0): a change shows on the next page at once.
      const s = await serveStorefront({
        root: storefrontDir,
        port: storefrontPort,
        apiPort,
        razorpay: true,
        pageCacheSeconds: 0,
      });
      cleanups.push(s.close);
      storefrontUrl = `http://127.0.0.1:${s.port}`;
    }
    let adminUrl: string | null = null;
    if (adminDir) {
      const s = await serveStorefront({ root: adminDir, port: adminPort, apiPort });
      cleanups.push(s.close);
      adminUrl = `http://127.0.0.1:${s.port}`;
    }

    project.provide('apiUrl', apiUrl);
    project.provide('storefrontUrl', storefrontUrl);
    project.provide('adminUrl', adminUrl);
    project.provide('adminEmail', E2E_ADMIN_EMAIL);
    project.provide('adminPassword', E2E_ADMIN_PASSWORD);
    project.provide('databaseUrl', dbUrl);
    return teardown;
  } catch (e) {
    await teardown();
    throw e;
  }
}
