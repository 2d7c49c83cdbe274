// Covers (ASVS V6, V9; OWASP password storage cheat sheet): password rules (8 characters minimum, at most 72
// bytes and never silently truncated: a password sharing the first 72 bytes cannot log in), login rate limiting
// per account and per address that case tricks and forged X-Forwarded-For cannot dodge and that reveals nothing
// about which emails exist, token expiry and claims checks, logout ending every session, and admin and customer
// audiences never interchangeable (not even for equal numeric ids).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../../src/cli/admin-create';
import { request } from '../support';
import {
  ACCOUNT_PASSWORD,
  AUDIENCE,
  createSecurityContext,
  expectRefusal,
  fingerprint,
  forge,
  type Kind,
  makeAccount,
  type Res,
  type SecurityContext,
} from './harness';

const MAX_FAILURES = 4;

let sc: SecurityContext;
beforeAll(async () => {
  sc = await createSecurityContext({
    LOGIN_MAX_FAILURES: String(MAX_FAILURES),
    LOGIN_WINDOW_MINUTES: '15',
    LOGIN_ADDRESS_CEILING: String(MAX_FAILURES * 4),
  });
});
afterAll(async () => {
  await sc?.close();
});

const unique = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;
const register = (email: string, password: string, name = 'Sec Tester') =>
  sc.req('POST', '/user/register', { body: { name, email, password } });
/** Login attempts count per client address; each test that is not about addresses uses its own. */
let ipSeq = 0;
const loginFrom = async (
  email: string,
  password: string,
  path = '/user/login',
  ip = `10.9.0.${++ipSeq % 250}`,
) => {
  const res: Res = await request(sc.app, 'POST', path, { body: { email, password }, from: ip });
  sc.seen.push(res.text);
  return res;
};

describe('password rules', () => {
  it('refuses 7 characters and accepts 8, storing nothing for the refusal', async () => {
    const before = await fingerprint(sc);
    const r = await register(unique('seven'), 'abcdefg');
    expectRefusal(r, [400]);
    expect(r.body.msg).toMatch(/password.*8/);
    expect(await fingerprint(sc)).toEqual(before);
    expect((await register(unique('eight'), 'abcdefgh')).status).toBe(201);
  });

  it('counts bytes, not characters: 72 bytes accepted, 73 bytes and 25 three-byte characters refused', async () => {
    expect((await register(unique('b72'), 'a'.repeat(72))).status).toBe(201);
    expect((await register(unique('euro24'), '€'.repeat(24))).status).toBe(201);
    for (const password of [
      'a'.repeat(73),
      '€'.repeat(25),
      `${'a'.repeat(71)}é`,
      '😀'.repeat(19),
      'a'.repeat(4096),
    ]) {
      const before = await fingerprint(sc);
      const r = await register(unique('long'), password);
      expectRefusal(r, [400], `${Buffer.byteLength(password)} bytes`);
      expect(r.body.msg).toMatch(/72 bytes|too long/);
      expect(await fingerprint(sc)).toEqual(before);
    }
  });

  it('never truncates: a password sharing the first 72 bytes of the real one cannot log in', async () => {
    const email = unique('prefix');
    const real = `P${randomBytes(40).toString('hex')}`.slice(0, 72);
    expect(Buffer.byteLength(real)).toBe(72);
    expect((await register(email, real)).status).toBe(201);
    for (const attempt of [`${real}x`, `${real}${real}`, `${real}\u0000`]) {
      const r = await loginFrom(email, attempt);
      expectRefusal(r, [401], 'prefix-equal password');
    }
    expect((await loginFrom(email, real)).status).toBe(200);
  });

  it('also for an account whose stored hash came from a long password before the rule (bcrypt would match it)', async () => {
    const long = `L${'x'.repeat(99)}`;
    const email = unique('legacy');
    // bcrypt itself ignores everything after byte 72: this hash matches `long` and every string sharing its prefix.
    const hash = await bcrypt.hash(long, 4);
    expect(await bcrypt.compare(`${long.slice(0, 72)}different tail`, hash)).toBe(true);
    await sc.db.insertInto('users').values({ name: 'Legacy', email, password_hash: hash }).execute();
    expectRefusal(await loginFrom(email, `${long.slice(0, 72)}different tail`), [401]);
  });

  it('applies the same rules to admin accounts made with admin:create', async () => {
    for (const password of ['short12', 'a'.repeat(73)]) {
      await expect(
        createOrResetAdmin(sc.db, { email: unique('admin'), password }, { cost: 4 }),
      ).rejects.toThrow(/password/i);
    }
  });
});

