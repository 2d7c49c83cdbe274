// Covers: admin login, me and logout (POST /admin/login, GET /admin/me, POST /admin/logout): reply shape,
// one 401 message for unknown emails and wrong passwords, validation, logout ending that session,
// and createOrResetAdmin (the `npm run admin:create` command): create an Owner, reset (an active Owner again),
// input rules.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000' });
});
afterAll(() => ctx.close());

const login = (email: unknown, password: unknown) =>
  ctx.req('POST', '/admin/login', { body: { email, password } });

describe('POST /admin/login', () => {
  beforeAll(async () => {
    await createOrResetAdmin(ctx.db, {
      email: 'boss@voltcart.test',
      password: 'boss-password',
      name: 'Boss',
    });
  });

  it('returns the admin and an admin token', async () => {
    const r = await login('Boss@Voltcart.test ', 'boss-password');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Logged in successfully.',
      admin: { name: 'Boss', email: 'boss@voltcart.test' },
    });
    expect(Object.keys(r.body.admin).sort()).toEqual([
      '_id',
      'email',
      'mustChangePassword',
      'mustEnrolTwoStep',
      'name',
      'permissions',
      'role',
      'twoStepEnabled',
    ]);
    expect(r.body.admin).toMatchObject({
      role: 'owner',
      permissions: expect.arrayContaining(['staff.manage']),
    });
    const me = await ctx.req('GET', '/admin/me', { token: r.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ flag: 1, admin: { _id: r.body.admin._id, email: 'boss@voltcart.test' } });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    for (const [email, password] of [
      ['boss@voltcart.test', 'not-the-password'],
      ['nobody@voltcart.test', 'boss-password'],
    ]) {
      const before = await ctx.snapshot();
      const r = await login(email, password);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ flag: 0, msg: 'Invalid email or password.', code: 'invalid_credentials' });
      // Nothing changes (the snapshot leaves out the failed login's own history line: audit.test.ts checks it).
      expect(await ctx.snapshot()).toEqual(before);
    }
  });

  it('does not let a customer account log in as admin', async () => {
    const s = await ctx.customer('Not Staff');
    const r = await login(s.email, 'shopper-pass-1');
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('Invalid email or password.');
  });

  it('refuses missing, wrongly typed and oversized fields', async () => {
    for (const [email, password] of [
      [undefined, 'x'],
      ['boss@voltcart.test', undefined],
      ['', ''],
      ['not-an-email', 'boss-password'],
      [['boss@voltcart.test'], 'boss-password'],
      ['boss@voltcart.test', 123456789],
      ['boss@voltcart.test', 'p'.repeat(200_000)],
    ]) {
      const r = await login(email, password);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(
        /^(Please fill all fields \((email|password) is missing\)\.$|(email|password) )/,
      );
    }
  });
  it('refuses 10 MB strings (too large, or invalid) without changing anything', async () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    for (const body of [{ email: 'boss@voltcart.test', password: huge }]) {
      const before = await ctx.snapshot();
      const r = await login(body.email, body.password);
      expect([400, 413]).toContain(r.status);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(/too large|must be at most|too long/);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });
});

describe('POST /admin/logout', () => {
  it('ends that session only (see sessions.test.ts for the other sessions and "log out everywhere")', async () => {
    await createOrResetAdmin(ctx.db, { email: 'leaver@voltcart.test', password: 'leaver-password' });
    const a = (await login('leaver@voltcart.test', 'leaver-password')).body.token;
    const b = (await login('leaver@voltcart.test', 'leaver-password')).body.token;
    const r = await ctx.req('POST', '/admin/logout', { token: a });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ flag: 1, msg: 'You have been logged out.' });
    const me = await ctx.req('GET', '/admin/me', { token: a });
    expect(me.status).toBe(401);
    expect(me.body.flag).toBe(0);
    expect((await ctx.req('GET', '/admin/me', { token: b })).status).toBe(200);
    expect((await ctx.req('POST', '/admin/logout', { token: a })).status).toBe(401);
  });

  it('needs an admin token', async () => {
    expect((await ctx.req('POST', '/admin/logout')).status).toBe(401);
  });
});

describe('createOrResetAdmin', () => {
  it('creates an admin with a bcrypt hash and the default name', async () => {
    const r = await createOrResetAdmin(ctx.db, { email: ' New@Voltcart.test', password: 'new-admin-pw' });
    expect(r).toMatchObject({ email: 'new@voltcart.test', created: true });
    const row = await ctx.db
      .selectFrom('admins')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Admin');
    expect(row).toMatchObject({ role: 'owner', active: 1 });
    expect(await bcrypt.compare('new-admin-pw', row.password_hash)).toBe(true);
  });

  it('makes an existing account an active Owner again (the way back in for a locked-out shop)', async () => {
    const first = await createOrResetAdmin(ctx.db, {
      email: 'demoted@voltcart.test',
      password: 'first-password',
    });
    await ctx.db
      .updateTable('admins')
      .set({ role: 'orders', active: 0 })
      .where('id', '=', first.id)
      .execute();
    expect((await login('demoted@voltcart.test', 'first-password')).status).toBe(401);
    await createOrResetAdmin(ctx.db, { email: 'demoted@voltcart.test', password: 'second-password' });
    const r = await login('demoted@voltcart.test', 'second-password');
    expect(r.status).toBe(200);
    expect(r.body.admin.role).toBe('owner');
  });

  it('resets the password of an existing admin and ends its sessions', async () => {
    await createOrResetAdmin(ctx.db, {
      email: 'reset@voltcart.test',
      password: 'first-password',
      name: 'Ravi',
    });
    const old = (await login('reset@voltcart.test', 'first-password')).body.token;
    const r = await createOrResetAdmin(ctx.db, { email: 'reset@voltcart.test', password: 'second-password' });
    expect(r.created).toBe(false);
    expect((await ctx.req('GET', '/admin/me', { token: old })).status).toBe(401);
    expect((await login('reset@voltcart.test', 'first-password')).status).toBe(401);
    const now = await login('reset@voltcart.test', 'second-password');
    expect(now.status).toBe(200);
    expect(now.body.admin.name).toBe('Ravi');
    const n = await ctx.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'reset@voltcart.test')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('refuses a bad email or password with a message naming the field', async () => {
    await expect(createOrResetAdmin(ctx.db, { email: 'nope', password: 'long-enough' })).rejects.toThrow(
      'email must be a valid email address',
    );
    await expect(createOrResetAdmin(ctx.db, { email: 'a@b.co', password: 'short' })).rejects.toThrow(
      'password must be at least 8 characters',
    );
    await expect(createOrResetAdmin(ctx.db, { email: 'a@b.co', password: 'p'.repeat(73) })).rejects.toThrow(
      'password must be at most 72 bytes',
    );
  });
});

describe('POST /admin/login with hostile field values', () => {
  it('answers 400, never 500, for objects whose toString is not a function', async () => {
    const r = await ctx.req('POST', '/admin/login', {
      body: { email: 'boss@voltcart.test', password: { toString: 'x' } },
    });
    expect(r.status).toBe(400);
    expect(r.body.flag).toBe(0);
  });
});
