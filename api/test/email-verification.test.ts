// Covers: confirming a shopper's e-mail address (POST /user/email/verify, /user/email/verify-request) and the
// shop's setting that asks for it before a first order (PUT /settings requireVerifiedEmail); editing a saved
// address in place (PUT /user/address/:addressId). The welcome mail's link confirms the address once; an
// altered or used link is refused; a new link ends the old one and is throttled per account; a reset link
// confirms the address too. With the setting on, an unconfirmed account's first order is refused with nothing
// written, a confirmed one or one that ordered before goes on. Another shopper's address is not found; a bad
// address is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, mailedLink, type TestContext } from './context';
import { address, addToCart, makeProduct, orderBody, type Shopper, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000', ACCOUNT_MAIL_MAX_PER_HOUR: '20' });
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const me = async (token: string) => (await ctx.req('GET', '/user/me', { token })).body.user;
const verify = (token: string) => ctx.req('POST', '/user/email/verify', { body: { token } });
const setRequired = async (on: boolean) => {
  const r = await ctx.req('PUT', '/settings', { token: admin, body: { requireVerifiedEmail: on } });
  expect(r.status, r.text).toBe(200);
  expect(r.body.settings.requireVerifiedEmail).toBe(on);
};
async function placeCod(s: Shopper) {
  const p = await makeProduct(ctx.db, { price: 500, stock: 5 });
  await addToCart(ctx.db, s.id, p.id, 1);
  return ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
}

describe('confirming the e-mail address', () => {
  it('the welcome mail links to a confirmation that works once; an altered link is refused', async () => {
    const s = await shopper(ctx, 'Kavya Iyer');
    expect((await me(s.token)).emailVerified).toBe(false);
    const link = await mailedLink(ctx.db, s.email, 'account_created');
    const altered = `${link.slice(0, -1)}${link.endsWith('a') ? 'b' : 'a'}`;
    expect((await verify(altered)).body.code).toBe('invalid_link');
    expect((await me(s.token)).emailVerified).toBe(false);

    const ok = await verify(link);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.msg).toBe('Thank you: your e-mail address is confirmed.');
    expect((await me(s.token)).emailVerified).toBe(true);
    expect((await verify(link)).body.code).toBe('invalid_link');
    const again = await ctx.req('POST', '/user/email/verify-request', { token: s.token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('already_verified');
  });

  it('a new link ends the old one and is throttled per account', async () => {
    const s = await shopper(ctx, 'Ravi Shah');
    const welcome = await mailedLink(ctx.db, s.email, 'account_created');
    const sent = await ctx.req('POST', '/user/email/verify-request', { token: s.token });
    expect(sent.status, sent.text).toBe(200);
    const fresh = await mailedLink(ctx.db, s.email, 'verify_email');
    expect((await verify(welcome)).body.code).toBe('invalid_link');
    for (let i = 0; i < 2; i++)
      expect((await ctx.req('POST', '/user/email/verify-request', { token: s.token })).status).toBe(200);
    const flood = await ctx.req('POST', '/user/email/verify-request', { token: s.token });
    expect(flood.status).toBe(429);
    expect(flood.headers.get('retry-after')).toBe('3600');
    // The newest link still works.
    const newest = await mailedLink(ctx.db, s.email, 'verify_email');
    expect(newest).not.toBe(fresh);
    expect((await verify(newest)).status).toBe(200);
  });

  it('a used reset link confirms the address too', async () => {
    const s = await shopper(ctx, 'Meena Das');
    expect((await ctx.req('POST', '/user/password/forgot', { body: { email: s.email } })).status).toBe(200);
    let token = '';
    for (let i = 0; i < 50 && !token; i++) {
      token = await mailedLink(ctx.db, s.email, 'password_reset').catch(() => '');
      if (!token) await new Promise((r) => setTimeout(r, 100));
    }
    const reset = await ctx.req('POST', '/user/password/reset', {
      body: { token, password: 'meena-new-pass-1' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.user.emailVerified).toBe(true);
  });
});

describe('the setting "confirm the e-mail address before the first order"', () => {
  it('is off by default: an unconfirmed shopper orders', async () => {
    expect((await ctx.req('GET', '/settings')).body.settings.requireVerifiedEmail).toBe(false);
    const s = await shopper(ctx, 'Nisha Pillai');
    expect((await placeCod(s)).status).toBe(201);
  });

  it('when on, refuses an unconfirmed first order with nothing written, and lets confirmed or earlier buyers order', async () => {
    const earlier = await shopper(ctx, 'Older Buyer');
    expect((await placeCod(earlier)).status).toBe(201);
    await setRequired(true);
    try {
      const s = await shopper(ctx, 'Arjun Nair');
      const p = await makeProduct(ctx.db, { price: 700, stock: 3 });
      await addToCart(ctx.db, s.id, p.id, 1);
      const before = await ctx.snapshot();
      const refused = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('email_unverified');
      expect(refused.body.msg).toBe(
        'Please confirm your e-mail address before your first order: open the link we sent you, or ask for a new one in your account.',
      );
      expect(await ctx.snapshot()).toEqual(before);

      expect((await verify(await mailedLink(ctx.db, s.email, 'account_created'))).status).toBe(200);
      const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
      expect(placed.status, placed.text).toBe(201);
      // Someone who ordered before the setting was switched on goes on as before.
      expect((await placeCod(earlier)).status).toBe(201);
    } finally {
      await setRequired(false);
    }
  });

  it('takes only true or false', async () => {
    const r = await ctx.req('PUT', '/settings', {
      token: admin,
      body: { requireVerifiedEmail: 'sometimes' },
    });
    expect(r.status).toBe(400);
    expect((await ctx.req('GET', '/settings')).body.settings.requireVerifiedEmail).toBe(false);
  });
});

describe('editing a saved address', () => {
  it('changes it in place; another shopper cannot, and a bad address changes nothing', async () => {
    const s = await shopper(ctx, 'Deepa Menon');
    const added = await ctx.req('POST', '/user/add-address', {
      token: s.token,
      body: { shipping_address: address() },
    });
    expect(added.status, added.text).toBe(201);
    const id = added.body.user.shipping_address[0]._id as string;

    const edited = await ctx.req('PUT', `/user/address/${id}`, {
      token: s.token,
      body: { shipping_address: address({ adressLine1: '7 Brigade Road', contact: '9845012345' }) },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.msg).toBe('Address saved.');
    expect(edited.body.user.shipping_address).toHaveLength(1);
    expect(edited.body.user.shipping_address[0]).toMatchObject({
      _id: id,
      adressLine1: '7 Brigade Road',
      contact: '9845012345',
    });

    const other = await shopper(ctx, 'Someone Else');
    const theirs = await ctx.req('PUT', `/user/address/${id}`, {
      token: other.token,
      body: { shipping_address: address({ adressLine1: 'Taken over' }) },
    });
    expect(theirs.status).toBe(404);

    const bad = await ctx.req('PUT', `/user/address/${id}`, {
      token: s.token,
      body: { shipping_address: address({ contact: 'abcdefghij' }) },
    });
    expect(bad.status).toBe(400);
    expect((await me(s.token)).shipping_address[0].adressLine1).toBe('7 Brigade Road');
  });
});
