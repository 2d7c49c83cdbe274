// Covers: customer register, login, me and logout (POST /user/register, /user/login, /user/logout, GET /user/me):
// reply shapes, email normalisation, duplicate emails, password length rules (8 characters to 72 bytes),
// one message and the same bcrypt work for an unknown email and a wrong password, oversized and
// wrongly typed input, and that every refused request leaves the database unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcryptCost } from '../src/lib/passwords';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  // A high limit: this file makes many failed logins on purpose; rate-limit.test.ts covers the limit.
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000' });
});
afterAll(() => ctx.close());

/** Large enough to be absurd, small enough to reach validation (the JSON body limit is 1 MB). */
const BIG = 'a'.repeat(200_000);
let seq = 0;
const freshEmail = () => `user${++seq}-${Date.now().toString(36)}@example.com`;

async function register(body: Record<string, unknown>) {
  return ctx.req('POST', '/user/register', { body });
}

/** Runs a request that must be refused and proves that no table changed. */
async function refused(fn: () => ReturnType<TestContext['req']>) {
  const before = await ctx.snapshot();
  const r = await fn();
  expect(r.body.flag).toBe(0);
  expect(typeof r.body.msg).toBe('string');
  expect(await ctx.snapshot()).toEqual(before);
  return r;
}

describe('POST /user/register', () => {
  it('creates the account, answers 201 with the user and a working customer token', async () => {
    const email = freshEmail();
    const r = await register({
      name: '  Asha Rao ',
      email: `  ${email.toUpperCase()} `,
      password: 'correct horse',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Account created! You are now logged in.',
      user: { name: 'Asha Rao', email, shipping_address: [] },
    });
    expect(r.body.user._id).toMatch(/^[1-9]\d*$/);
    expect(Object.keys(r.body.user).sort()).toEqual([
      '_id',
      'email',
      'emailVerified',
      'name',
      'reminderMails',
      'shipping_address',
    ]);
    expect(r.body.user.emailVerified).toBe(false);
    expect(JSON.stringify(r.body)).not.toMatch(/password|hash/i);
    const me = await ctx.req('GET', '/user/me', { token: r.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ flag: 1, user: { _id: r.body.user._id, email, shipping_address: [] } });
  });

  it('stores a bcrypt hash, never the password', async () => {
    const email = freshEmail();
    await register({ name: 'Hash Check', email, password: 'plain-text-pw' });
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$2[aby]\$10\$/);
    expect(row.password_hash).not.toContain('plain-text-pw');
  });

  it('refuses a duplicate email (any letter case) with 409 and the log-in hint', async () => {
    const email = freshEmail();
    expect((await register({ name: 'First', email, password: 'password-one' })).status).toBe(201);
    const r = await refused(() =>
      register({ name: 'Second', email: email.toUpperCase(), password: 'password-two' }),
    );
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      flag: 0,
      msg: 'An account with this e-mail already exists. Log in or reset your password.',
      code: 'email_taken',
    });
  });

  it('lets exactly one of several simultaneous sign-ups with one email through', async () => {
    const email = freshEmail();
    const rs = await Promise.all(
      [1, 2, 3, 4].map((i) => register({ name: `Racer ${i}`, email, password: 'racing-pass' })),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const n = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('refuses a 7-character password', async () => {
    const r = await refused(() => register({ name: 'Short', email: freshEmail(), password: '1234567' }));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('password must be at least 8 characters');
  });

  it('accepts exactly 72 bytes and refuses 73 bytes or more instead of truncating', async () => {
    expect((await register({ name: 'Max', email: freshEmail(), password: 'p'.repeat(72) })).status).toBe(201);
    // 36 two-byte characters are 72 bytes; one more is 74 even though it is only 37 characters.
    expect((await register({ name: 'Max2', email: freshEmail(), password: 'é'.repeat(36) })).status).toBe(
      201,
    );
    for (const password of ['p'.repeat(73), 'é'.repeat(37), 'p'.repeat(1000)]) {
      const r = await refused(() => register({ name: 'Long', email: freshEmail(), password }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('password must be at most 72 bytes');
    }
  });

  it('refuses missing fields, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      // The register form's message, naming the first missing field.
      [{ email: freshEmail(), password: 'long-enough' }, /^All fields are required \(name is missing\)\.$/],
      [{ name: 'No Email', password: 'long-enough' }, /^All fields are required \(email is missing\)\.$/],
      [{ name: 'No Password', email: freshEmail() }, /^All fields are required \(password is missing\)\.$/],
      [
        { name: '   ', email: freshEmail(), password: 'long-enough' },
        /^All fields are required \(name is missing\)\.$/,
      ],
      [{}, /^All fields are required \(name is missing\)\.$/],
    ];
    for (const [body, msg] of cases) {
      const r = await refused(() => register(body));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_input');
      expect(r.body.msg).toMatch(msg);
    }
  });

  it('refuses wrongly typed fields and malformed emails', async () => {
    const bodies = [
      { name: 'T', email: 12345, password: 'long-enough' },
      { name: 'T', email: freshEmail(), password: 12345678 },
      { name: { first: 'x' }, email: freshEmail(), password: 'long-enough' },
      { name: 'T', email: ['a@b.co'], password: 'long-enough' },
      { name: 'T', email: 'not-an-email', password: 'long-enough' },
      { name: 'T', email: 'a @b.co', password: 'long-enough' },
    ];
    for (const body of bodies) {
      const r = await refused(() => register(body));
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/^(name|email|password) /);
    }
  });

  it('refuses oversized strings in every field, naming the field', async () => {
    for (const body of [
      { name: BIG, email: freshEmail(), password: 'long-enough' },
      { name: 'Big', email: `${BIG}@example.com`, password: 'long-enough' },
      { name: 'Big', email: freshEmail(), password: BIG },
    ]) {
      const r = await refused(() => register(body));
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(
        /^(name must be at most 100 characters|email is too long|password must be at most 72 bytes)$/,
      );
    }
  });

  it('refuses 10 MB strings (too large, or invalid) without changing anything', async () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    for (const body of [
      { name: huge, email: freshEmail(), password: 'long-enough' },
      { name: 'B', email: freshEmail(), password: huge },
    ]) {
      const before = await ctx.snapshot();
      const r = await ctx.req('POST', '/user/register', { body });
      expect([400, 413]).toContain(r.status);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(/too large|must be at most|too long/);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });

  it('refuses bodies that are not a JSON object', async () => {
    let r = await refused(() => ctx.req('POST', '/user/register', { body: '{"name": "x", ' }));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('The request body is not valid JSON.');
    r = await refused(() => ctx.req('POST', '/user/register', { body: '["a", "b"]' }));
    expect(r.status).toBe(400);
    r = await refused(() =>
      ctx.req('POST', '/user/register', { body: 'name=x', headers: { 'content-type': 'text/plain' } }),
    );
    expect(r.status).toBe(415);
  });
});

