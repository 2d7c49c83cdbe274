import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ApiServer, address, startRefused } from './server';

/** The call table's account rows (docs/api.md): POST /admin/login, /user/register, /user/login, /user/add-address. */

let api: ApiServer;
beforeAll(async () => {
  api = await ApiServer.start();
});
afterAll(async () => {
  await api?.stop();
});

describe('GET /health', () => {
  it('answers 200', async () => {
    const r = await api.get('/health');
    expect(r.status).toBe(200);
  });
});

describe('POST /admin/login', () => {
  it('answers msg, flag 1, admin and token', async () => {
    const r = await api.call('POST', '/admin/login', { json: ADMIN });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect(typeof r.body.token).toBe('string');
    expect(r.body.admin).toBeTypeOf('object');
    expect(r.body.admin.email).toBe(ADMIN.email);
    expect(typeof r.body.admin._id).toBe('string');
    expect(JSON.stringify(r.body.admin)).not.toMatch(/"password(_hash)?"|\$2[aby]\$/i);
  });

  it('trims the email', async () => {
    const r = await api.call('POST', '/admin/login', {
      json: { email: `  ${ADMIN.email} `, password: ADMIN.password },
    });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
  });

  it('refuses a wrong password with 401 and flag 0', async () => {
    const r = await api.call('POST', '/admin/login', {
      json: { email: ADMIN.email, password: 'wrong-password' },
    });
    expect(r.status).toBe(401);
    expect(r.body.flag).toBe(0);
    expect(r.body.token).toBeUndefined();
    expect(r.body.msg).toMatch(/\w/);
  });

  it('refuses missing fields and a malformed email with 400', async () => {
    for (const json of [
      { email: ADMIN.email },
      { password: 'x' },
      { email: 'not-an-email', password: 'x' },
      {},
    ]) {
      const r = await api.call('POST', '/admin/login', { json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(/email|password/i);
    }
  });

  it('does not log a customer in as an admin', async () => {
    const c = await api.customer();
    const r = await api.call('POST', '/admin/login', { json: { email: c.email, password: c.password } });
    expect(r.status).toBe(401);
    expect(r.body.flag).toBe(0);
  });
});

describe('POST /user/register', () => {
  it('answers msg, flag 1, user (with _id, no password) and token', async () => {
    const email = `new.${Date.now()}@voltcart.test`;
    const r = await api.call('POST', '/user/register', {
      json: { name: 'Ravi Kumar', email, password: 'secret-pass-1' },
    });
    expect([200, 201]).toContain(r.status);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect(typeof r.body.token).toBe('string');
    expect(r.body.user).toMatchObject({ name: 'Ravi Kumar', email });
    expect(typeof r.body.user._id).toBe('string');
    expect(JSON.stringify(r.body.user)).not.toMatch(/password|\$2[aby]\$/i);
    if ('shipping_address' in r.body.user) expect(r.body.user.shipping_address).toEqual([]);
  });

  it('refuses a duplicate email with 409 (also in another letter case)', async () => {
    const c = await api.customer();
    const again = await api.call('POST', '/user/register', {
      json: { name: 'Someone', email: c.email, password: 'other-pass-1' },
    });
    expect(again.status).toBe(409);
    expect(again.body.flag).toBe(0);
    expect(again.body.msg).toMatch(/e-?mail/i);
    const upper = await api.call('POST', '/user/register', {
      json: { name: 'Someone', email: c.email.toUpperCase(), password: 'other-pass-1' },
    });
    expect(upper.status).toBe(409);
  });

  it('refuses missing or wrong-typed fields with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: 'a1@voltcart.test', password: 'secret-pass-1' }, /name/i],
      [{ name: 'A', password: 'secret-pass-1' }, /email/i],
      [{ name: 'A', email: 'a2@voltcart.test' }, /password/i],
      [{ name: 'A', email: 'not-an-email', password: 'secret-pass-1' }, /email/i],
      [{ name: 12, email: 'a3@voltcart.test', password: 'secret-pass-1' }, /name/i],
      [{ name: '   ', email: 'a4@voltcart.test', password: 'secret-pass-1' }, /name/i],
    ];
    for (const [json, field] of cases) {
      const r = await api.call('POST', '/user/register', { json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(field);
    }
  });

  it('refuses a 10 MB name without storing anything', async () => {
    const email = `huge.${Date.now()}@voltcart.test`;
    const r = await api.call('POST', '/user/register', {
      json: { name: 'x'.repeat(10 * 1024 * 1024), email, password: 'secret-pass-1' },
    });
    expect([400, 413]).toContain(r.status);
    const login = await api.call('POST', '/user/login', { json: { email, password: 'secret-pass-1' } });
    expect(login.status).toBe(401);
  });

  it("a confirmation sent with it must match: 400 'Passwords do not match', nothing stored", async () => {
    const email = `confirm.${Date.now()}@voltcart.test`;
    const r = await api.call('POST', '/user/register', {
      json: { name: 'Two Minds', email, password: 'secret-pass-1', confirmPassword: 'secret-pass-2' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ flag: 0, msg: 'Passwords do not match' });
    const ok = await api.call('POST', '/user/register', {
      json: { name: 'One Mind', email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1' },
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const r = await api.call('POST', '/user/register', {
      raw: { body: '{not json', type: 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body.flag).toBe(0);
  });
});

describe('POST /user/login', () => {
  it('answers msg, flag 1, user and token', async () => {
    const c = await api.customer('Meera Iyer');
    const r = await api.call('POST', '/user/login', { json: { email: c.email, password: c.password } });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect(typeof r.body.token).toBe('string');
    expect(r.body.user).toMatchObject({ _id: c.user._id, name: 'Meera Iyer', email: c.email });
    expect(JSON.stringify(r.body.user)).not.toMatch(/password|\$2[aby]\$/i);
  });

  it('trims the email', async () => {
    const c = await api.customer();
    const r = await api.call('POST', '/user/login', {
      json: { email: ` ${c.email}  `, password: c.password },
    });
    expect(r.status).toBe(200);
  });

  it('refuses a wrong password with 401, an unknown email with 401, missing fields with 400', async () => {
    const c = await api.customer();
    const wrong = await api.call('POST', '/user/login', { json: { email: c.email, password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.flag).toBe(0);
    expect(wrong.body.token).toBeUndefined();
    const unknown = await api.call('POST', '/user/login', {
      json: { email: 'nobody@voltcart.test', password: 'nope-nope' },
    });
    expect(unknown.status).toBe(401);
    const missing = await api.call('POST', '/user/login', { json: { email: c.email } });
    expect(missing.status).toBe(400);
    expect(missing.body.flag).toBe(0);
  });

  it('does not log an admin in as a customer', async () => {
    const r = await api.call('POST', '/user/login', { json: ADMIN });
    expect(r.status).toBe(401);
  });
});

describe('POST /user/add-address', () => {
  it('adds an address with the adressLine1 spelling and answers flag, msg, user with shipping_address', async () => {
    const c = await api.customer();
    const r = await api.call('POST', '/user/add-address', {
      token: c.token,
      json: { user_id: c.user._id, shipping_address: address() },
    });
    expect([200, 201]).toContain(r.status);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect(r.body.user._id).toBe(c.user._id);
    expect(r.body.user.shipping_address).toHaveLength(1);
    expect(r.body.user.shipping_address[0]).toMatchObject(address());

    const second = await api.call('POST', '/user/add-address', {
      token: c.token,
      json: { user_id: c.user._id, shipping_address: address({ city: 'Mysuru', adressLine2: undefined }) },
    });
    expect(second.body.flag).toBe(1);
    expect(second.body.user.shipping_address).toHaveLength(2);
    expect(second.body.user.shipping_address.map((a: { city: string }) => a.city)).toEqual(
      expect.arrayContaining(['Bengaluru', 'Mysuru']),
    );

    // Login shows the saved addresses too (the checkout screen lists them from the session user).
    const login = await api.call('POST', '/user/login', { json: { email: c.email, password: c.password } });
    expect(login.body.user.shipping_address).toHaveLength(2);
  });

  it('takes the user from the token when user_id is left out', async () => {
    const c = await api.customer();
    const r = await api.call('POST', '/user/add-address', {
      token: c.token,
      json: { shipping_address: address() },
    });
    expect([200, 201]).toContain(r.status);
    expect(r.body.user._id).toBe(c.user._id);
  });

  it('line 2 and contact are optional', async () => {
    const c = await api.customer();
    const { adressLine2: _l2, contact: _c, ...rest } = address();
    const r = await api.call('POST', '/user/add-address', {
      token: c.token,
      json: { user_id: c.user._id, shipping_address: rest },
    });
    expect([200, 201]).toContain(r.status);
    expect(r.body.flag).toBe(1);
  });

  it('refuses each missing required field with 400 naming it, storing nothing', async () => {
    const c = await api.customer();
    for (const field of ['adressLine1', 'city', 'state', 'postalCode', 'country']) {
      const r = await api.call('POST', '/user/add-address', {
        token: c.token,
        json: { user_id: c.user._id, shipping_address: address({ [field]: '' }) },
      });
      expect(r.status, field).toBe(400);
      expect(r.body.flag).toBe(0);
      const words = field === 'adressLine1' ? /address|line/i : new RegExp(field.replace('C', '.?c'), 'i');
      expect(r.body.msg, field).toMatch(words);
    }
    const login = await api.call('POST', '/user/login', { json: { email: c.email, password: c.password } });
    expect(login.body.user.shipping_address ?? []).toHaveLength(0);
  });

  it('401 without a token, 401 with a tampered token', async () => {
    const c = await api.customer();
    const none = await api.call('POST', '/user/add-address', {
      json: { user_id: c.user._id, shipping_address: address() },
    });
    expect(none.status).toBe(401);
    expect(none.body.flag).toBe(0);
    const [h = '', p = '', s = ''] = c.token.split('.');
    const tampered = `${h}.${p}.${s.slice(0, -3)}${s.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const bad = await api.call('POST', '/user/add-address', {
      token: tampered,
      json: { user_id: c.user._id, shipping_address: address() },
    });
    expect(bad.status).toBe(401);
    // Someone else's id written into the payload, original signature kept.
    const other = await api.customer();
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: other.user._id })).toString('base64url')}.${s}`;
    const asOther = await api.call('POST', '/user/add-address', {
      token: forged,
      json: { shipping_address: address() },
    });
    expect(asOther.status).toBe(401);
    const garbage = await api.call('POST', '/user/add-address', {
      token: 'not-a-token',
      json: { shipping_address: address() },
    });
    expect(garbage.status).toBe(401);
  });

  it("refuses someone else's user_id with 403 and changes nothing", async () => {
    const a = await api.customer();
    const b = await api.customer();
    const r = await api.call('POST', '/user/add-address', {
      token: a.token,
      json: { user_id: b.user._id, shipping_address: address() },
    });
    expect(r.status).toBe(403);
    expect(r.body.flag).toBe(0);
    for (const who of [a, b]) {
      const login = await api.call('POST', '/user/login', {
        json: { email: who.email, password: who.password },
      });
      expect(login.body.user.shipping_address ?? []).toHaveLength(0);
    }
  });

  it('an admin token is not a customer token (403)', async () => {
    const admin = await api.adminToken();
    const r = await api.call('POST', '/user/add-address', {
      token: admin,
      json: { shipping_address: address() },
    });
    expect([401, 403]).toContain(r.status);
  });
});

describe('start-up configuration', () => {
  it('the payment simulator is refused in production (no Razorpay keys)', async () => {
    const r = await startRefused({
      NODE_ENV: 'production',
      RAZORPAY_KEY_ID: undefined,
      RAZORPAY_KEY_SECRET: undefined,
    });
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/RAZORPAY_KEY_ID/);
  });

  it('a bad value stops start-up with a message naming it', async () => {
    const r = await startRefused({ NODE_ENV: 'test', PORT: 'not-a-port' });
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/PORT/);
  });
});

describe('unknown routes', () => {
  it('answer 404 with flag 0', async () => {
    const r = await api.get('/no/such/route');
    expect(r.status).toBe(404);
    expect(r.body.flag).toBe(0);
  });
});

// Last in the file: the failed attempts may lock the login for this client address.
describe('login rate limiting', () => {
  it('answers 429 with a clear message after repeated failures', async () => {
    const c = await api.customer();
    const statuses: number[] = [];
    let last: { status: number; body: { msg?: string } } | null = null;
    for (let i = 0; i < 12; i++) {
      last = await api.call('POST', '/user/login', { json: { email: c.email, password: `wrong-${i}` } });
      statuses.push(last.status);
      if (last.status === 429) break;
    }
    expect(statuses).toContain(429);
    expect(last?.body.msg).toMatch(/too many|try again/i);
    // While locked, even the right password is refused.
    const right = await api.call('POST', '/user/login', { json: { email: c.email, password: c.password } });
    expect(right.status).toBe(429);
  });
});
