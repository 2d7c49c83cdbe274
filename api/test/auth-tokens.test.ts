// Covers: how customer and admin tokens are checked on customer and admin routes: no token (401), malformed,
// tampered signature, `alg: none`, another secret, expired (401), wrong audience (403 both ways), tokens
// after logout (401) and tokens of a deleted account (401). Refused requests change nothing.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** A customer route, an admin route, each with a harmless request. */
const CUSTOMER = { method: 'GET', path: '/user/me' };
const CUSTOMER_WRITE = {
  method: 'POST',
  path: '/user/add-address',
  body: {
    shipping_address: {
      adressLine1: '1 Road',
      city: 'Pune',
      state: 'MH',
      postalCode: '411001',
      country: 'India',
    },
  },
};
const ADMIN = { method: 'GET', path: '/admin/me' };

async function call(route: { method: string; path: string; body?: unknown }, token?: string) {
  return ctx.req(route.method, route.path, { token, body: route.body });
}

async function sign(
  claims: Record<string, unknown>,
  opts: { aud: string; sub: string; exp: number | string; secret?: string },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(opts.sub)
    .setIssuer('voltcart')
    .setAudience(opts.aud)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(opts.exp)
    .sign(new TextEncoder().encode(opts.secret ?? ctx.config.JWT_SECRET));
}

describe('tokens', () => {
  let shopper: { id: string; token: string };
  let adminToken: string;
  beforeAll(async () => {
    shopper = await ctx.customer('Token Tester');
    adminToken = await ctx.adminToken();
  });

  it('accepts the right token on its own routes', async () => {
    expect((await call(CUSTOMER, shopper.token)).body).toMatchObject({ flag: 1, user: { _id: shopper.id } });
    expect((await call(ADMIN, adminToken)).body).toMatchObject({ flag: 1, admin: { name: 'Admin' } });
  });

  it('answers 401 without a token', async () => {
    const c = await call(CUSTOMER);
    expect(c.status).toBe(401);
    expect(c.body).toEqual({ flag: 0, msg: 'Please log in to continue.', code: 'unauthorized' });
    const a = await call(ADMIN);
    expect(a.status).toBe(401);
    expect(a.body).toEqual({ flag: 0, msg: 'Admin login required.', code: 'unauthorized' });
  });

  it('answers 401 to malformed tokens and Authorization headers', async () => {
    for (const header of [
      'Bearer',
      'Bearer not-a-jwt',
      'Bearer a.b.c',
      `Basic ${shopper.token}`,
      shopper.token,
    ]) {
      for (const route of [CUSTOMER, ADMIN]) {
        const r = await ctx.req(route.method, route.path, { headers: { authorization: header } });
        expect(r.status).toBe(401);
        expect(r.body.flag).toBe(0);
        expect(r.body.code).toBe('unauthorized');
      }
    }
  });

  it('answers 401 to a tampered signature or payload', async () => {
    const [h, p, s] = shopper.token.split('.') as [string, string, string];
    const i = Math.floor(s.length / 2);
    const flipped = `${h}.${p}.${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const otherUser = `${h}.${b64({ ...payload, sub: '999' })}.${s}`;
    for (const token of [flipped, otherUser]) {
      const r = await call(CUSTOMER, token);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ flag: 0, msg: 'Your session is not valid. Please log in again.' });
    }
  });

  it('answers 401 to `alg: none` and to tokens signed with another secret', async () => {
    const payload = JSON.parse(Buffer.from(shopper.token.split('.')[1]!, 'base64url').toString());
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    const foreign = await sign(
      { ver: 0 },
      { aud: 'voltcart-customer', sub: shopper.id, exp: '1h', secret: 'x'.repeat(40) },
    );
    for (const token of [none, foreign]) {
      const r = await call(CUSTOMER, token);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('unauthorized');
    }
    const adminPayload = JSON.parse(Buffer.from(adminToken.split('.')[1]!, 'base64url').toString());
    const adminNone = `${b64({ alg: 'none' })}.${b64(adminPayload)}.`;
    expect((await call(ADMIN, adminNone)).status).toBe(401);
  });

  it('answers 401 to an expired token, saying the session expired', async () => {
    const expired = await sign(
      { ver: 0 },
      { aud: 'voltcart-customer', sub: shopper.id, exp: Math.floor(Date.now() / 1000) - 60 },
    );
    const r = await call(CUSTOMER, expired);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      flag: 0,
      msg: 'Your session has expired. Please log in again.',
      code: 'unauthorized',
    });
  });

  it('answers 403 to an admin token on customer routes and a customer token on admin routes', async () => {
    const before = await ctx.snapshot();
    const a = await call(CUSTOMER_WRITE, adminToken);
    expect(a.status).toBe(403);
    expect(a.body).toEqual({ flag: 0, msg: 'This action is for customer accounts.', code: 'forbidden' });
    expect((await call(CUSTOMER, adminToken)).status).toBe(403);
    expect((await ctx.req('GET', '/cart', { token: adminToken })).status).toBe(403);
    const c = await call(ADMIN, shopper.token);
    expect(c.status).toBe(403);
    expect(c.body).toEqual({ flag: 0, msg: 'Admin access required.', code: 'forbidden' });
    expect((await ctx.req('POST', '/admin/logout', { token: shopper.token })).status).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('answers 401 to a token used after logout', async () => {
    const s = await ctx.customer('Leaver');
    expect((await ctx.req('POST', '/user/logout', { token: s.token })).status).toBe(200);
    const r = await call(CUSTOMER_WRITE, s.token);
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('Your session is not valid. Please log in again.');
  });

  it('answers 401 to the token of a deleted account', async () => {
    const s = await ctx.customer('Deleted');
    await ctx.db.deleteFrom('users').where('id', '=', Number(s.id)).execute();
    const r = await call(CUSTOMER, s.token);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ flag: 0, code: 'unauthorized' });
    expect((await ctx.req('GET', '/cart', { token: s.token })).status).toBe(401);
  });

  it('answers 401 to the token of a deleted admin', async () => {
    await ctx.db
      .insertInto('admins')
      .values({ name: 'Temp', email: 'temp-admin@voltcart.test', password_hash: 'x' })
      .execute();
    const row = await ctx.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', 'temp-admin@voltcart.test')
      .executeTakeFirstOrThrow();
    const token = await sign(
      { ver: 0, sid: randomBytes(16).toString('base64url') },
      { aud: 'voltcart-admin', sub: String(row.id), exp: '1h' },
    );
    expect((await call(ADMIN, token)).status).toBe(200);
    await ctx.db.deleteFrom('admins').where('id', '=', row.id).execute();
    expect((await call(ADMIN, token)).status).toBe(401);
  });
});
