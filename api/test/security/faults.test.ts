// Covers (ASVS V2.3, V16.5): the real API server process over a PRIVATE MariaDB (its own data folder and port;
// the shared server on 3306 is never touched). While shoppers place orders in a loop, the database crashes
// (SIGKILL) and later restarts in an orderly way (SIGTERM): during each outage the API answers 503 with a clear
// message and never hangs or crashes (a frozen database too: every request answered within the request deadline);
// it recovers within 5 s of the database returning; afterwards every order is
// whole (order row, all its lines, stock taken accordingly) or absent, and every acknowledged order exists.
// Then SIGTERM to the API while requests are in flight: they all finish and the process exits 0.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import { Kysely, MysqlDialect, sql as rawSql } from 'kysely';
import { createPool } from 'mysql2';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withQueryTimeout } from '../../src/db/connection';
import { REQUEST_DEADLINE_MS } from '../../src/middleware/deadline';
import { sleep, waitFor } from '../support';
import { type ApiProcess, PrivateMariadb, startApi } from './processes';
import { shippingAddress } from './world';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const DB_NAME = 'voltcart_faults';
const JWT_SECRET = randomBytes(32).toString('hex');
const PRICE_A = 4_999_00;
const PRICE_B = 1_250_00;
const STOCK = 100_000;
const SHOPPERS = 6;
/** Longest a single request may take, outage or not: anything longer counts as a hang. */
const MAX_REQUEST_MS = 6_000;
const RECOVERY_MS = 5_000;

interface Outcome {
  path: string;
  status: number;
  ms: number;
  at: number;
  body: { flag?: number; msg?: string; code?: string; order_id?: string } | null;
  error?: string;
}

let dir: string;
let mariadb: PrivateMariadb;
let api: ApiProcess;
let products: { a: number; b: number };
const outcomes: Outcome[] = [];
let shutdownMs = 0;

