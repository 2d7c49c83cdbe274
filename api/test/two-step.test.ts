// Covers: staff two-step sign-in (POST /admin/two-step/setup, /admin/two-step, /admin/two-step/disable, POST
// /admin/login with `code`, POST /admin/staff/{id}/two-step/reset, GET/PUT /admin/staff-security): enrolment
// with a QR code and ten recovery codes stored hashed, the login's second step, a TOTP code refused when used
// again within its window, a recovery code working once, the Owner requiring two-step sign-in (an account
// without it can only enrol), the Owner's reset, and the History recording enrolments and resets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { totpCode } from '../src/lib/totp';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000' });
  await createOrResetAdmin(ctx.db, {
    email: 'owner@voltcart.test',
    password: 'owner-password',
    name: 'Asha',
  });
  owner = (await login('owner@voltcart.test', 'owner-password')).body.token;
});
afterAll(() => ctx.close());

function login(email: string, password: string, code?: string) {
  return ctx.req('POST', '/admin/login', { body: { email, password, ...(code ? { code } : {}) } });
}

/** Enrols the account of `token`: answers its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await ctx.req('POST', '/admin/two-step/setup', { token });
  expect(setup.status).toBe(200);
  const on = await ctx.req('POST', '/admin/two-step', { token, body: { code: totpCode(setup.body.secret) } });
  expect(on.status, on.text).toBe(200);
  return {
    secret: setup.body.secret as string,
    recovery: on.body.recoveryCodes as string[],
    setup: setup.body,
  };
}

/** A code of the next 30-second step (the current one was used by the enrolment). */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe('enrolment and sign-in', () => {
  it('enrols with a QR code, then the login needs a code that works once; recovery codes work once', async () => {
    const s = await ctx.staffMember(owner, 'orders');
    const { secret, recovery, setup } = await enrol(s.token);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const c of recovery) expect(JSON.stringify(stored)).not.toContain(c);
    const row = await ctx.db
      .selectFrom('admins')
      .select('totp_secret')
      .where('email', '=', s.email)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);

    const noCode = await login(s.email, s.password);
    expect(noCode.status).toBe(401);
    expect(noCode.body).toMatchObject({ code: 'two_step_required' });
    expect(noCode.body.token).toBeUndefined();
    expect((await login(s.email, 'wrong-password', nextCode(secret))).status).toBe(401);
    const code = nextCode(secret);
    const ok = await login(s.email, s.password, code);
    expect(ok.status).toBe(200);
    expect(ok.body.admin.twoStepEnabled).toBe(true);
    // The same code again, still inside its window: refused.
    const reused = await login(s.email, s.password, code);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('invalid_code');

    expect((await login(s.email, s.password, recovery[0])).status).toBe(200);
    expect((await login(s.email, s.password, recovery[0]!.toUpperCase())).status).toBe(401);
    expect((await login(s.email, s.password, ` ${recovery[1]} `)).status).toBe(200);

    const audit = await ctx.req('GET', '/admin/audit?kind=staff', { token: owner });
    expect(audit.body.records.map((r: { action: string }) => r.action)).toContain('staff.two_step_enabled');
    const failures = await ctx.req('GET', '/admin/audit?kind=session', { token: owner });
    expect(
      failures.body.records.some(
        (r: { summary: string }) => r.summary === `Failed two-step code for ${s.email}`,
      ),
    ).toBe(true);
  });

  it('refuses a wrong first code, and enabling before the set-up', async () => {
    const s = await ctx.staffMember(owner, 'catalogue');
    expect(
      (await ctx.req('POST', '/admin/two-step', { token: s.token, body: { code: '123456' } })).status,
    ).toBe(400);
    const setup = await ctx.req('POST', '/admin/two-step/setup', { token: s.token });
    const wrong = totpCode(setup.body.secret) === '000000' ? '111111' : '000000';
    const r = await ctx.req('POST', '/admin/two-step', { token: s.token, body: { code: wrong } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_code');
  });

  it('turns off with a current code unless the Owner requires it', async () => {
    const s = await ctx.staffMember(owner, 'orders');
    const { secret } = await enrol(s.token);
    const off = await ctx.req('POST', '/admin/two-step/disable', {
      token: s.token,
      body: { code: nextCode(secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body.admin.twoStepEnabled).toBe(false);
    expect((await login(s.email, s.password)).status).toBe(200);
  });
});

describe('the Owner', () => {
  it('requires two-step sign-in: an account without it can only enrol; the History records it', async () => {
    const s = await ctx.staffMember(owner, 'orders');
    const early = await ctx.req('PUT', '/admin/staff-security', {
      token: owner,
      body: { twoStepRequired: true },
    });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(
      'Set up two-step sign-in for your own account first, then require it of everyone.',
    );
    await enrol(owner);
    const on = await ctx.req('PUT', '/admin/staff-security', {
      token: owner,
      body: { twoStepRequired: true },
    });
    expect(on.status).toBe(200);
    expect((await ctx.req('GET', '/admin/staff-security', { token: owner })).body.twoStepRequired).toBe(true);
    const me = await ctx.req('GET', '/admin/me', { token: s.token });
    expect(me.body.admin.mustEnrolTwoStep).toBe(true);
    const blocked = await ctx.req('GET', '/order', { token: s.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'setup_required', pending: 'two_step' });
    const { secret } = await enrol(s.token);
    expect((await ctx.req('GET', '/order', { token: s.token })).status).toBe(200);
    const off = await ctx.req('POST', '/admin/two-step/disable', {
      token: s.token,
      body: { code: nextCode(secret) },
    });
    expect(off.status).toBe(403);
    // A staff member who is not the Owner cannot change the rule.
    expect(
      (await ctx.req('PUT', '/admin/staff-security', { token: s.token, body: { twoStepRequired: false } }))
        .body.code,
    ).toBe('missing_permission');
    await ctx.req('PUT', '/admin/staff-security', { token: owner, body: { twoStepRequired: false } });
    const history = await ctx.req('GET', '/admin/audit?kind=settings', { token: owner });
    expect(history.body.records[0].summary).toBe(
      'Two-step sign-in no longer required for every staff account',
    );
  });

  it('resets a lost phone: two-step off, sessions ended, recorded', async () => {
    const s = await ctx.staffMember(owner, 'orders');
    const { secret } = await enrol(s.token);
    const token = (await login(s.email, s.password, nextCode(secret))).body.token;
    const r = await ctx.req('POST', `/admin/staff/${s.id}/two-step/reset`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.member.twoStepEnabled).toBe(false);
    expect((await ctx.req('GET', '/admin/me', { token })).status).toBe(401);
    expect((await login(s.email, s.password)).status).toBe(200);
    const audit = await ctx.req('GET', `/admin/audit?kind=staff&objectId=${s.id}`, { token: owner });
    expect(audit.body.records[0]).toMatchObject({ action: 'staff.two_step_reset' });
  });

  it('admin:create turns two-step sign-in off (the way back in with a lost phone)', async () => {
    await enrol(owner);
    expect((await login('owner@voltcart.test', 'owner-password')).status).toBe(401);
    await createOrResetAdmin(ctx.db, { email: 'owner@voltcart.test', password: 'owner-password' });
    expect((await login('owner@voltcart.test', 'owner-password')).status).toBe(200);
  });
});
