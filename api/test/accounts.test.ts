// Covers: a shopper's way back in and data rights (POST /user/password/forgot, /user/password/reset,
// /user/code, /user/code/login, PATCH /user/profile, POST /user/email, /user/email/confirm, /user/password,
// GET /user/data, POST /user/delete-request, /user/delete): reset links single-use, expiring, bound to their
// account and unusable once altered; the same answer whether the address has an account or not; 50 requests
// throttled with no mail flood; sign-in codes (6 digits, 5 tries); e-mail change refused for another account's
// address without saying whose; password change with the current one; the data export; deletion confirmed by a
// mail's link, twice refused, the old token 401 and the address free to register again; the welcome mail
// greeting by first name only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashLinkToken } from '../src/lib/secrets';
import { createTestContext, mailedLink, type TestContext } from './context';
import { request, waitFor } from './support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000', ACCOUNT_MAIL_MAX_PER_HOUR: '20' });
});
afterAll(() => ctx.close());

let ipSeq = 0;
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const post = (path: string, body: object, opts: { token?: string; from?: string } = {}) =>
  request(ctx.app, 'POST', path, { body, token: opts.token, from: opts.from ?? freshIp() });

const mailsTo = async (email: string, kind: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient', '=', email)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Asks for a reset link and waits for its mail (it is written after the answer). */
async function resetLink(email: string): Promise<string> {
  const before = await mailsTo(email, 'password_reset');
  expect((await post('/user/password/forgot', { email })).status).toBe(200);
  await waitFor('the reset mail', async () => (await mailsTo(email, 'password_reset')) > before, 5000);
  return mailedLink(ctx.db, email, 'password_reset');
}

const login = (email: string, password: string) => post('/user/login', { email, password });

describe('password reset', () => {
  it('answers the same for an address with and without an account', async () => {
    const s = await ctx.customer('Asha Rao');
    const known = await post('/user/password/forgot', { email: s.email });
    const unknown = await post('/user/password/forgot', { email: 'nobody-at-all@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.msg).toBe(
      'If an account exists for this address, we have sent a link. It works for 30 minutes.',
    );
    // The lookup happens after the answer: the two take about the same time (medians of five, taken in turns,
    // each after the previous request's mail work is done).
    const ms: Record<string, number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 5; i++) {
      for (const [k, email] of [
        ['known', s.email],
        ['unknown', 'nobody-else@example.com'],
      ] as const) {
        await new Promise((r) => setTimeout(r, 150));
        const t = performance.now();
        await post('/user/password/forgot', { email });
        ms[k]!.push(performance.now() - t);
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    expect(Math.abs(median(ms.known!) - median(ms.unknown!))).toBeLessThan(25);
  });

  it('sets a new password with the link once; every session ends; the link works only once', async () => {
    const s = await ctx.customer();
    const token = await resetLink(s.email);
    const r = await post('/user/password/reset', { token, password: 'brand-new-pass' });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeTruthy();
    expect((await ctx.req('GET', '/user/me', { token: s.token })).status).toBe(401);
    expect((await ctx.req('GET', '/user/me', { token: r.body.token })).status).toBe(200);
    expect((await login(s.email, 'shopper-pass-1')).status).toBe(401);
    expect((await login(s.email, 'brand-new-pass')).status).toBe(200);
    const again = await post('/user/password/reset', { token, password: 'another-new-pass' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_link');
    expect((await login(s.email, 'brand-new-pass')).status).toBe(200);
  });

  it('refuses an expired link, an altered one, and a weak password; a link moves only its own account', async () => {
    const a = await ctx.customer();
    const b = await ctx.customer();
    const token = await resetLink(a.email);
    const altered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect(
      (await post('/user/password/reset', { token: altered, password: 'brand-new-pass' })).body.code,
    ).toBe('invalid_link');
    expect((await post('/user/password/reset', { token, password: 'short' })).status).toBe(400);
    // A's link changes A's password, never B's.
    expect((await post('/user/password/reset', { token, password: 'a-new-password' })).status).toBe(200);
    expect((await login(b.email, 'shopper-pass-1')).status).toBe(200);
    expect((await login(b.email, 'a-new-password')).status).toBe(401);

    const late = await resetLink(b.email);
    await sql`UPDATE account_tokens SET expires_at = NOW(3) - INTERVAL 1 SECOND WHERE token_hash = ${hashLinkToken(late)}`.execute(
      ctx.db,
    );
    const expired = await post('/user/password/reset', { token: late, password: 'brand-new-pass' });
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toMatch(/^This link is not valid any more/);
  });

  it('ends outstanding links when the password changes another way', async () => {
    const s = await ctx.customer();
    const token = await resetLink(s.email);
    const changed = await post(
      '/user/password',
      { currentPassword: 'shopper-pass-1', password: 'changed-in-profile' },
      { token: s.token },
    );
    expect(changed.status).toBe(200);
    expect((await post('/user/password/reset', { token, password: 'brand-new-pass' })).status).toBe(400);
  });

  it('50 requests for one address: throttled per address, at most five mails an hour to the account', async () => {
    const s = await ctx.customer();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await post('/user/password/forgot', { email: s.email }, { from: ip })).status);
    expect(statuses.slice(0, 20).every((x) => x === 200)).toBe(true);
    expect(statuses.slice(20).every((x) => x === 429)).toBe(true);
    // From many addresses too: the account gets no more than five.
    for (let i = 0; i < 10; i++) await post('/user/password/forgot', { email: s.email });
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(s.email, 'password_reset')).toBe(5);
  });
});

describe('sign-in by code', () => {
  async function code(email: string): Promise<string> {
    const before = await mailsTo(email, 'sign_in_code');
    expect((await post('/user/code', { email })).status).toBe(200);
    await waitFor('the code mail', async () => (await mailsTo(email, 'sign_in_code')) > before, 5000);
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', email)
      .where('kind', '=', 'sign_in_code')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(mail.subject)![1]!;
  }

  it('logs in with the mailed code once; a wrong code counts, five wrong tries end it', async () => {
    const s = await ctx.customer();
    const c = await code(s.email);
    const wrong = c === '000000' ? '111111' : '000000';
    const bad = await post('/user/code/login', { email: s.email, code: wrong });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('invalid_code');
    const ok = await post('/user/code/login', { email: s.email, code: c });
    expect(ok.status).toBe(200);
    expect((await ctx.req('GET', '/user/me', { token: ok.body.token })).body.user.email).toBe(s.email);
    expect((await post('/user/code/login', { email: s.email, code: c })).status).toBe(401);

    const c2 = await code(s.email);
    for (let i = 0; i < 5; i++)
      await post('/user/code/login', { email: s.email, code: c2 === '000000' ? '222222' : '000000' });
    expect((await post('/user/code/login', { email: s.email, code: c2 })).status).toBe(401);
  });

  it('answers an unknown address like a known one, and refuses a code that is not 6 digits', async () => {
    const r = await post('/user/code', { email: 'no-such-shopper@example.com' });
    expect(r.status).toBe(200);
    expect(r.body.msg).toMatch(/^If an account exists for this address/);
    expect((await post('/user/code/login', { email: 'x@example.com', code: '12ab56' })).status).toBe(400);
  });
});

describe('profile', () => {
  it('changes the name', async () => {
    const s = await ctx.customer();
    const r = await ctx.req('PATCH', '/user/profile', { token: s.token, body: { name: '  Meera Iyer ' } });
    expect(r.status).toBe(200);
    expect(r.body.user.name).toBe('Meera Iyer');
    expect((await ctx.req('PATCH', '/user/profile', { token: s.token, body: { name: '' } })).status).toBe(
      400,
    );
  });

  it('changes the e-mail through a link to the new address, telling the old one', async () => {
    const s = await ctx.customer();
    const next = `new-${s.email}`;
    const wrong = await post('/user/email', { email: next, password: 'not-my-password' }, { token: s.token });
    expect(wrong.status).toBe(401);
    const r = await post('/user/email', { email: next, password: 'shopper-pass-1' }, { token: s.token });
    expect(r.status).toBe(200);
    expect(await mailsTo(s.email, 'email_changed')).toBe(1);
    const token = await mailedLink(ctx.db, next, 'email_change');
    expect((await ctx.req('GET', '/user/me', { token: s.token })).body.user.email).toBe(s.email);
    expect((await post('/user/email/confirm', { token })).status).toBe(200);
    expect((await ctx.req('GET', '/user/me', { token: s.token })).body.user.email).toBe(next);
    expect((await login(next, 'shopper-pass-1')).status).toBe(200);
    expect((await post('/user/email/confirm', { token })).status).toBe(400);
  });

  it("refuses another account's address without saying whose", async () => {
    const a = await ctx.customer();
    const b = await ctx.customer('Bharat Shah');
    const r = await post('/user/email', { email: b.email, password: 'shopper-pass-1' }, { token: a.token });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'email_taken',
      msg: 'This e-mail address cannot be used for your account. Choose another one.',
    });
    expect(r.text).not.toContain('Bharat');
    expect(await mailsTo(b.email, 'email_change')).toBe(0);
  });

  it('changes the password with the current one: other sessions end, this one goes on with a new token', async () => {
    const s = await ctx.customer();
    const other = (await login(s.email, 'shopper-pass-1')).body.token;
    const wrong = await post(
      '/user/password',
      { currentPassword: 'nope-nope', password: 'next-password' },
      { token: s.token },
    );
    expect(wrong.status).toBe(401);
    const r = await post(
      '/user/password',
      { currentPassword: 'shopper-pass-1', password: 'next-password' },
      { token: s.token },
    );
    expect(r.status).toBe(200);
    expect((await ctx.req('GET', '/user/me', { token: other })).status).toBe(401);
    expect((await ctx.req('GET', '/user/me', { token: r.body.token })).status).toBe(200);
  });
});