async function call(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Outcome> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let out: Outcome;
  try {
    const res = await fetch(`${api.base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      // A request still unanswered after this long is a hang, reported as status 0.
      signal: AbortSignal.timeout(MAX_REQUEST_MS + 4_000),
    });
    const text = await res.text();
    let body: Outcome['body'] = null;
    try {
      body = JSON.parse(text);
    } catch {}
    out = { path, status: res.status, ms: Date.now() - started, at: started, body };
  } catch (e) {
    out = { path, status: 0, ms: Date.now() - started, at: started, body: null, error: (e as Error).message };
  }
  outcomes.push(out);
  return out;
}

/**
 * A POST on a connection of its own, sent in two parts: the headers and the first bytes of the body at once,
 * the rest when `finish()` is called.
 */
function slowPost(port: number, path: string, body: unknown, token?: string) {
  const data = Buffer.from(JSON.stringify(body));
  let finish = () => {};
  let headersSent = () => {};
  const sent = new Promise<void>((r) => (headersSent = r));
  const response = new Promise<{ status: number; orderId?: string; error?: string }>((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(data.length),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let orderId: string | undefined;
          try {
            orderId = JSON.parse(text).order_id;
          } catch {}
          resolve({ status: res.statusCode ?? 0, orderId });
        });
      },
    );
    req.on('error', (e) => resolve({ status: 0, error: e.message }));
    req.write(data.subarray(0, 8), () => headersSent());
    finish = () => req.end(data.subarray(8));
  });
  return { headersSent: sent, response, finish: () => finish() };
}

async function sql<T = unknown>(query: string, params: unknown[] = []): Promise<T[]> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: mariadb.port,
    user: 'root',
    database: DB_NAME,
  });
  try {
    const [rows] = await conn.query(query, params);
    return rows as T[];
  } finally {
    await conn.end();
  }
}

async function insert(query: string, params: unknown[] = []): Promise<number> {
  const conn = await createConnection({
    host: '127.0.0.1',
    port: mariadb.port,
    user: 'root',
    database: DB_NAME,
  });
  try {
    const [r] = await conn.query(query, params);
    return (r as { insertId: number }).insertId;
  } finally {
    await conn.end();
  }
}

async function register(): Promise<string> {
  const r = await call('/user/register', {
    method: 'POST',
    body: {
      name: 'Fault Shopper',
      email: `fault-${randomBytes(4).toString('hex')}@example.com`,
      password: 'fault-pass-1',
    },
  });
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { token: string }).token;
}

const available = PrivateMariadb.available();

describe.skipIf(!available)('faults: database restarts and API shutdown', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vc-faults-'));
    mariadb = await PrivateMariadb.start(join(dir, 'mariadb'));
    api = await startApi(REPO, {
      NODE_ENV: 'test',
      DATABASE_URL: `${mariadb.url}/${DB_NAME}`,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dir, 'data'),
      UPLOAD_DIR: join(dir, 'uploads'),
      CATALOG_CACHE_SECONDS: '0',
      DATABASE_POOL_SIZE: '10',
    });
    // The catalogue goes straight into the database: this suite is about faults, not about the admin API.
    const category = await insert("INSERT INTO categories (name, slug) VALUES ('Faults', 'faults')");
    const product = async (name: string, price: number) => {
      const id = await insert(
        'INSERT INTO products (name, slug, original_price, final_price, category_id, stock) VALUES (?, ?, ?, ?, ?, ?)',
        [name, name.toLowerCase(), price, price, category, STOCK],
      );
      // A product without options sells its one variant.
      await insert('INSERT INTO product_variants (product_id, sku, stock) VALUES (?, ?, ?)', [
        id,
        name,
        STOCK,
      ]);
      return id;
    };
    products = { a: await product('Fault-A', PRICE_A), b: await product('Fault-B', PRICE_B) };
    await insert('INSERT INTO admins (name, email, password_hash) VALUES (?, ?, ?)', [
      'Fault Admin',
      'fault-admin@example.com',
      await bcrypt.hash('fault-admin-pass', 4),
    ]);
  }, 120_000);

  afterAll(async () => {
    await api?.kill();
    await mariadb?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('survives a crash and an orderly restart of the database while shoppers order', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) tokens.push(await register());

    let stop = false;
    const acknowledged = new Set<string>();
    const shopper = async (token: string) => {
      while (!stop) {
        await call('/cart', { method: 'DELETE', token });
        await call('/cart/add-to-cart', {
          method: 'POST',
          token,
          body: { productId: String(products.a), qty: 1 },
        });
        await call('/cart/add-to-cart', {
          method: 'POST',
          token,
          body: { productId: String(products.b), qty: 2 },
        });
        const r = await call('/order/place-order', {
          method: 'POST',
          token,
          body: { payment_mode: 0, shipping_details: shippingAddress() },
        });
        if (r.status === 201 && r.body?.order_id) acknowledged.add(r.body.order_id);
        if (r.status !== 201) await sleep(50);
      }
    };
    const shoppers = tokens.map(shopper);

    const outages: { name: string; from: number; to: number; probes: Outcome[] }[] = [];
    const recoveries: { name: string; ms: number }[] = [];

    const outage = async (name: string, breakDb: () => Promise<void>) => {
      await sleep(1_500);
      const ordersBefore = acknowledged.size;
      await breakDb();
      const from = Date.now();
      const probes: Outcome[] = [];
      // Probes in parallel with the shoppers for three seconds of outage.
      while (Date.now() - from < 3_000) {
        probes.push(
          ...(await Promise.all([
            call('/category'),
            call('/ready'),
            call('/health'),
            call('/order/place-order', {
              method: 'POST',
              token: tokens[0],
              body: { payment_mode: 0, shipping_details: shippingAddress() },
            }),
          ])),
        );
        await sleep(150);
      }
      const to = Date.now();
      outages.push({ name, from, to, probes });
      await mariadb.boot();
      const back = Date.now();
      await waitFor(
        'the API to serve the catalogue again',
        async () => (await call('/category')).status === 200,
        15_000,
        50,
      );
      recoveries.push({ name, ms: Date.now() - back });
      // Orders flow again after the outage.
      await waitFor(
        'a new order after the outage',
        async () => acknowledged.size > ordersBefore,
        10_000,
        100,
      );
    };

    try {
      await outage('crash (SIGKILL)', () => mariadb.crash());
      await outage('orderly restart (SIGTERM)', () => mariadb.shutdown());
      await sleep(1_000);
    } finally {
      stop = true;
      await Promise.all(shoppers);
    }

    // The API process itself never went down.
    expect(api.child.exitCode, api.output.join('').slice(-2000)).toBeNull();

    for (const o of outages) {
      const during = o.probes;
      for (const p of during.filter((x) => x.path === '/category' || x.path === '/ready')) {
        expect(p.status, `${o.name}: ${p.path} → ${p.status} ${JSON.stringify(p.body)}`).toBe(503);
        expect(p.body?.flag).toBe(0);
      }
      for (const p of during.filter((x) => x.path === '/category' || x.path === '/order/place-order')) {
        expect(p.status, `${o.name}: ${p.path} → ${p.status} ${JSON.stringify(p.body)}`).toBe(503);
        expect(p.body?.msg, `${o.name}: ${p.path}`).toMatch(/temporarily unavailable/i);
        expect(p.body?.code).toBe('unavailable');
      }
      // Liveness stays up: the process answers even when its database does not.
      for (const p of during.filter((x) => x.path === '/health')) expect(p.status).toBe(200);
    }
    for (const r of recoveries) expect(r.ms, `recovery after ${r.name}`).toBeLessThanOrEqual(RECOVERY_MS);

    // Every answer, whatever the moment: a response (no hang, no dropped connection), never a 5xx other than 503.
    const hung = outcomes.filter((o) => o.status === 0 || o.ms > MAX_REQUEST_MS);
    expect(hung.slice(0, 5), 'requests that hung or lost their connection').toEqual([]);
    const broken = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
    const unhandled = api.output
      .join('')
      .split('\n')
      .filter((l) => l.includes('unhandled error'))
      .map((l) => l.replace(/"stack":"[^"]*"/, ''));
    expect(
      broken.slice(0, 5),
      `unexpected server errors; the API logged: ${unhandled.slice(0, 3).join('\n')}`,
    ).toEqual([]);
    for (const o of outcomes.filter((x) => x.status >= 400))
      expect(o.body?.flag, `${o.path} ${o.status}`).toBe(0);

    await expectWholeOrders(acknowledged);
    expect(acknowledged.size).toBeGreaterThan(10);
  }, 180_000);

  it('answers 503 within the request deadline while the database is frozen, and recovers when it thaws', async () => {
    const token = await register();
    // Every pooled connection busy or idle-but-open when the server stops answering.
    await Promise.all(Array.from({ length: 12 }, () => call('/category')));
    await mariadb.freeze();
    let results: Outcome[];
    try {
      results = await Promise.all([
        ...Array.from({ length: 14 }, () => call('/category')),
        call('/cart', { token }),
        call('/order/my-orders', { token }),
        call('/ready'),
      ]);
    } finally {
      mariadb.thaw();
    }
    for (const r of results) {
      expect(r.status, `${r.path} → ${r.status} after ${r.ms} ms ${r.error ?? ''}`).toBe(503);
      // The deadline plus scheduling slack on a busy machine.
      expect(r.ms, `${r.path} took ${r.ms} ms`).toBeLessThanOrEqual(REQUEST_DEADLINE_MS + 3_000);
      expect(r.body).toMatchObject({ flag: 0 });
    }
    const thawed = Date.now();
    await waitFor(
      'the API to serve the catalogue after the thaw',
      async () => (await call('/category')).status === 200,
      15_000,
      50,
    );
    expect(Date.now() - thawed).toBeLessThanOrEqual(RECOVERY_MS);
  }, 60_000);

  it('gives up a statement that never answers and replaces its pooled connection', async () => {
    const pool = createPool({ host: '127.0.0.1', port: mariadb.port, user: 'root', connectionLimit: 1 });
    const db = new Kysely<Record<string, never>>({
      dialect: new MysqlDialect({ pool: withQueryTimeout(pool, 300) }),
    });
    try {
      const started = Date.now();
      const slow = await rawSql`SELECT SLEEP(3) AS s`.execute(db).catch((e: { code?: string }) => e);
      expect((slow as { code?: string }).code).toBe('PROTOCOL_SEQUENCE_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(2_000);
      // The single pooled connection was busy with SLEEP: it was destroyed, and a fresh one answers at once.
      const again = Date.now();
      expect((await rawSql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows[0]?.one).toBe(1);
      expect(Date.now() - again).toBeLessThan(1_000);
    } finally {
      await db.destroy();
    }
  }, 30_000);

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const token = await register();
      await call('/cart/add-to-cart', {
        method: 'POST',
        token,
        body: { productId: String(products.a), qty: 1 },
      });
      tokens.push(token);
    }
    // Each request goes out on its own connection with only part of its body: the server has parsed it and is
    // waiting for the rest when the signal comes, so it is certainly in flight. The rest follows the signal.
    const requests: { path: string; token?: string; body: unknown }[] = [
      ...tokens.map((token) => ({
        path: '/order/place-order',
        token,
        body: { payment_mode: 0, shipping_details: shippingAddress() },
      })),
      ...Array.from({ length: 6 }, () => ({
        path: '/user/register',
        body: {
          name: 'Late',
          email: `late-${randomBytes(4).toString('hex')}@example.com`,
          password: 'late-pass-12',
        },
      })),
    ];
    const port = Number(new URL(api.base).port);
    const started = requests.map((r) => slowPost(port, r.path, r.body, r.token));
    await Promise.all(started.map((s) => s.headersSent));
    await sleep(300);
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    await sleep(100);
    for (const s of started) s.finish();
    const results = await Promise.all(started.map((s) => s.response));
    expect(
      results.map((r, i) => `${requests[i]!.path} ${r.status}${r.error ? ` ${r.error}` : ''}`),
      api.output.join('').slice(-2000),
    ).toEqual([
      ...tokens.map(() => '/order/place-order 201'),
      ...Array.from({ length: 6 }, () => '/user/register 201'),
    ]);

    // No new connections once stopping.
    const refused = await new Promise<boolean>((resolve) => {
      const s = connect(Number(new URL(api.base).port), '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);

    // Exit code 0: the 10 s forced exit (code 1) was not needed.
    expect(await api.exit(15_000), api.output.join('').slice(-2000)).toBe(0);
    shutdownMs = Date.now() - signalled;
    await expectWholeOrders(new Set(results.map((r) => r.orderId).filter((x): x is string => !!x)));
  }, 60_000);

  it('shuts down within the 10 s grace period', () => {
    expect(shutdownMs).toBeGreaterThan(0);
    expect(shutdownMs).toBeLessThan(10_000);
  });

  it('logs no secret, password hash or token, and logs database outages', () => {
    const out = api.output.join('');
    expect(out).not.toContain(JWT_SECRET);
    expect(out).not.toMatch(/\$2[aby]\$\d\d\$/);
    expect(out).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(out).toMatch(/database unavailable/);
  });
});

/** Every order has lines and a total that matches them; stock taken equals units ordered; none lost. */
async function expectWholeOrders(acknowledged: Set<string>) {
  const orders = await sql<{ public_id: string; total_paise: number; lines: number; sum: number | null }>(
    `SELECT o.public_id, o.total_paise, COUNT(l.id) AS \`lines\`, SUM(l.qty * l.unit_price_paise) AS sum
     FROM orders o LEFT JOIN order_lines l ON l.order_id = o.id GROUP BY o.id`,
  );
  // The total is computed from the lines in the same transaction: a missing line shows as a mismatch.
  const partial = orders.filter((o) => Number(o.lines) < 1 || Number(o.sum) !== Number(o.total_paise));
  expect(partial, 'orders without all their lines').toEqual([]);
  const stored = new Set(orders.map((o) => o.public_id));
  expect(
    [...acknowledged].filter((id) => !stored.has(id)),
    'acknowledged orders that are missing',
  ).toEqual([]);

  const sold = await sql<{ product_id: number; units: number }>(
    `SELECT l.product_id, SUM(l.qty) AS units FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.stock_returned = 0 GROUP BY l.product_id`,
  );
  const stock = await sql<{ id: number; stock: number }>('SELECT id, stock FROM products');
  for (const p of stock) {
    const units = Number(sold.find((s) => s.product_id === p.id)?.units ?? 0);
    expect(Number(p.stock) + units, `stock of product ${p.id}`).toBe(STOCK);
  }
}
