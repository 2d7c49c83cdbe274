// Covers: TRUST_PROXY — behind a load balancer the per-address login ceiling keys on the address the balancer
// appended to X-Forwarded-For (the last entry), not on the balancer's socket and not on what the client forged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { request } from './support';

const MAX = 8; // failures per hour from one address before strangers from there are refused
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_ADDRESS_CEILING: String(MAX), TRUST_PROXY: 'true' });
});
afterAll(() => ctx.close());

const login = (forwardedFor: string, email: string) =>
  request(ctx.app, 'POST', '/user/login', {
    headers: { 'x-forwarded-for': forwardedFor },
    body: { email, password: 'wrong-password' },
    from: '127.0.0.1',
  });

describe('trusted proxy', () => {
  it('limits each forwarded client separately, whatever the client put before it', async () => {
    const statuses: number[] = [];
    // 8 failures from one client over 8 different accounts, each with a different forged prefix.
    for (let i = 0; i < MAX; i++) {
      statuses.push((await login(`6.6.6.${i}, 203.0.113.7`, `nobody${i}@example.com`)).status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await login('9.9.9.9, 203.0.113.7', 'another@example.com')).status).toBe(429);
    // Another client behind the same balancer is not affected.
    expect((await login('203.0.113.8', 'another@example.com')).status).toBe(401);
  });
});
