// Covers: liveness and readiness endpoints, unknown routes, security headers and request ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers liveness and readiness when the database is migrated', async () => {
    expect(await ctx.req('GET', '/health')).toMatchObject({ status: 200, body: { flag: 1, status: 'ok' } });
    expect(await ctx.req('GET', '/ready')).toMatchObject({ status: 200, body: { flag: 1, status: 'ready' } });
  });

  it('answers an unknown route with 404 and flag 0', async () => {
    const r = await ctx.req('GET', '/nope');
    expect(r.status).toBe(404);
    expect(r.body.flag).toBe(0);
  });

  it('sets security headers and a request id', async () => {
    const r = await ctx.req('GET', '/health');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });
});