describe('POST /user/login', () => {
  let email: string;
  beforeAll(async () => {
    email = freshEmail();
    await register({ name: 'Login Person', email, password: 'the-right-one' });
  });

  it('logs in with the right password (email in any case) and returns the user and a token', async () => {
    const r = await ctx.req('POST', '/user/login', {
      body: { email: ` ${email.toUpperCase()}`, password: 'the-right-one' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Logged in successfully.',
      user: { name: 'Login Person', email, shipping_address: [] },
    });
    expect(typeof r.body.token).toBe('string');
    expect((await ctx.req('GET', '/user/me', { token: r.body.token })).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const wrong = await refused(() =>
      ctx.req('POST', '/user/login', { body: { email, password: 'the-wrong-one' } }),
    );
    const unknown = await refused(() =>
      ctx.req('POST', '/user/login', { body: { email: freshEmail(), password: 'the-right-one' } }),
    );
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ flag: 0, msg: 'Invalid email or password.', code: 'invalid_credentials' });
    }
  });

  it('does not accept a longer password that only shares the first 72 bytes', async () => {
    const e = freshEmail();
    const pw = 'x'.repeat(72);
    await register({ name: 'Exact', email: e, password: pw });
    expect((await ctx.req('POST', '/user/login', { body: { email: e, password: pw } })).status).toBe(200);
    const r = await ctx.req('POST', '/user/login', { body: { email: e, password: `${pw}extra` } });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('Invalid email or password.');
  });

  it('spends the same bcrypt work on an unknown email as on a wrong password', async () => {
    const time = async (body: object) => {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await ctx.req('POST', '/user/login', { body });
        runs.push(performance.now() - t);
      }
      return runs.sort((a, b) => a - b)[1]!;
    };
    const wrong = await time({ email, password: 'the-wrong-one' });
    const unknown = await time({ email: freshEmail(), password: 'the-wrong-one' });
    // Without the dummy comparison an unknown email answers in ~2 ms against ~60 ms.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });

  it('refuses missing, wrongly typed and oversized fields with 400', async () => {
    for (const body of [
      {},
      { email },
      { password: 'x' },
      { email, password: '' },
      { email: 42, password: 'the-right-one' },
      { email, password: ['the-right-one'] },
      { email, password: BIG },
      { email: `${BIG}@x.co`, password: 'p' },
    ]) {
      const r = await ctx.req('POST', '/user/login', { body });
      expect(r.status).toBe(400);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(
        /^(Please fill all fields \((email|password) is missing\)\.$|(email|password) )/,
      );
    }
  });

  it('uses bcrypt cost 12 in production and 10 elsewhere', () => {
    expect(bcryptCost('production')).toBe(12);
    expect(bcryptCost('test')).toBe(10);
    expect(bcryptCost('development')).toBe(10);
  });
});

describe('GET /user/me and POST /user/logout', () => {
  it('needs a customer token', async () => {
    const r = await ctx.req('GET', '/user/me');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ flag: 0, msg: 'Please log in to continue.', code: 'unauthorized' });
    expect((await ctx.req('POST', '/user/logout')).status).toBe(401);
  });

  it('logging out ends that session only, and a new login works again', async () => {
    const email = freshEmail();
    const first = await register({ name: 'Two Devices', email, password: 'two-devices' });
    const second = await ctx.req('POST', '/user/login', { body: { email, password: 'two-devices' } });
    const out = await ctx.req('POST', '/user/logout', { token: second.body.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ flag: 1, msg: 'You have been logged out.' });
    const r = await ctx.req('GET', '/user/me', { token: second.body.token });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('Your session is not valid. Please log in again.');
    expect((await ctx.req('GET', '/user/me', { token: first.body.token })).status).toBe(200);
    const again = await ctx.req('POST', '/user/login', { body: { email, password: 'two-devices' } });
    expect((await ctx.req('GET', '/user/me', { token: again.body.token })).status).toBe(200);
  });
});
