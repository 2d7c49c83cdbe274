// Covers: login throttling on POST /user/login and POST /admin/login (lib/rate-limit.ts): growing delays per
// account and address pair (LOGIN_MAX_FAILURES=3 free failures here), the account and address ceilings, known
// addresses and device tokens that other people's failures never hold back (the owner lock-out and the
// carrier-grade NAT cases), shoppers and staff counted apart, admin:create clearing an account's counters,
// concurrent guesses decided one by one, and the sign-up limit per address.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { loginDelaySeconds } from '../src/lib/rate-limit';
import { createTestContext, type TestContext } from './context';
import { request } from './support';

const MAX = 3;
const ACCOUNT_CEILING = 8;
const ADDRESS_CEILING = 30;
// Dozens of logins (bcrypt each) per test: a shared, loaded machine needs more than the usual 30 s.
vi.setConfig({ testTimeout: 120_000 });
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_MAX_FAILURES: String(MAX),
    LOGIN_WINDOW_MINUTES: '15',
    LOGIN_MAX_DELAY_SECONDS: '8',
    LOGIN_ACCOUNT_CEILING: String(ACCOUNT_CEILING),
    LOGIN_ADDRESS_CEILING: String(ADDRESS_CEILING),
  });
});
afterAll(() => ctx.close());

let ipSeq = 0;
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

type Path = '/user/login' | '/admin/login';

/** A login as if it came from `ip` (the address the Node server hands to the app). */
async function loginFrom(ip: string, path: Path, email: string, password: string, device?: string) {
  const res = await request(ctx.app, 'POST', path, { body: { email, password, device }, from: ip });
  return {
    status: res.status,
    retryAfter: Number(res.headers.get('retry-after')),
    body: res.body as { flag: number; msg: string; code?: string; token?: string; device?: string },
  };
}

/** Moves every counter's latest failure `seconds` into the past (time passing, without waiting). */
const passTime = (seconds: number) =>
  sql`UPDATE login_failures SET last_at = last_at - INTERVAL ${sql.lit(seconds)} SECOND`.execute(ctx.db);

/** Fails `n` times from `ip`, letting each pair delay (at most 8 s here) pass first. */
async function failTimes(n: number, ip: string, path: Path, email: string) {
  for (let i = 0; i < n; i++) {
    await passTime(8);
    expect((await loginFrom(ip, path, email, `wrong-${i}-password`)).status).toBe(401);
  }
}

const OWNER = 'owner@voltcart.test';
const OWNER_PASSWORD = 'owner-password-1';

describe('the delay rule', () => {
  it('is free for the first failures, then 1 s, 2 s, 4 s … up to the ceiling', () => {
    const table: [number, number][] = [
      [0, 0],
      [2, 0],
      [3, 1],
      [4, 2],
      [5, 4],
      [6, 8],
      [9, 60],
      [40, 60],
    ];
    for (const [failures, wait] of table) expect(loginDelaySeconds(failures, 3, 60)).toBe(wait);
  });
});