describe('login rate limiting', () => {
  it('answers an unknown email exactly like a wrong password: status, code and message', async () => {
    const email = unique('known');
    await register(email, 'known-pass-1');
    const wrong = await loginFrom(email, 'not-the-password');
    const unknown = await loginFrom(unique('nobody'), 'not-the-password');
    expect(wrong.status).toBe(401);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: wrong.status,
      body: wrong.body,
    });
    const adminWrong = await loginFrom((await makeAccount(sc, 'admin')).email, 'nope-nope', '/admin/login');
    const adminUnknown = await loginFrom(unique('ghost-admin'), 'nope-nope', '/admin/login');
    expect(adminUnknown.body).toEqual(adminWrong.body);
  });

  it(`slows an account down after ${MAX_FAILURES} failures from one address, even for the right password, and cannot be dodged by case or spaces`, async () => {
    const email = unique('victim');
    await register(email, 'victim-pass-1');
    const ip = '10.9.1.1';
    const variants = [email, email.toUpperCase(), ` ${email} `, email.replace(/^./, (c) => c.toUpperCase())];
    for (let i = 0; i < MAX_FAILURES; i++)
      expectRefusal(await loginFrom(variants[i % variants.length]!, `guess-${i}`, '/user/login', ip), [401]);
    // As if five more failures had waited their turn: the next wait is 32 s, longer than this test takes.
    await sql`UPDATE login_failures SET failures = failures + 5 WHERE bucket = ${`customer:${email}|ip:${ip}`}`.execute(
      sc.db,
    );
    for (const v of variants) {
      const r = await loginFrom(v, 'victim-pass-1', '/user/login', ip);
      expectRefusal(r, [429], `locked account as "${v}"`);
      expect(r.body.code).toBe('too_many_attempts');
    }
  });

  it('slows unknown emails the same way, with the same answer as a real account', async () => {
    const real = unique('real');
    await register(real, 'real-pass-12');
    const ghost = unique('ghost');
    const ip = '10.9.1.2';
    for (let i = 0; i < MAX_FAILURES; i++) {
      await loginFrom(real, `guess-${i}`, '/user/login', ip);
      await loginFrom(ghost, `guess-${i}`, '/user/login', ip);
    }
    // Both next waits end 10 s later than the rule's, so the two answers below cannot outrun them on a slow machine.
    await sql`UPDATE login_failures SET last_at = last_at + INTERVAL 10 SECOND WHERE bucket LIKE ${`%|ip:${ip}`}`.execute(
      sc.db,
    );
    const a = await loginFrom(real, 'real-pass-12', '/user/login', ip);
    const b = await loginFrom(ghost, 'real-pass-12', '/user/login', ip);
    expect(a.status).toBe(429);
    // The two delays started milliseconds apart: the seconds left may differ by one, nothing else may.
    const { retryAfterSeconds: ra, ...restA } = a.body;
    const { retryAfterSeconds: rb, ...restB } = b.body;
    expect({ status: b.status, body: restB, retry: !!b.headers.get('retry-after') }).toEqual({
      status: a.status,
      body: restA,
      retry: !!a.headers.get('retry-after'),
    });
    expect(Math.abs(Number(ra) - Number(rb))).toBeLessThanOrEqual(1);
  });

  it('keeps admin and customer counters apart: locking a customer email does not lock the admin of that email', async () => {
    const admin = await makeAccount(sc, 'admin', 'shared');
    const ip = '10.9.1.3';
    for (let i = 0; i < MAX_FAILURES + 1; i++) await loginFrom(admin.email, `guess-${i}`, '/user/login', ip);
    await sql`UPDATE login_failures SET last_at = NOW(3) + INTERVAL 10 SECOND WHERE bucket LIKE ${`%|ip:${ip}`}`.execute(
      sc.db,
    );
    expect((await loginFrom(admin.email, ACCOUNT_PASSWORD, '/user/login', ip)).status).toBe(429);
    expect((await loginFrom(admin.email, ACCOUNT_PASSWORD, '/admin/login', ip)).status).toBe(200);
  });

  it('opens again when the delay has passed', async () => {
    const email = unique('later');
    await register(email, 'later-pass-1');
    const ip = '10.9.1.4';
    for (let i = 0; i < MAX_FAILURES; i++) await loginFrom(email, `guess-${i}`, '/user/login', ip);
    await sql`UPDATE login_failures SET last_at = NOW(3) + INTERVAL 10 SECOND WHERE bucket LIKE ${`%|ip:${ip}`}`.execute(
      sc.db,
    );
    expect((await loginFrom(email, 'later-pass-1', '/user/login', ip)).status).toBe(429);
    await sql`UPDATE login_failures SET last_at = NOW(3) - INTERVAL 2 SECOND WHERE bucket LIKE ${`%|ip:${ip}`}`.execute(
      sc.db,
    );
    expect((await loginFrom(email, 'later-pass-1', '/user/login', ip)).status).toBe(200);
  });

  it('limits one address trying many emails, over a real socket, whatever X-Forwarded-For claims', async () => {
    await sql`DELETE FROM login_failures`.execute(sc.db);
    const server = serve({ fetch: sc.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => (server.listening ? r() : server.once('listening', () => r())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const email = unique('spray-target');
      await register(email, 'spray-pass-1');
      const statuses: number[] = [];
      // Password spraying: each email tried once, so no pair is slowed; the address ceiling is 4× the free failures.
      for (let i = 0; i < MAX_FAILURES * 4 + 2; i++) {
        const res = await fetch(`${base}/user/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `203.0.113.${i}`,
            'x-real-ip': `198.51.100.${i}`,
          },
          body: JSON.stringify({ email: unique(`spray${i}`), password: 'Summer2024!' }),
        });
        statuses.push(res.status);
        await res.text();
      }
      expect(statuses.slice(0, MAX_FAILURES * 4)).toEqual(Array(MAX_FAILURES * 4).fill(401));
      expect(statuses.slice(MAX_FAILURES * 4)).toEqual([429, 429]);
      // The real owner, coming from elsewhere, is not locked out by the sprayer.
      expect((await loginFrom(email, 'spray-pass-1')).status).toBe(200);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('answers malformed and hostile login bodies with 400, never 500', async () => {
    for (const body of [
      { email: "' OR 1=1 --", password: "' OR 1=1 --" },
      { email: { $ne: null }, password: { $ne: null } },
      { email: ['a@b.co'], password: 'x' },
      { email: 'a@b.co', password: null },
    ]) {
      const r = await sc.req('POST', '/user/login', { body, headers: {} });
      expectRefusal(r, [400, 401, 429], JSON.stringify(body));
    }
  });
});

describe('tokens', () => {
  it('issues customer tokens for 7 days and admin tokens for 12 hours, HS256, with the right audience', async () => {
    const email = unique('ttl');
    const reg = await register(email, 'ttl-pass-123');
    const admin = await makeAccount(sc, 'admin');
    const adminLogin = await loginFrom(admin.email, ACCOUNT_PASSWORD, '/admin/login');
    const claims = (t: string) =>
      JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
    const header = (t: string) =>
      JSON.parse(Buffer.from(t.split('.')[0]!, 'base64url').toString()) as { alg: string };
    const c = claims(reg.body.token);
    const a = claims(adminLogin.body.token);
    expect(header(reg.body.token).alg).toBe('HS256');
    expect(c.aud).toBe(AUDIENCE.customer);
    expect(a.aud).toBe(AUDIENCE.admin);
    expect(Number(c.exp) - Number(c.iat)).toBe(7 * 24 * 3600);
    expect(Number(a.exp) - Number(a.iat)).toBe(12 * 3600);
    // Nothing private in the claims: no email, name, password or role flags to trust.
    expect(Object.keys(c).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'sid', 'sub', 'ver']);
  });

  it('refuses an expired token with a message that says so', async () => {
    const u = await makeAccount(sc, 'customer');
    const r = await sc.req('GET', '/user/me', {
      token: await forge.expired(sc.config.JWT_SECRET, 'customer', u.id),
    });
    expectRefusal(r, [401]);
    expect(r.body.msg).toMatch(/expired/i);
  });

  /** Tokens signed with the real secret but wrong in some other way (a bug in issuing must not become access). */
  async function signed(
    kind: Kind,
    claims: Record<string, unknown>,
    alg = 'HS256',
    opts: { iss?: string; aud?: string | string[]; sub?: string } = {},
  ) {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h');
    if (opts.iss !== '') jwt = jwt.setIssuer(opts.iss ?? 'voltcart');
    jwt = jwt.setAudience(opts.aud ?? AUDIENCE[kind]);
    if (opts.sub !== '') jwt = jwt.setSubject(opts.sub ?? '1');
    return jwt.sign(new TextEncoder().encode(sc.config.JWT_SECRET));
  }

  it('checks algorithm, issuer, audience, subject and version even under the real secret', async () => {
    const u = await makeAccount(sc, 'customer');
    const sub = String(u.id);
    const cases: [string, Promise<string>][] = [
      ['HS512 instead of HS256', signed('customer', { ver: 0 }, 'HS512', { sub })],
      ['another issuer', signed('customer', { ver: 0 }, 'HS256', { iss: 'someone-else', sub })],
      ['no issuer', signed('customer', { ver: 0 }, 'HS256', { iss: '', sub })],
      ['an unknown audience', signed('customer', { ver: 0 }, 'HS256', { aud: 'voltcart', sub })],
      ['no subject', signed('customer', { ver: 0 }, 'HS256', { sub: '' })],
      ['a non-numeric subject', signed('customer', { ver: 0 }, 'HS256', { sub: `${sub} OR 1=1` })],
      ['a negative subject', signed('customer', { ver: 0 }, 'HS256', { sub: '-1' })],
      ['a huge subject', signed('customer', { ver: 0 }, 'HS256', { sub: '99999999999999999999' })],
      ['no version', signed('customer', {}, 'HS256', { sub })],
      ['a version as text', signed('customer', { ver: '0' }, 'HS256', { sub })],
      ['a future version', signed('customer', { ver: 1 }, 'HS256', { sub })],
      [
        'alg None',
        Promise.resolve(
          `${Buffer.from('{"alg":"None","typ":"JWT"}').toString('base64url')}.${u.token.split('.')[1]}.`,
        ),
      ],
      [
        'alg none with the old signature kept',
        Promise.resolve(`${forge.algNone(u.token)}${u.token.split('.')[2]}`),
      ],
    ];
    for (const [name, token] of cases) {
      const r = await sc.req('GET', '/user/me', { token: await token });
      expectRefusal(r, [401], name);
    }
    expect((await sc.req('GET', '/user/me', { token: u.token })).status).toBe(200);
  });

  it('accepts the token only in the Authorization header, not in a cookie or the query string', async () => {
    const u = await makeAccount(sc, 'customer');
    expectRefusal(
      await sc.req('GET', '/user/me', { headers: { cookie: `token=${u.token}; jwt=${u.token}` } }),
      [401],
    );
    expectRefusal(await sc.req('GET', `/user/me?token=${u.token}`), [401]);
  });
});

describe('logout', () => {
  it('ends that session of the customer; log out everywhere ends every other one; a new login works', async () => {
    const email = unique('sessions');
    await register(email, 'sessions-pass-1');
    const one = (await loginFrom(email, 'sessions-pass-1')).body.token as string;
    const two = (await loginFrom(email, 'sessions-pass-1')).body.token as string;
    expect((await sc.req('GET', '/user/me', { token: two })).status).toBe(200);
    expect((await sc.req('POST', '/user/logout', { token: one })).status).toBe(200);
    expectRefusal(await sc.req('GET', '/user/me', { token: one }), [401]);
    expectRefusal(await sc.req('POST', '/user/logout', { token: one }), [401]);
    expectRefusal(await sc.req('POST', '/user/logout-everywhere', { token: one }), [401]);
    expect((await sc.req('GET', '/user/me', { token: two })).status).toBe(200);
    expect((await sc.req('POST', '/user/logout-everywhere', { token: two })).status).toBe(200);
    expectRefusal(await sc.req('GET', '/user/me', { token: two }), [401]);
    const three = (await loginFrom(email, 'sessions-pass-1')).body.token as string;
    expect((await sc.req('GET', '/user/me', { token: three })).status).toBe(200);
  });

  it('ends that session of the admin; log out everywhere ends every other one', async () => {
    const admin = await makeAccount(sc, 'admin');
    const one = (await loginFrom(admin.email, ACCOUNT_PASSWORD, '/admin/login')).body.token as string;
    const two = (await loginFrom(admin.email, ACCOUNT_PASSWORD, '/admin/login')).body.token as string;
    expect((await sc.req('POST', '/admin/logout', { token: two })).status).toBe(200);
    expectRefusal(await sc.req('GET', '/admin/me', { token: two }), [401]);
    for (const t of [one, admin.token])
      expect((await sc.req('GET', '/admin/me', { token: t })).status).toBe(200);
    expect((await sc.req('POST', '/admin/logout-everywhere', { token: one })).status).toBe(200);
    for (const t of [one, two, admin.token])
      expectRefusal(await sc.req('GET', '/admin/me', { token: t }), [401]);
  });

  it('resetting an admin password with admin:create ends that admin sessions', async () => {
    const admin = await makeAccount(sc, 'admin');
    await createOrResetAdmin(sc.db, { email: admin.email, password: 'brand-new-pass-1' }, { cost: 4 });
    expectRefusal(await sc.req('GET', '/admin/me', { token: admin.token }), [401]);
  });
});

describe('audiences', () => {
  it('never interchanges admin and customer tokens, even when both accounts have the same numeric id', async () => {
    // Make both tables hand out the same next id, then create one account in each.
    const next =
      Math.max(
        Number(
          (await sql<{ m: number }>`SELECT COALESCE(MAX(id), 0) AS m FROM admins`.execute(sc.db)).rows[0]!.m,
        ),
        Number(
          (await sql<{ m: number }>`SELECT COALESCE(MAX(id), 0) AS m FROM users`.execute(sc.db)).rows[0]!.m,
        ),
      ) + 1000;
    const hash = await bcrypt.hash('x', 4);
    await sc.db
      .insertInto('admins')
      .values({ id: next, name: 'Twin', email: unique('twin-a'), password_hash: hash } as never)
      .execute();
    await sc.db
      .insertInto('users')
      .values({ id: next, name: 'Twin', email: unique('twin-u'), password_hash: hash } as never)
      .execute();
    const sign = (kind: Kind) =>
      new SignJWT({ ver: 0, sid: randomBytes(16).toString('base64url') })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(next))
        .setIssuer('voltcart')
        .setAudience(AUDIENCE[kind])
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(sc.config.JWT_SECRET));
    const customerToken = await sign('customer');
    const adminToken = await sign('admin');
    expect((await sc.req('GET', '/user/me', { token: customerToken })).status).toBe(200);
    expect((await sc.req('GET', '/admin/me', { token: adminToken })).status).toBe(200);
    for (const path of ['/admin/me', '/admin/users', '/admin/metrics', '/order']) {
      expectRefusal(await sc.req('GET', path, { token: customerToken }), [403], `customer token on ${path}`);
    }
    for (const path of ['/user/me', '/cart', '/order/my-orders']) {
      expectRefusal(await sc.req('GET', path, { token: adminToken }), [403], `admin token on ${path}`);
    }
  });

  it('a customer token on a public route shows only what a visitor sees', async () => {
    const u = await makeAccount(sc, 'customer');
    const admin = await makeAccount(sc, 'admin');
    await sc.db
      .insertInto('categories')
      .values({ name: 'Hidden', slug: `hidden-${randomBytes(3).toString('hex')}`, status: 0 })
      .execute();
    const visitor = await sc.req('GET', '/category');
    const asCustomer = await sc.req('GET', '/category', { token: u.token });
    const asAdmin = await sc.req('GET', '/category', { token: admin.token });
    expect(asCustomer.body.categories).toEqual(visitor.body.categories);
    expect(asAdmin.body.categories.length).toBe(visitor.body.categories.length + 1);
  });
});
