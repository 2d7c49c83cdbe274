// Covers sessions of one account (POST /admin/logout, /admin/logout-everywhere, /user/logout,
// /user/logout-everywhere): each login is its own session (a `sid` in the token); logging out ends that session
// only, while another login of the same account goes on; "log out everywhere" ends them all; a new login works
// afterwards; expired, forged and session-less tokens are still refused; ended sessions are forgotten once
// their tokens would have expired.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createOrResetAdmin(ctx.db, { email: 'two-desks@voltcart.test', password: 'two-desks-pw' });
});
afterAll(() => ctx.close());

const INVALID = 'Your session is not valid. Please log in again.';
const sid = () => randomBytes(16).toString('base64url');

async function adminLogin(): Promise<string> {
  const r = await ctx.req('POST', '/admin/login', {
    body: { email: 'two-desks@voltcart.test', password: 'two-desks-pw' },
  });
  expect(r.status).toBe(200);
  return r.body.token;
}

const adminMe = async (token: string) => (await ctx.req('GET', '/admin/me', { token })).status;

describe('admin sessions', () => {
  it('logging out ends this session only: another login of the same admin still works', async () => {
    const desk = await adminLogin();
    const laptop = await adminLogin();
    expect(desk).not.toBe(laptop);
    const out = await ctx.req('POST', '/admin/logout', { token: desk });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ flag: 1, msg: 'You have been logged out.' });

    const refused = await ctx.req('GET', '/admin/me', { token: desk });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ flag: 0, msg: INVALID, code: 'unauthorized' });
    expect((await ctx.req('POST', '/admin/logout', { token: desk })).status).toBe(401);

    expect(await adminMe(laptop)).toBe(200);
    expect((await ctx.req('GET', '/admin/metrics', { token: laptop })).status).toBe(200);
  });

  it('"log out everywhere" ends every session of the admin; a new login works again', async () => {
    const a = await adminLogin();
    const b = await adminLogin();
    const r = await ctx.req('POST', '/admin/logout-everywhere', { token: a });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ flag: 1, msg: 'You have been logged out on every device.' });
    expect(await adminMe(a)).toBe(401);
    expect(await adminMe(b)).toBe(401);
    expect(await adminMe(await adminLogin())).toBe(200);
    expect((await ctx.req('POST', '/admin/logout-everywhere')).status).toBe(401);
    const shopper = await ctx.customer();
    expect((await ctx.req('POST', '/admin/logout-everywhere', { token: shopper.token })).status).toBe(403);
  });
});

describe('customer sessions', () => {
  it('logging out on one device leaves the other logged in; "log out everywhere" ends both', async () => {
    const phone = await ctx.customer('Two Devices');
    const login = await ctx.req('POST', '/user/login', {
      body: { email: phone.email, password: 'shopper-pass-1' },
    });
    const laptop = login.body.token as string;
    const me = async (token: string) => (await ctx.req('GET', '/user/me', { token })).status;

    expect((await ctx.req('POST', '/user/logout', { token: phone.token })).status).toBe(200);
    expect(await me(phone.token)).toBe(401);
    expect(await me(laptop)).toBe(200);

    const tablet = (
      await ctx.req('POST', '/user/login', { body: { email: phone.email, password: 'shopper-pass-1' } })
    ).body.token as string;
    const all = await ctx.req('POST', '/user/logout-everywhere', { token: laptop });
    expect(all.body).toEqual({ flag: 1, msg: 'You have been logged out on every device.' });
    expect(await me(laptop)).toBe(401);
    expect(await me(tablet)).toBe(401);
  });
});

describe('tokens that are still refused', () => {
  const sign = (claims: Record<string, unknown>, sub: string, exp: number | string, secret?: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer('voltcart')
      .setAudience('voltcart-admin')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret ?? ctx.config.JWT_SECRET));

  it('refuses expired, forged and session-less tokens, and a session id moved into another token', async () => {
    const token = await adminLogin();
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const id = payload.sub as string;
    const ver = payload.ver as number;

    const expired = await sign({ ver, sid: sid() }, id, Math.floor(Date.now() / 1000) - 60);
    const r = await ctx.req('GET', '/admin/me', { token: expired });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('Your session has expired. Please log in again.');

    const forged = await sign({ ver, sid: payload.sid }, id, '1h', 'x'.repeat(48));
    const [h, , s] = token.split('.');
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...payload, sid: sid() })).toString('base64url')}.${s}`;
    // Signed with the real secret but without a session: tokens from before sessions existed end too.
    const sessionless = await sign({ ver }, id, '1h');
    const badSid = await sign({ ver, sid: 'not a session id' }, id, '1h');
    for (const t of [forged, edited, sessionless, badSid]) {
      const refused = await ctx.req('GET', '/admin/me', { token: t });
      expect(refused.status).toBe(401);
      expect(refused.body.msg).toBe(INVALID);
    }
    expect(await adminMe(token)).toBe(200);
  });

  it('forgets ended sessions once their tokens would have expired', async () => {
    await ctx.db
      .insertInto('ended_sessions')
      .values({ sid: sid(), expires_at: new Date(Date.now() - 3600_000) })
      .execute();
    const token = await adminLogin();
    await ctx.req('POST', '/admin/logout', { token });
    const left = await ctx.db.selectFrom('ended_sessions').select(['sid', 'expires_at']).execute();
    expect(left.every((r) => r.expires_at.getTime() > Date.now())).toBe(true);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(left.map((r) => r.sid)).toContain(payload.sid);
  });
});
