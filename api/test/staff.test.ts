// Covers: staff accounts and roles (GET/POST /admin/staff, PATCH /admin/staff/{id}, POST
// /admin/staff/{id}/password, POST /admin/password): invite with a first password mailed to the new member
// (never shown to the Owner) and changed at the first login before anything else answers, the role's
// permissions in the login reply, role changes applying from the next request, deactivation refusing the
// account's tokens and logins at once (and for good: reactivating does not bring old tokens back), password
// reset ending sessions, a staff member changing their own password, the last active Owner kept (also when two
// Owners demote each other at once), and input validation. The route × role matrix is in
// security/access-matrix.test.ts.
import { ROLE_PERMISSIONS } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { createTestContext, firstPasswordOf, type TestContext } from './context';

let ctx: TestContext;
let owner: string;
let ownerId: string;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000' });
  await createOrResetAdmin(ctx.db, {
    email: 'owner@voltcart.test',
    password: 'owner-password',
    name: 'Asha',
  });
  const r = await login('owner@voltcart.test', 'owner-password');
  owner = r.body.token;
  ownerId = r.body.admin._id;
});
afterAll(() => ctx.close());

const login = (email: string, password: string) =>
  ctx.req('POST', '/admin/login', { body: { email, password } });

/** An invited staff member who has chosen their own password. */
async function invite(role: string) {
  const s = await ctx.staffMember(owner, role);
  return { id: s.id, email: s.email, password: s.password };
}

