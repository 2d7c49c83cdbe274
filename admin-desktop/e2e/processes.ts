/**
 * Extra servers for the admin browser tests that need an API configured unlike the run's own (e2e/global-setup.ts):
 * a second API process on the run's database (other CORS origins, pictures in a bucket), an S3-compatible
 * bucket (s3rver) and `npm run admin:web` itself. Each runs in its own process group and is stopped with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from '../../scripts/lib/log.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { env } from './support';

/** Variables of the developer's shell that must not reach these processes (as in e2e/global-setup.ts). */
const BLOCKLIST =
  /^(DATABASE_|RAZORPAY_|S3_|STORAGE_DRIVER|CORS_ORIGINS|JWT_SECRET|UPLOAD_DIR|PORT|HOST|API_URL|ADMIN_WEB_PORT|NODE_ENV)/;

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!BLOCKLIST.test(k)) out[k] = v;
  return { ...out, ...extra };
}

/** A child with its output kept (for assertions and for failure messages). */
export interface Proc {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

function start(cmd: string, args: string[], extraEnv: Record<string, string>): Proc {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: cleanEnv(extraEnv),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    output: () => out,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
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
    },
  };
}

/** Resolves once `ready()` is true; fails early when the process ends first (with its output). */
async function waitFor(proc: Proc, what: string, ready: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${what} ended (exit ${proc.child.exitCode}) before it was ready:\n${proc.output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/**
 * A second API process on the run's database (so the e2e admin can log in), with the given CORS origins and
 * any other settings (e.g. STORAGE_DRIVER=s3). Resolves with its address once /ready answers.
 */
export async function startApi(opts: { corsOrigins: string[]; env?: Record<string, string> }) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'vc-e2e-api-'));
  const proc = start(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'api/src/server.ts')], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: env.databaseUrl,
    DATA_DIR: dataDir,
    UPLOAD_DIR: join(dataDir, 'uploads'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    CORS_ORIGINS: opts.corsOrigins.join(','),
    CATALOG_CACHE_SECONDS: '0',
    ...opts.env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(proc, 'The second API', async () => (await fetch(`${url}/ready`)).ok);
  return {
    url,
    proc,
    stop: async () => {
      await proc.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run admin:web` (node scripts/admin-web.mjs) against `apiUrl` on `port`. Resolves once it serves, or
 * once it has ended (a refusal): check `proc.child.exitCode` and `proc.output()`.
 */
export async function runAdminWeb(opts: { apiUrl: string; port: number }): Promise<Proc> {
  const proc = start(process.execPath, [resolve(ROOT, 'scripts/admin-web.mjs')], {
    API_URL: opts.apiUrl,
    ADMIN_WEB_PORT: String(opts.port),
    NO_COLOR: '1',
  });
  const ended = proc.exited.then(() => true);
  await Promise.race([
    ended,
    waitFor(proc, 'npm run admin:web', async () => proc.output().includes('Voltcart back office at')).catch(
      (e) => {
        // Ended before serving: the caller looks at the exit code and output.
        if (proc.child.exitCode === null) throw e;
      },
    ),
  ]);
  return proc;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** An S3-compatible bucket on loopback (s3rver; anonymous reads, like a public-read bucket). */
export async function startBucket(name = 'voltcart-e2e') {
  const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;
  const dir = await mkdtemp(join(tmpdir(), 'vc-e2e-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** What the API needs to keep pictures there and redirect image requests to it. */
    apiEnv: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: name,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: `${endpoint}/${name}`,
    },
    stop: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