describe('per account and address pair', () => {
  it('makes each attempt wait longer after the free failures, the right password included', async () => {
    const s = await ctx.customer('Target');
    const ip = freshIp();
    for (let i = 0; i < MAX; i++)
      expect((await loginFrom(ip, '/user/login', s.email, `wrong-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_attempts');
      expect(refused.body.msg).toMatch(
        /^Too many login attempts\. Please wait \d+ seconds? and try again\.$/,
      );
      waits.push(refused.retryAfter);
      await passTime(refused.retryAfter);
      expect((await loginFrom(ip, '/user/login', s.email, `wrong-again-${i}`)).status).toBe(401);
    }
    // 1, 2, 4, then the configured longest wait (8 s); a loaded machine may have spent a second of it already.
    [1, 2, 4, 8].forEach((rule, i) => {
      expect(waits[i]).toBeLessThanOrEqual(rule);
      expect(waits[i]).toBeGreaterThanOrEqual(rule - 1);
    });
    await passTime(8);
    expect((await loginFrom(ip, '/user/login', s.email, 'shopper-pass-1')).status).toBe(200);
    // A success clears the pair: the next wrong password is free again.
    expect((await loginFrom(ip, '/user/login', s.email, 'wrong-once-more')).status).toBe(401);
  });

  it('treats an unknown email exactly like an existing one', async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) await loginFrom(ip, '/user/login', 'nobody-here@example.com', 'whatever-1');
    await passTime(-10);
    const r = await loginFrom(ip, '/user/login', 'nobody-here@example.com', 'whatever-1');
    expect(r.status).toBe(429);
    expect(r.retryAfter).toBe(11);
  });

  it('forgets the failures LOGIN_WINDOW_MINUTES after the latest one', async () => {
    const s = await ctx.customer('Returning');
    const ip = freshIp();
    for (let i = 0; i < MAX + 1; i++) await loginFrom(ip, '/user/login', s.email, `wrong-${i}`);
    await passTime(16 * 60);
    for (let i = 0; i < MAX; i++)
      expect((await loginFrom(ip, '/user/login', s.email, `w-${i}`)).status).toBe(401);
  });

  it('decides concurrent guesses one by one: exactly one gets the turn that was due', async () => {
    const s = await ctx.customer('Raced');
    const ip = freshIp();
    // A pair whose next attempt (after the longest wait, 8 s here) became due just now.
    await sql`INSERT INTO login_failures (bucket, failures, window_start, last_at)
      VALUES (${`customer:${s.email}|ip:${ip}`}, ${MAX + 10}, NOW(3), NOW(3) - INTERVAL 8500000 MICROSECOND)`.execute(
      ctx.db,
    );
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => loginFrom(ip, '/user/login', s.email, `guess-${i}-password`)),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([401, ...Array(7).fill(429)]);
  });
});

describe('nobody can lock the owner out', () => {
  it('six wrong passwords for the owner from one address: the right password from another address works', async () => {
    await createOrResetAdmin(ctx.db, { email: OWNER, password: OWNER_PASSWORD });
    const attacker = freshIp();
    await failTimes(6, attacker, '/admin/login', OWNER);
    expect((await loginFrom(attacker, '/admin/login', OWNER, OWNER_PASSWORD)).status).toBe(429);
    expect((await loginFrom(freshIp(), '/admin/login', OWNER, OWNER_PASSWORD)).status).toBe(200);
  });

  it('past the account ceiling strangers wait, but a known address and a device token still get in', async () => {
    const email = 'ceiling-owner@voltcart.test';
    await createOrResetAdmin(ctx.db, { email, password: OWNER_PASSWORD });
    const home = freshIp();
    const first = await loginFrom(home, '/admin/login', email, OWNER_PASSWORD);
    expect(first.status).toBe(200);
    const device = first.body.device!;
    // Failures from many addresses (a botnet), each pair below its own delay.
    for (let i = 0; i < ACCOUNT_CEILING; i++)
      expect((await loginFrom(freshIp(), '/admin/login', email, `bot-${i}-password`)).status).toBe(401);
    const stranger = await loginFrom(freshIp(), '/admin/login', email, OWNER_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.retryAfter).toBeGreaterThan(3500);
    expect((await loginFrom(home, '/admin/login', email, OWNER_PASSWORD)).status).toBe(200);
    // Travelling: a new address, the same laptop.
    expect((await loginFrom(freshIp(), '/admin/login', email, OWNER_PASSWORD, device)).status).toBe(200);
    // A device token altered by one character, or made for another account, is a stranger's.
    const altered = `${device.slice(0, -1)}${device.endsWith('A') ? 'B' : 'A'}`;
    expect((await loginFrom(freshIp(), '/admin/login', email, OWNER_PASSWORD, altered)).status).toBe(429);
  });

  it("on a shared address (carrier-grade NAT) the owner's device is not held back by the attacker's failures", async () => {
    const email = 'nat-owner@voltcart.test';
    await createOrResetAdmin(ctx.db, { email, password: OWNER_PASSWORD });
    const shared = freshIp();
    const { device } = (await loginFrom(freshIp(), '/admin/login', email, OWNER_PASSWORD)).body;
    for (let i = 0; i < MAX + 2; i++) await loginFrom(shared, '/admin/login', email, `guess-${i}-password`);
    await passTime(-10);
    expect((await loginFrom(shared, '/admin/login', email, OWNER_PASSWORD)).status).toBe(429);
    expect((await loginFrom(shared, '/admin/login', email, OWNER_PASSWORD, device)).status).toBe(200);
  });

  it('admin:create clears the account counters', async () => {
    const email = 'locked-owner@voltcart.test';
    await createOrResetAdmin(ctx.db, { email, password: OWNER_PASSWORD });
    const ip = freshIp();
    for (let i = 0; i < ACCOUNT_CEILING; i++)
      await loginFrom(freshIp(), '/admin/login', email, `bot-${i}-password`);
    for (let i = 0; i < MAX; i++) await loginFrom(ip, '/admin/login', email, `wrong-${i}-password`);
    await passTime(-10);
    expect((await loginFrom(ip, '/admin/login', email, 'new-owner-password')).status).toBe(429);
    await createOrResetAdmin(ctx.db, { email, password: 'new-owner-password' });
    expect((await loginFrom(ip, '/admin/login', email, 'new-owner-password')).status).toBe(200);
  });
});

describe('per address', () => {
  it('20 shopper failures from one address refuse neither a staff login nor another shopper from it', async () => {
    const nat = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await loginFrom(nat, '/user/login', `typo${i}@example.com`, 'password123')).status).toBe(401);
    await createOrResetAdmin(ctx.db, { email: 'clerk@voltcart.test', password: 'clerk-password-1' });
    expect((await loginFrom(nat, '/admin/login', 'clerk@voltcart.test', 'clerk-password-1')).status).toBe(
      200,
    );
    const neighbour = await ctx.customer('Neighbour');
    expect((await loginFrom(nat, '/user/login', neighbour.email, 'shopper-pass-1')).status).toBe(200);
  });

  it('past the address ceiling a stranger from there waits, a known pair does not', async () => {
    const ip = freshIp();
    const regular = await ctx.customer('Regular');
    expect((await loginFrom(ip, '/user/login', regular.email, 'shopper-pass-1')).status).toBe(200);
    for (let i = 0; i < ADDRESS_CEILING; i++)
      await loginFrom(ip, '/user/login', `spray${i}@example.com`, 'password123');
    const stranger = await ctx.customer('Stranger');
    expect((await loginFrom(ip, '/user/login', stranger.email, 'shopper-pass-1')).status).toBe(429);
    expect((await loginFrom(ip, '/user/login', regular.email, 'shopper-pass-1')).status).toBe(200);
    expect((await loginFrom(freshIp(), '/user/login', stranger.email, 'shopper-pass-1')).status).toBe(200);
  });

  it('keeps shoppers and staff apart: a customer account of the same e-mail has its own counters', async () => {
    const email = 'both@voltcart.test';
    await createOrResetAdmin(ctx.db, { email, password: 'admin-password' });
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) await loginFrom(ip, '/user/login', email, 'wrong-password');
    await passTime(-10); // the next wait ends 11 s from now, whatever the machine's load
    expect((await loginFrom(ip, '/user/login', email, 'wrong-password')).status).toBe(429);
    expect((await loginFrom(ip, '/admin/login', email, 'admin-password')).status).toBe(200);
  });

  it('keeps requests without a socket address under one shared "unknown" address', async () => {
    await ctx.req('POST', '/user/login', { body: { email: 'x@example.com', password: 'wrong-pass' } });
    const rows = await ctx.db.selectFrom('login_failures').select('bucket').execute();
    expect(rows.map((x) => x.bucket)).toContain('customer:x@example.com|ip:unknown');
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