describe('invite', () => {
  it('creates the account with its role and mails a first password the member must change first', async () => {
    const before = await ctx.req('GET', '/admin/staff', { token: owner });
    const r = await ctx.req('POST', '/admin/staff', {
      token: owner,
      body: { name: ' Ravi ', email: 'Ravi@Voltcart.test', role: 'catalogue' },
    });
    expect(r.status).toBe(201);
    expect(r.body.member).toMatchObject({
      name: 'Ravi',
      email: 'ravi@voltcart.test',
      role: 'catalogue',
      active: true,
    });
    expect(r.body.password).toBeUndefined();
    expect(r.body.msg).toBe(
      'We have mailed Ravi a first password at ravi@voltcart.test; they choose their own when they first log in.',
    );
    const first = await firstPasswordOf(ctx.db, 'ravi@voltcart.test');
    expect(first).toMatch(/^[\w-]{16}$/);
    const list = await ctx.req('GET', '/admin/staff', { token: owner });
    expect(list.body.staff).toHaveLength(before.body.staff.length + 1);
    expect(list.text).not.toContain(first);
    expect(list.text).not.toContain('password_hash');

    const staffLogin = await login('ravi@voltcart.test', first);
    expect(staffLogin.status).toBe(200);
    expect(staffLogin.body.admin).toMatchObject({
      role: 'catalogue',
      permissions: [...ROLE_PERMISSIONS.catalogue],
      mustChangePassword: true,
    });
    const token = staffLogin.body.token;
    // Until the member chooses a password only their own session answers.
    const blocked = await ctx.req('GET', '/product/0/variants', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'setup_required', pending: 'password' });
    expect((await ctx.req('GET', '/admin/me', { token })).status).toBe(200);
    const same = await ctx.req('POST', '/admin/password', {
      token,
      body: { currentPassword: first, password: first },
    });
    expect(same.status).toBe(400);
    const wrong = await ctx.req('POST', '/admin/password', {
      token,
      body: { currentPassword: 'not-the-password', password: 'ravi-own-password' },
    });
    expect(wrong.status).toBe(401);
    const changed = await ctx.req('POST', '/admin/password', {
      token,
      body: { currentPassword: first, password: 'ravi-own-password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.admin.mustChangePassword).toBe(false);
    // The old session ended with the old password; the answer's token is the new session.
    expect((await ctx.req('GET', '/admin/me', { token })).status).toBe(401);
    const me = await ctx.req('GET', '/admin/me', { token: changed.body.token });
    expect(me.body.admin.permissions).toEqual([...ROLE_PERMISSIONS.catalogue]);
    expect((await ctx.req('GET', '/product/0/variants', { token: changed.body.token })).status).toBe(404);
    expect((await login('ravi@voltcart.test', first)).status).toBe(401);
    const audit = await ctx.req('GET', `/admin/audit?kind=staff&objectId=${r.body.member._id}`, {
      token: owner,
    });
    expect(audit.body.records[0]).toMatchObject({ action: 'staff.password_change' });
  });

  it('refuses a taken email (409), an unknown role and a missing name (400)', async () => {
    const taken = await ctx.req('POST', '/admin/staff', {
      token: owner,
      body: { name: 'Again', email: 'owner@voltcart.test', role: 'orders' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('email_taken');
    const role = await ctx.req('POST', '/admin/staff', {
      token: owner,
      body: { name: 'X', email: 'x@voltcart.test', role: 'admin' },
    });
    expect(role.status).toBe(400);
    expect(role.body.msg).toMatch(/role/);
    const name = await ctx.req('POST', '/admin/staff', {
      token: owner,
      body: { email: 'y@voltcart.test', role: 'orders' },
    });
    expect(name.status).toBe(400);
    expect(name.body.msg).toMatch(/name/);
  });
});

describe('roles', () => {
  it('a role change applies from the next request, without a new login', async () => {
    const s = await invite('orders');
    const token = (await login(s.email, s.password)).body.token;
    const before = await ctx.req('GET', '/product/0/variants', { token });
    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ code: 'missing_permission', permission: 'catalog.read' });
    expect(before.body.msg).toBe(
      'Your role (Orders) does not allow this: it needs the catalog.read permission.',
    );
    const changed = await ctx.req('PATCH', `/admin/staff/${s.id}`, {
      token: owner,
      body: { role: 'catalogue' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.member.role).toBe('catalogue');
    expect((await ctx.req('GET', '/product/0/variants', { token })).status).toBe(404);
    expect((await ctx.req('GET', '/order', { token })).body.code).toBe('missing_permission');
  });

  it('refuses an empty change and an unknown staff member', async () => {
    const s = await invite('orders');
    const empty = await ctx.req('PATCH', `/admin/staff/${s.id}`, { token: owner, body: {} });
    expect(empty.status).toBe(400);
    const unknown = await ctx.req('PATCH', '/admin/staff/999999', { token: owner, body: { role: 'orders' } });
    expect(unknown.status).toBe(404);
  });
});

describe('deactivation', () => {
  it("refuses the account's tokens at once and its logins, and reactivating lets it back in", async () => {
    const s = await invite('manager');
    const token = (await login(s.email, s.password)).body.token;
    expect((await ctx.req('GET', '/admin/me', { token })).status).toBe(200);
    const off = await ctx.req('PATCH', `/admin/staff/${s.id}`, { token: owner, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body.member.active).toBe(false);
    const me = await ctx.req('GET', '/admin/me', { token });
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ code: 'unauthorized', msg: 'This staff account has been deactivated.' });
    expect((await ctx.req('GET', '/order', { token })).status).toBe(401);
    const again = await login(s.email, s.password);
    expect(again.status).toBe(401);
    expect(again.body.token).toBeUndefined();

    await ctx.req('PATCH', `/admin/staff/${s.id}`, { token: owner, body: { active: true } });
    // The sessions from before the deactivation stay ended; a new login works.
    expect((await ctx.req('GET', '/admin/me', { token })).status).toBe(401);
    expect((await login(s.email, s.password)).status).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a new first password and ends every session of the account', async () => {
    const s = await invite('orders');
    const token = (await login(s.email, s.password)).body.token;
    const r = await ctx.req('POST', `/admin/staff/${s.id}/password`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.password).toBeUndefined();
    expect(r.body.member.mustChangePassword).toBe(true);
    expect((await ctx.req('GET', '/admin/me', { token })).status).toBe(401);
    expect((await login(s.email, s.password)).status).toBe(401);
    const again = await login(s.email, await firstPasswordOf(ctx.db, s.email));
    expect(again.status).toBe(200);
    expect(again.body.admin.mustChangePassword).toBe(true);
  });
});

describe('the last active Owner', () => {
  it('cannot be demoted or deactivated (409), while another Owner exists it can', async () => {
    for (const body of [{ role: 'manager' }, { active: false }, { role: 'orders', active: false }]) {
      const r = await ctx.req('PATCH', `/admin/staff/${ownerId}`, { token: owner, body });
      expect(r.status, JSON.stringify(body)).toBe(409);
      expect(r.body.code).toBe('last_owner');
    }
    const second = await invite('owner');
    const demoted = await ctx.req('PATCH', `/admin/staff/${second.id}`, {
      token: owner,
      body: { role: 'manager' },
    });
    expect(demoted.status).toBe(200);
    // An inactive Owner does not count: promoting a deactivated member to Owner leaves the rule standing.
    await ctx.req('PATCH', `/admin/staff/${second.id}`, {
      token: owner,
      body: { role: 'owner', active: false },
    });
    expect(
      (await ctx.req('PATCH', `/admin/staff/${ownerId}`, { token: owner, body: { role: 'manager' } })).status,
    ).toBe(409);
  });

  it('two Owners stepping down at once: one wins, one Owner stays', async () => {
    const a = await invite('owner');
    const aToken = (await login(a.email, a.password)).body.token;
    const owners = async () =>
      ctx.db.selectFrom('admins').select('id').where('role', '=', 'owner').where('active', '=', 1).execute();
    // Leave exactly two active Owners: Asha and a.
    for (const m of await owners())
      if (String(m.id) !== ownerId && String(m.id) !== a.id)
        await ctx.req('PATCH', `/admin/staff/${m.id}`, { token: owner, body: { active: false } });
    expect(await owners()).toHaveLength(2);
    // Each demotes themselves, so that neither request's own permission depends on the other.
    const [x, y] = await Promise.all([
      ctx.req('PATCH', `/admin/staff/${a.id}`, { token: aToken, body: { role: 'manager' } }),
      ctx.req('PATCH', `/admin/staff/${ownerId}`, { token: owner, body: { role: 'manager' } }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await owners()).toHaveLength(1);
  });
});
