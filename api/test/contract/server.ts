import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freePort } from '../support';

/**
 * Contract tests talk to the real API process the way an outside client does: plain fetch() over HTTP, no
 * imports from the API's source. Each test file starts its own server on a free port with its own database,
 * and drops both at the end.
 */

const REPO = resolve(import.meta.dirname, '../../..');
const TSX = join(REPO, 'node_modules/.bin/tsx');

/** The payment simulator's signing secret when RAZORPAY_KEY_SECRET is unset (a development default). */
export const SIMULATOR_SECRET = 'voltcart-simulator-secret';

export const ADMIN = { email: 'contract-admin@voltcart.test', password: 'Admin-pass-123!' };

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((ok) => {
    const child = spawn(TSX, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => ok({ code, out }));
  });
}

/** Runs the server with a configuration that must be refused: its exit code and output (it must not listen). */
export async function startRefused(
  overrides: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: 'mysql://root@127.0.0.1:3306/vc_contract_never_created',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...overrides,
  };
  for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete env[k];
  return run(['api/src/server.ts'], env);
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: contract tests read whatever the server sent
  body: any;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  raw?: { body: string | Uint8Array; type: string };
}

export class ApiServer {
  private child: ChildProcess | null = null;
  private log = '';
  readonly base: string;

  private constructor(
    readonly port: number,
    readonly dbName: string,
    readonly uploadDir: string,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  static async start(): Promise<ApiServer> {
    const port = await freePort();
    const dbName = `vc_contract_${randomBytes(6).toString('hex')}`;
    const dir = await mkdtemp(join(tmpdir(), 'vc-contract-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `mysql://root@127.0.0.1:3306/${dbName}`,
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: join(dir, 'uploads'),
      DATA_DIR: join(dir, 'data'),
    };
    for (const k of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'WEB_CONCURRENCY', 'CATALOG_CACHE_SECONDS'])
      delete env[k];
    const server = new ApiServer(port, dbName, dir, env);
    const child = spawn(TSX, ['api/src/server.ts'], {
      cwd: REPO,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      server.log += d;
    });
    child.stderr?.on('data', (d) => {
      server.log += d;
    });
    server.child = child;
    // A test worker that dies without running afterAll must not leave the server behind.
    const orphan = () => {
      try {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    };
    process.once('exit', orphan);
    child.once('exit', () => process.off('exit', orphan));
    const until = Date.now() + 45_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited at start-up:\n${server.log}`);
      try {
        const r = await fetch(`${server.base}/health`);
        if (r.ok) break;
      } catch {}
      if (Date.now() > until) throw new Error(`the API did not answer /health in time:\n${server.log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const made = await run(
      ['api/src/cli.ts', 'admin-create', '--email', ADMIN.email, '--password', ADMIN.password],
      env,
    );
    if (made.code !== 0) throw new Error(`admin-create failed:\n${made.out}`);
    return server;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child?.pid && child.exitCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const t = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 8000);
      await gone;
      clearTimeout(t);
    }
    const conn = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    try {
      await conn.query(`DROP DATABASE IF EXISTS \`${this.dbName}\``);
    } finally {
      await conn.end();
    }
    await rm(this.uploadDir, { recursive: true, force: true });
  }

  async call(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = {};
    let body: string | Uint8Array | FormData | undefined;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    } else if (opts.raw) {
      headers['content-type'] = opts.raw.type;
      body = opts.raw.body;
    }
    const res = await fetch(this.base + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get = (path: string, token?: string) => this.call('GET', path, { token });

  private adminTokenCache: string | null = null;
  async adminToken(): Promise<string> {
    if (this.adminTokenCache) return this.adminTokenCache;
    const r = await this.call('POST', '/admin/login', { json: ADMIN });
    if (r.status !== 200 || !r.body?.token) throw new Error(`admin login failed: ${JSON.stringify(r.body)}`);
    this.adminTokenCache = r.body.token as string;
    return this.adminTokenCache;
  }

  private seq = 0;
  /** Registers a fresh customer: { user, token, email, password }. */
  async customer(name = 'Asha Verma') {
    this.seq += 1;
    const email = `shopper${this.seq}.${randomBytes(3).toString('hex')}@voltcart.test`;
    const password = 'Shopper-pass-1';
    const r = await this.call('POST', '/user/register', { json: { name, email, password } });
    if (![200, 201].includes(r.status)) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
    return { user: r.body.user, token: r.body.token as string, email, password };
  }
}

/** The slug rule written out on its own, not imported from the shared package: the API is checked against the rule. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

export function razorpaySignature(razorpayOrderId: string, paymentId: string, secret = SIMULATOR_SECRET) {
  return createHmac('sha256', secret).update(`${razorpayOrderId}|${paymentId}`).digest('hex');
}

/** A valid shipping address in the API's spelling (`adressLine1`; docs/api.md). */
export function address(overrides: Record<string, unknown> = {}) {
  return {
    adressLine1: '12 MG Road',
    adressLine2: 'Flat 4B',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    country: 'India',
    contact: '9876543210',
    ...overrides,
  };
}

/** Builds the multipart body of POST /product/create and PUT /product/update (docs/api.md). */
export function productForm(fields: Record<string, string | number | boolean | File | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (v instanceof File) fd.append(k, v);
    else fd.append(k, String(v));
  }
  return fd;
}