describe('registration', () => {
  it('greets by the first name only and links only to the shop', async () => {
    const email = `phish-${Date.now()}@example.com`;
    const r = await post('/user/register', {
      name: 'Your account is LOCKED. Verify now at https://evil.example/verify',
      email,
      password: 'long-enough-1',
    });
    expect(r.status).toBe(201);
    const mail = await ctx.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/^Hello Your,\n/);
    for (const body of [mail.text_body, mail.html_body]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('LOCKED');
      const links = [...body.matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => m[0]);
      expect(links.every((l) => l.startsWith(ctx.config.STOREFRONT_URL))).toBe(true);
    }
  });

  it('refuses a taken e-mail with the way back', async () => {
    const s = await ctx.customer();
    const r = await post('/user/register', { name: 'Again', email: s.email, password: 'long-enough-1' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('An account with this e-mail already exists. Log in or reset your password.');
  });
});

describe('data rights', () => {
  it('downloads the profile, addresses and orders as JSON', async () => {
    const s = await ctx.customer('Ravi Kumar');
    await ctx.req('POST', '/user/add-address', {
      token: s.token,
      body: {
        shipping_address: {
          adressLine1: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560001',
          country: 'India',
          contact: '9876543210',
        },
      },
    });
    const r = await ctx.req('GET', '/user/data', { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      profile: { name: 'Ravi Kumar', email: s.email },
      addresses: [{ adressLine1: '12 MG Road', city: 'Bengaluru' }],
      orders: [],
      newsletter: false,
    });
    expect(r.text).not.toContain('password');
  });

  it('deletes the account with the mailed link: data erased, old token 401, the link refused twice, the address free again', async () => {
    const s = await ctx.customer('Deepa Nair');
    expect((await post('/user/delete-request', {}, { token: s.token })).status).toBe(200);
    expect((await post('/user/delete-request', {}, { token: s.token })).status).toBe(200);
    const token = await mailedLink(ctx.db, s.email, 'delete_account');
    const r = await post('/user/delete', { token });
    expect(r.status).toBe(200);
    expect((await post('/user/delete', { token })).body.code).toBe('invalid_link');
    expect((await ctx.req('GET', '/user/me', { token: s.token })).status).toBe(401);
    expect((await login(s.email, 'shopper-pass-1')).status).toBe(401);
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(s.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Deleted account',
      email: `deleted-${s.id}@deleted.invalid`,
      password_hash: '',
    });
    expect(await mailsTo(s.email, 'account_deleted')).toBe(1);
    const again = await post('/user/register', { name: 'Deepa', email: s.email, password: 'long-enough-1' });
    expect(again.status).toBe(201);
  });
});
