// Covers: login rate limiting on POST /user/login and POST /admin/login (LOGIN_MAX_FAILURES=3 here):
// 429 after N failures per account and after 4×N per client address, the same for unknown emails,
// checked before the password, a success clearing the account's counter, the window expiring,
// admin and customer counters kept apart, and concurrent guesses counted exactly.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { createTestContext, type TestContext } from './context';
import { request } from './support';

const MAX = 3;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: String(MAX), LOGIN_WINDOW_MINUTES: '15' });
});
afterAll(() => ctx.close());

let ipSeq = 0;
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** A login as if it came from `ip` (the address the Node server hands to the app). */
async function loginFrom(ip: string, path: '/user/login' | '/admin/login', email: string, password: string) {
  const res = await request(ctx.app, 'POST', path, { body: { email, password }, from: ip });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: res.body as { flag: number; msg: string; token?: string },
  };
}

const TOO_MANY = /^Too many login attempts\. Please wait (\d+) minutes? and try again\.$/;

function expect429(
  r: { status: number; retryAfter: string | null; body: { flag: number; msg: string } },
  minutes = 15,
) {
  expect(r.status).toBe(429);
  expect(Number(r.retryAfter)).toBeGreaterThan((minutes - 1) * 60);
  expect(Number(r.retryAfter)).toBeLessThanOrEqual(minutes * 60);
  expect(r.body).toMatchObject({ flag: 0, code: 'too_many_attempts' });
  expect(r.body.msg).toMatch(TOO_MANY);
  expect(Number(TOO_MANY.exec(r.body.msg)![1])).toBe(minutes);
}

describe('per account', () => {
  it(`answers 429 after ${MAX} failures, even with the right password and from another address`, async () => {
    const s = await ctx.customer('Target');
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) {
      const r = await loginFrom(ip, '/user/login', s.email, `wrong-${i}-password`);
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe('Invalid email or password.');
    }
    expect429(await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1'));
    expect429(await loginFrom(freshIp(), '/user/login', s.email, 'shopper-pass-1'));
    // Another account from the same address is not affected.
    const other = await ctx.customer('Bystander');
    expect((await loginFrom(ip, '/user/login', other.email, 'shopper-pass-1')).status).toBe(200);
  });

  it('treats an unknown email exactly like an existing one', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) {
      const r = await loginFrom(ip, '/user/login', 'ghost@example.com', 'whatever-pw');
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe('Invalid email or password.');
    }
    expect429(await loginFrom(ip, '/user/login', 'ghost@example.com', 'whatever-pw'));
  });

  it('counts the account whatever the letter case of the email', async () => {
    const s = await ctx.customer('Case');
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) await loginFrom(ip, '/user/login', s.email.toUpperCase(), 'wrong-password');
    expect429(await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1'));
  });

  it('clears the counter after a successful login', async () => {
    const s = await ctx.customer('Forgetful');
    const ip = freshIp();
    for (let i = 0; i < MAX - 1; i++) await loginFrom(ip, '/user/login', s.email, 'wrong-password');
    expect((await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1')).status).toBe(200);
    for (let i = 0; i < MAX; i++) {
      expect((await loginFrom(ip, '/user/login', s.email, 'wrong-password')).status).toBe(401);
    }
    expect429(await loginFrom(ip, '/user/login', s.email, 'wrong-password'));
  });

  it('lets the account in again once the window has passed', async () => {
    const s = await ctx.customer('Patient');
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) await loginFrom(ip, '/user/login', s.email, 'wrong-password');
    expect429(await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1'));
    // Ten minutes later, five remain.
    await sql`UPDATE login_failures SET window_start = window_start - INTERVAL 10 MINUTE`.execute(ctx.db);
    expect429(await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1'), 5);
    await sql`UPDATE login_failures SET window_start = window_start - INTERVAL 6 MINUTE`.execute(ctx.db);
    expect((await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1')).status).toBe(200);
  });

  it('counts concurrent wrong guesses exactly', async () => {
    const s = await ctx.customer('Raced');
    const ip = freshIp();
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => loginFrom(ip, '/user/login', s.email, `guess-${i}-password`)),
    );
    const statuses = rs.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(MAX).fill(401), ...Array(8 - MAX).fill(429)]);
  });
});

