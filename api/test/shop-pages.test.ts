// Covers the shop's own pages (GET/PUT /settings/pages/:slug): each page answers its starting text until staff
// save their own (the shipping page follows the free-shipping threshold); a save is read back at once (the cache
// is invalidated) and kept in the change history; the contact page alone names the grievance officer, whose
// e-mail and phone are checked; an unknown page is 404; shoppers and staff without settings.write cannot save;
// a refused save changes nothing.
import { SHOP_PAGES } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const page = async (slug: string) => (await ctx.req('GET', `/settings/pages/${slug}`)).body.page;
const officer = {
  name: 'Meera Iyer',
  address: '42 Brigade Road, Bengaluru 560025',
  email: 'grievance@voltco.in',
  phone: '9845012345',
};

describe('shop pages', () => {
  it('answer their starting text until staff write their own', async () => {
    for (const slug of SHOP_PAGES) {
      const p = await page(slug);
      expect(p).toMatchObject({ slug, updatedAt: null });
      expect(p.body.length).toBeGreaterThan(50);
    }
    expect((await page('privacy')).body).toContain('My account → My data');
    expect((await page('contact')).officer).toBeNull();
    await ctx.req('PUT', '/settings', { token: admin, body: { freeShippingThreshold: 1499 } });
    expect((await page('shipping')).body).toContain('Orders over ₹1,499 are delivered free.');
    expect((await ctx.req('GET', '/settings/pages/cookies')).status).toBe(404);
  });

  it('save the text staff write, read back at once and kept in the history', async () => {
    await page('returns');
    const text = '## Returns\nReturn any item within 10 days of delivery.\n\n- Sealed items only';
    const r = await ctx.req('PUT', '/settings/pages/returns', { token: admin, body: { body: text } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.msg).toBe('Page saved.');
    const saved = await page('returns');
    expect(saved.body).toBe(text);
    expect(saved.updatedAt).not.toBeNull();
    const history = await ctx.req('GET', '/admin/audit?kind=settings', { token: admin });
    expect(JSON.stringify(history.body.records)).toContain('Saved the page “Returns & refunds”');
  });

  it('name the grievance officer on the contact page only, with a real e-mail and phone', async () => {
    const ok = await ctx.req('PUT', '/settings/pages/contact', {
      token: admin,
      body: { body: 'Write to us.', officer },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await page('contact')).officer).toEqual(officer);
    // Saving the text alone keeps the officer.
    await ctx.req('PUT', '/settings/pages/contact', { token: admin, body: { body: 'Write or call.' } });
    expect((await page('contact')).officer).toEqual(officer);

    const before = await ctx.snapshot();
    for (const [slug, body, msg] of [
      ['terms', { body: 'x', officer }, 'The grievance officer is named on the contact page only.'],
      ['contact', { body: 'x', officer: { ...officer, email: 'not-mail' } }, 'must be a valid email address'],
      ['contact', { body: 'x', officer: { ...officer, phone: '12' } }, 'must be a phone number'],
      ['terms', { body: '   ' }, 'Page text must not be empty'],
      ['terms', { body: 'x'.repeat(20_001) }, 'Page text must be at most 20000 characters'],
    ] as const) {
      const r = await ctx.req('PUT', `/settings/pages/${slug}`, { token: admin, body });
      expect(r.status, r.text).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('cannot be saved by a shopper or without a token', async () => {
    const s = await ctx.customer('Page Reader');
    for (const token of [s.token, undefined]) {
      const r = await ctx.req('PUT', '/settings/pages/terms', { token, body: { body: 'Mine now' } });
      expect([401, 403]).toContain(r.status);
    }
    expect((await page('terms')).updatedAt).toBeNull();
  });
});
