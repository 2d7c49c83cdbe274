// Covers: the Prometheus /metrics endpoint — off by default; request counts and latency histograms labelled by
// route pattern (not raw URL); database pool use read from a real mysql2 pool; orders placed; replica state.
import { createPool, type Pool, type PoolConnection } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOrderPlaced, watchPool, watchReplica } from '../src/lib/metrics';
import { createTestContext, TEST_SERVER, type TestContext, metricValue as value } from './context';
import { addToCart, insertShopper, makeProduct, orderBody } from './order-fixtures';

let on: TestContext;
let off: TestContext;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestContext({ METRICS_ENABLED: 'true' }), createTestContext()]);
});
afterAll(() => Promise.all([on?.close(), off?.close()]));

async function scrape(): Promise<string> {
  const r = await on.req('GET', '/metrics');
  expect(r.status).toBe(200);
  return r.body as string;
}

describe('/metrics', () => {
  it('does not exist unless METRICS_ENABLED is on', async () => {
    const r = await off.req('GET', '/metrics');
    expect(r.status).toBe(404);
  });

  it('answers only the exact path, and never a request a proxy forwarded', async () => {
    for (const path of ['/metrics/', '/metrics//', '/METRICS', '/Metrics/']) {
      const r = await on.req('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).not.toContain('voltcart_http_requests_total');
    }
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
      const r = await on.req('GET', '/metrics', { headers: { [header]: '203.0.113.9' } });
      expect(r.status, header).toBe(404);
      expect((r.body as { code: string }).code).toBe('not_found');
    }
  });

  it('answers in the Prometheus text format with process figures', async () => {
    const res = await on.app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE voltcart_http_requests_total counter');
    expect(text).toContain('# TYPE voltcart_http_request_duration_seconds histogram');
    expect(text).toMatch(/^voltcart_process_cpu_user_seconds_total \d/m);
  });

  it('counts requests and their latency per route and status', async () => {
    const before = await scrape();
    const count = 'voltcart_http_requests_total{method="GET",route="/health",status="200"}';
    const hist = 'voltcart_http_request_duration_seconds_count{method="GET",route="/health"}';
    for (let i = 0; i < 3; i++) expect((await on.req('GET', '/health')).status).toBe(200);
    const after = await scrape();
    expect(value(after, count) - value(before, count)).toBe(3);
    expect(value(after, hist) - value(before, hist)).toBe(3);
    // Every request falls in the +Inf bucket; the sum of latencies is a positive number of seconds.
    expect(
      value(after, 'voltcart_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/health"}'),
    ).toBe(value(after, hist));
    expect(
      value(after, 'voltcart_http_request_duration_seconds_sum{method="GET",route="/health"}'),
    ).toBeGreaterThan(0);
  });

  it('labels by the matched route pattern, never the raw path, and groups unmatched paths', async () => {
    await on.req('GET', '/category/987654321');
    await on.req('GET', '/no-such-route-4711');
    await on.req('GET', '/no-such-route-4712');
    const text = await scrape();
    // In a label, that is: a latency's sum may happen to hold the same digits (0.004711…).
    const labels = text.match(/\{[^}]*\}/g)?.join(' ') ?? '';
    expect(labels).toContain('route=');
    expect(labels).not.toContain('987654321');
    expect(labels).not.toContain('no-such-route');
    expect(text).toMatch(
      /voltcart_http_requests_total\{method="GET",route="\/category\/:\w+",status="\d{3}"\} \d/,
    );
    expect(
      value(text, 'voltcart_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(2);
  });

  it('reports database pool use: connections in use, idle, the limit and waiting queries', async () => {
    const pool: Pool = createPool({ uri: TEST_SERVER, connectionLimit: 2 });
    const stop = watchPool('metrics-test', pool);
    const get = () =>
      new Promise<PoolConnection>((ok, fail) => pool.getConnection((e, c) => (e ? fail(e) : ok(c))));
    try {
      const a = await get();
      const b = await get();
      const waiting = get(); // the pool is full: this one queues
      let text = await scrape();
      expect(value(text, 'voltcart_db_pool_connections{pool="metrics-test",state="in_use"}')).toBe(2);
      expect(value(text, 'voltcart_db_pool_connections{pool="metrics-test",state="idle"}')).toBe(0);
      expect(value(text, 'voltcart_db_pool_max_connections{pool="metrics-test"}')).toBe(2);
      expect(value(text, 'voltcart_db_pool_queue_length{pool="metrics-test"}')).toBe(1);
      a.release();
      const c = await waiting;
      b.release();
      c.release();
      text = await scrape();
      expect(value(text, 'voltcart_db_pool_connections{pool="metrics-test",state="in_use"}')).toBe(0);
      expect(value(text, 'voltcart_db_pool_connections{pool="metrics-test",state="idle"}')).toBe(2);
      expect(value(text, 'voltcart_db_pool_queue_length{pool="metrics-test"}')).toBe(0);
      stop();
      expect(await scrape()).not.toContain('pool="metrics-test"');
    } finally {
      stop();
      await new Promise<void>((ok) => pool.end(() => ok()));
    }
  });

  it('counts orders placed by payment mode', async () => {
    const before = await scrape();
    countOrderPlaced('cod');
    countOrderPlaced('online');
    countOrderPlaced('online');
    const after = await scrape();
    const cod = 'voltcart_orders_placed_total{payment="cod"}';
    const online = 'voltcart_orders_placed_total{payment="online"}';
    expect(value(after, cod) - value(before, cod)).toBe(1);
    expect(value(after, online) - value(before, online)).toBe(2);
  });

  it('counts an order placed through POST /order/place-order', async () => {
    const series = 'voltcart_orders_placed_total{payment="cod"}';
    const before = value(await scrape(), series);
    const product = await makeProduct(on.db, { stock: 3 });
    const shopper = await insertShopper(on);
    await addToCart(on.db, shopper.id, product.id, 1);
    const r = await on.req('POST', '/order/place-order', { token: shopper.token, body: orderBody(0) });
    expect(r.status).toBe(201);
    expect(value(await scrape(), series) - before).toBe(1);
  });

  it('reports read replicas in and out of rotation and their lag, live at each scrape', async () => {
    const replica = { name: 'replica-test', up: true, lagSeconds: 0 as number | null };
    const stop = watchReplica(replica);
    try {
      let text = await scrape();
      expect(value(text, 'voltcart_db_replica_up{replica="replica-test"}')).toBe(1);
      expect(text).toContain('voltcart_db_replica_lag_seconds{replica="replica-test"} 0');
      replica.up = false;
      replica.lagSeconds = 42;
      text = await scrape();
      expect(value(text, 'voltcart_db_replica_up{replica="replica-test"}')).toBe(0);
      expect(value(text, 'voltcart_db_replica_lag_seconds{replica="replica-test"}')).toBe(42);
      replica.lagSeconds = null;
      expect(await scrape()).not.toContain('voltcart_db_replica_lag_seconds{replica="replica-test"}');
    } finally {
      stop();
    }
  });
});