describe('per client address', () => {
  it(`answers 429 after ${4 * MAX} failures from one address across accounts, only to that address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < 4 * MAX; i++) {
      // A new email each time: no single account reaches its own limit.
      const r = await loginFrom(ip, '/user/login', `spray${i}@example.com`, 'password123');
      expect(r.status).toBe(401);
    }
    const victim = await ctx.customer('Victim');
    expect429(await loginFrom(ip, '/user/login', victim.email, 'shopper-pass-1'));
    expect429(await loginFrom(ip, '/user/login', 'never-seen@example.com', 'password123'));
    expect((await loginFrom(freshIp(), '/user/login', victim.email, 'shopper-pass-1')).status).toBe(200);
  });

  it('does not count successful logins against the address', async () => {
    const ip = freshIp();
    const s = await ctx.customer('Regular');
    for (let i = 0; i < 4 * MAX + 2; i++) {
      expect((await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1')).status).toBe(200);
    }
  });

  it('leaves requests without a socket address under one shared "unknown" address', async () => {
    const s = await ctx.customer('NoSocket');
    const r = await ctx.req('POST', '/user/login', { body: { email: s.email, password: 'shopper-pass-1' } });
    expect(r.status).toBe(200);
    const rows = await ctx.db.selectFrom('login_failures').select('bucket').execute();
    expect(rows.map((x) => x.bucket)).toContain('ip:unknown');
  });
});

describe('admin login', () => {
  it('is limited too, with its own account counter', async () => {
    await createOrResetAdmin(ctx.db, { email: 'limited@voltcart.test', password: 'admin-password' });
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) {
      const r = await loginFrom(ip, '/admin/login', 'limited@voltcart.test', 'wrong-password');
      expect(r.status).toBe(401);
    }
    expect429(await loginFrom(ip, '/admin/login', 'limited@voltcart.test', 'admin-password'));
    // A customer account with the same email is a different account.
    const reg = await ctx.req('POST', '/user/register', {
      body: { name: 'Same Mail', email: 'limited@voltcart.test', password: 'customer-pass' },
    });
    expect(reg.status).toBe(201);
    expect((await loginFrom(freshIp(), '/user/login', 'limited@voltcart.test', 'customer-pass')).status).toBe(
      200,
    );
  });

  it('limits an unknown admin email the same way, from any address', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX; i++)
      await loginFrom(ip, '/admin/login', 'ghost-admin@voltcart.test', 'wrong-pass');
    const known = await loginFrom(freshIp(), '/admin/login', 'ghost-admin@voltcart.test', 'wrong-pass');
    expect429(known);
  });
});

describe('sign-ups per address', () => {
  it('answers 429 past REGISTER_MAX_PER_HOUR sign-ups from one address, others unaffected', async () => {
    const limited = await createTestContext({ REGISTER_MAX_PER_HOUR: '2' });
    try {
      const signUp = (ip: string, n: number) =>
        request(limited.app, 'POST', '/user/register', {
          body: { name: 'N', email: `signup${n}-${ip}@example.com`, password: 'long-enough-1' },
          from: ip,
        });
      const ip = freshIp();
      expect((await signUp(ip, 1)).status).toBe(201);
      expect((await signUp(ip, 2)).status).toBe(201);
      const before = await limited.snapshot();
      const refused = await signUp(ip, 3);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(refused.body).toMatchObject({ flag: 0, code: 'too_many_attempts' });
      expect(await limited.snapshot()).toEqual(before);
      expect((await signUp(freshIp(), 4)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
