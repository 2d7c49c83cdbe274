// Covers the change history (GET /admin/audit and the records the admin changes write): one record per change,
// written in the change's own transaction, with who, when, from where (IP, user agent), what (kind and id) and
// the changed fields before and after, for a representative change of each kind (category, colour, product,
// stock, variants, pictures, order state, refund, mail resend, customer block and unblock, settings, synonyms,
// category GST rate, staff, login, failed login and logouts); a refused or failed change writes
// nothing; the filters (person, kind, object, dates) and paging; and that history cannot be edited or deleted
// (no such route, and the database refuses UPDATE and DELETE on the table).
import { contract } from '@voltcart/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../src/cli/admin-create';
import { createTestContext, firstPasswordOf, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, shopper } from './order-fixtures';
import { png } from './support';

let ctx: TestContext;
let token: string;
let adminId: string;
const UA = 'VoltcartAdmin/1.0 (audit test)';

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '1000' });
  await createOrResetAdmin(ctx.db, { email: 'asha@voltcart.test', password: 'owner-password', name: 'Asha' });
  const r = await ctx.req('POST', '/admin/login', {
    body: { email: 'asha@voltcart.test', password: 'owner-password' },
    headers: { 'user-agent': UA },
  });
  token = r.body.token;
  adminId = r.body.admin._id;
});
afterAll(() => ctx.close());

const as = { headers: { 'user-agent': UA } };
const history = async (query: string) => {
  const r = await ctx.req('GET', `/admin/audit?${query}`, { token });
  expect(r.status, r.text).toBe(200);
  return r.body.records as {
    action: string;
    kind: string;
    objectId: string | null;
    actor: { _id: string; name: string } | null;
    ip: string;
    userAgent: string;
    summary: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at: string;
  }[];
};
/** A one-line order (0: cash on delivery; 1: online, paid through the payment simulator); returns its id. */
async function placeOrder(mode: 0 | 1): Promise<string> {
  const s = await shopper(ctx);
  const p = await makeProduct(ctx.db, { price: 1000, stock: 10 });
  await addToCart(ctx.db, s.id, p.id, 1);
  const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(mode) });
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.body.order_id as string;
  if (mode === 1) {
    const signed = await ctx.req('POST', '/order/simulator/sign', {
      token: s.token,
      body: { order_id: orderId },
    });
    const paid = await ctx.req('POST', '/order/success', {
      token: s.token,
      body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
    });
    expect(paid.status, paid.text).toBe(200);
  }
  return orderId;
}

const latest = async (query: string) => (await history(`${query}&limit=1`))[0]!;
const count = async () =>
  Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM audit_log`.execute(ctx.db)).rows[0]!.n);

describe('records', () => {
  it('a login: who, when, from where', async () => {
    const r = await latest('kind=session');
    expect(r).toMatchObject({
      action: 'session.login',
      objectId: adminId,
      actor: { _id: adminId, name: 'Asha' },
      userAgent: UA,
      summary: 'Logged in as Owner',
    });
    expect(r.ip).not.toBe('');
    expect(Date.now() - Date.parse(r.at)).toBeLessThan(60_000);
  });

  it('a failed login, known email or not, with no actor', async () => {
    for (const email of ['asha@voltcart.test', 'nobody@voltcart.test']) {
      const r = await ctx.req('POST', '/admin/login', { body: { email, password: 'wrong-password' }, ...as });
      expect(r.status).toBe(401);
      const rec = await latest('kind=session');
      expect(rec).toMatchObject({
        action: 'session.login_failed',
        actor: null,
        summary: `Failed login as ${email}`,
      });
    }
  });

  it('a category rename: the changed fields before and after', async () => {
    const form = new FormData();
    form.append('name', 'Phones');
    const made = await ctx.req('POST', '/category/create', { token, form, ...as });
    expect(made.status).toBe(201);
    const id = made.body.category._id;
    expect(await latest(`kind=category&objectId=${id}`)).toMatchObject({
      action: 'category.create',
      before: null,
      after: { name: 'Phones', slug: 'phones', status: true },
    });
    const rename = new FormData();
    rename.append('name', 'Smartphones');
    expect((await ctx.req('PUT', `/category/update/${id}`, { token, form: rename, ...as })).status).toBe(200);
    expect(await latest(`kind=category&objectId=${id}`)).toMatchObject({
      action: 'category.update',
      actor: { _id: adminId, name: 'Asha' },
      userAgent: UA,
      before: { name: 'Phones', slug: 'phones' },
      after: { name: 'Smartphones', slug: 'smartphones' },
    });
    expect((await ctx.req('PATCH', `/category/status/${id}`, { token })).status).toBe(200);
    expect(await latest(`kind=category&objectId=${id}`)).toMatchObject({
      action: 'category.status',
      before: { status: true },
      after: { status: false },
    });
    expect((await ctx.req('DELETE', `/category/delete/${id}`, { token })).status).toBe(200);
    expect(await latest(`kind=category&objectId=${id}`)).toMatchObject({
      action: 'category.delete',
      before: { name: 'Smartphones' },
      after: null,
    });
  });

  it('a colour change', async () => {
    const made = await ctx.req('POST', '/color/create', {
      token,
      body: { name: 'Midnight', hexcode: '#101020' },
    });
    const id = made.body.color._id;
    await ctx.req('PUT', `/color/update/${id}`, { token, body: { hexcode: '#000000' } });
    expect(await latest(`kind=color&objectId=${id}`)).toMatchObject({
      action: 'color.update',
      before: { hexcode: '#101020' },
      after: { hexcode: '#000000' },
    });
  });

  it('a product price change, its switches and a stock change', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Pixel 9',
      originalPrice: '50000',
      discountPercentage: '10',
      stock: '5',
    }))
      form.append(k, v);
    const made = await ctx.req('POST', '/product/create', { token, form });
    expect(made.status, made.text).toBe(201);
    const p = made.body.product;
    expect(await latest(`kind=product&objectId=${p._id}`)).toMatchObject({
      action: 'product.create',
      before: null,
      after: { name: 'Pixel 9', originalPrice: 50000, stock: 5 },
    });
    const price = new FormData();
    price.append('originalPrice', '48000');
    expect((await ctx.req('PUT', `/product/update/${p._id}`, { token, form: price })).status).toBe(200);
    const saved = await latest(`kind=product&objectId=${p._id}`);
    expect(saved).toMatchObject({
      action: 'product.update',
      before: { originalPrice: 50000, finalPrice: 45000 },
      after: { originalPrice: 48000, finalPrice: 43200 },
    });
    expect(Object.keys(saved.after!).sort()).toEqual(['finalPrice', 'originalPrice']);

    expect((await ctx.req('PATCH', `/product/status/${p._id}`, { token, body: { flag: 3 } })).status).toBe(
      200,
    );
    expect(await latest(`kind=product&objectId=${p._id}`)).toMatchObject({
      action: 'product.switch',
      before: { topSelling: false },
      after: { topSelling: true },
    });

    const variant = (await ctx.req('GET', `/product/${p._id}/variants`, { token })).body.variants[0];
    const stock = await ctx.req('PATCH', `/product/${p._id}/variants/stock`, {
      token,
      body: { changes: [{ variantId: variant._id, stock: 12, expectedStock: 5 }] },
    });
    expect(stock.status, stock.text).toBe(200);
    expect(await latest(`kind=product&objectId=${p._id}`)).toMatchObject({
      action: 'product.stock',
      before: { [variant.sku]: 5 },
      after: { [variant.sku]: 12 },
    });
  });

  it('variants added and deleted, pictures added and removed', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Tab 7', originalPrice: '20000', memorySizes: '[128, 256]' }))
      form.append(k, v);
    const id = (await ctx.req('POST', '/product/create', { token, form })).body.product._id;
    const variants = (await ctx.req('GET', `/product/${id}/variants`, { token })).body.variants;
    const v256 = variants.find((v: { memorySize: number }) => v.memorySize === 256);
    expect((await ctx.req('DELETE', `/product/${id}/variants/${v256._id}`, { token, ...as })).status).toBe(
      200,
    );
    expect(await latest(`kind=product&objectId=${id}`)).toMatchObject({
      action: 'variant.delete',
      actor: { _id: adminId },
      summary: `Deleted variant ${v256.sku}`,
      before: { sku: v256.sku, stock: 0, memorySize: 256 },
      after: null,
    });
    const made = await ctx.req('POST', `/product/${id}/variants`, {
      token,
      body: { memorySize: 256, stock: 4, sku: `TAB7-${Date.now()}` },
    });
    expect(made.status, made.text).toBe(201);
    expect(await latest(`kind=product&objectId=${id}`)).toMatchObject({
      action: 'variant.create',
      before: null,
      after: { sku: made.body.variant.sku, stock: 4, memorySize: 256, colorId: null },
    });

    const pictures = new FormData();
    pictures.append('images', new File([new Uint8Array(await png(40, 40, '#aa3300'))], 'tab.png'));
    const added = await ctx.req('PATCH', `/product/multiple-images/${id}`, { token, form: pictures });
    expect(added.status, added.text).toBe(200);
    const file = added.body.product.images[0] as string;
    expect(await latest(`kind=product&objectId=${id}`)).toMatchObject({
      action: 'product.pictures_add',
      summary: 'Added 1 picture to Tab 7',
      before: { images: [] },
      after: { images: [file] },
    });
    expect((await ctx.req('DELETE', `/product/image/${id}/${file}`, { token })).status).toBe(200);
    expect(await latest(`kind=product&objectId=${id}`)).toMatchObject({
      action: 'product.picture_remove',
      before: { images: [file] },
      after: { images: [] },
    });
    // A picture that is not there: 404, and no record.
    const n = await count();
    expect((await ctx.req('DELETE', `/product/image/${id}/${file}`, { token })).status).toBe(404);
    expect(await count()).toBe(n);
  });

  it('an order state move, a refund and a settings change', async () => {
    const orderId = await placeOrder(0);
    const moved = await ctx.req('PATCH', `/order/status/${orderId}`, {
      token,
      body: { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL123' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await latest(`kind=order&objectId=${orderId}`)).toMatchObject({
      action: 'order.state',
      before: { state: 'placed' },
      after: { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL123' },
    });

    const paidId = await placeOrder(1);
    const refunded = await ctx.req('POST', `/order/${paidId}/refund`, {
      token,
      body: { amount: 400, reason: 'Scratched screen' },
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(await latest(`kind=order&objectId=${paidId}`)).toMatchObject({
      action: 'order.refund',
      before: { refunded: 0 },
      after: { refunded: 400, reason: 'Scratched screen' },
    });

    expect((await ctx.req('PUT', '/settings', { token, body: { lowStockThreshold: 9 } })).status).toBe(200);
    const s = await latest('kind=settings');
    expect(s).toMatchObject({
      action: 'settings.update',
      before: { lowStockThreshold: 5 },
      after: { lowStockThreshold: 9 },
    });

    const tax = await ctx.req('PUT', '/settings/tax', {
      token,
      body: {
        legalName: 'Voltcart Retail',
        gstin: '29AAGCB7383J1Z4',
        address: '14 Residency Road',
        state: 'Karnataka',
      },
    });
    expect(tax.status, tax.text).toBe(200);
    expect(await latest('kind=settings&objectId=tax')).toMatchObject({
      action: 'settings.tax',
      after: { legalName: 'Voltcart Retail', gstin: '29AAGCB7383J1Z4', state: 'Karnataka' },
    });
  });

  it('a customer blocked and unblocked, and nothing when the state does not change', async () => {
    const s = await shopper(ctx);
    const block = (blocked: boolean) =>
      ctx.req('PUT', `/admin/users/${s.id}/block`, { token, body: { blocked }, ...as });
    expect((await block(true)).status).toBe(200);
    expect(await latest(`kind=customer&objectId=${s.id}`)).toMatchObject({
      action: 'customer.block',
      actor: { _id: adminId },
      userAgent: UA,
      summary: expect.stringContaining(s.email),
      before: { blocked: false },
      after: { blocked: true },
    });
    expect((await block(true)).status).toBe(200);
    expect((await block(false)).status).toBe(200);
    expect((await history(`kind=customer&objectId=${s.id}`)).map((r) => r.action)).toEqual([
      'customer.unblock',
      'customer.block',
    ]);
  });

  it('search synonyms and a category’s GST rate', async () => {
    const put = (synonyms: unknown) => ctx.req('PUT', '/search/synonyms', { token, body: { synonyms } });
    expect((await put([{ term: 'mobile', alternatives: ['phone'] }])).status).toBe(200);
    expect(
      (
        await put([
          { term: 'mobile', alternatives: ['phone', 'smartphone'] },
          { term: 'tv', alternatives: ['television'] },
        ])
      ).status,
    ).toBe(200);
    expect(await latest('kind=settings&objectId=synonyms')).toMatchObject({
      action: 'settings.synonyms',
      before: { mobile: 'phone' },
      after: { mobile: 'phone smartphone', tv: 'television' },
    });

    const form = new FormData();
    form.append('name', 'Televisions');
    const cat = (await ctx.req('POST', '/category/create', { token, form })).body.category._id;
    const tax = await ctx.req('PUT', `/settings/tax/category/${cat}`, {
      token,
      body: { hsnCode: '8528', gstRate: 5 },
    });
    expect(tax.status, tax.text).toBe(200);
    expect(await latest(`kind=category&objectId=${cat}`)).toMatchObject({
      action: 'category.tax',
      summary: 'Saved HSN code and GST rate of Televisions',
      after: { hsnCode: '8528', gstRate: 5 },
    });
    const n = await count();
    const missing = await ctx.req('PUT', '/settings/tax/category/999999', {
      token,
      body: { hsnCode: '8528', gstRate: 5 },
    });
    expect(missing.status).toBe(404);
    expect(await count()).toBe(n);
  });

  it('a mail sent again', async () => {
    const orderId = await placeOrder(0);
    const mail = (await ctx.req('GET', `/order/${orderId}`, { token })).body.mails[0];
    const resent = await ctx.req('POST', `/order/${orderId}/mails/${mail._id}/resend`, { token, ...as });
    expect(resent.status, resent.text).toBe(200);
    expect(await latest(`kind=order&objectId=${orderId}`)).toMatchObject({
      action: 'order.mail_resend',
      actor: { _id: adminId },
      summary: `Resent mail order_placed to ${mail.to}`,
      after: { mail: 'order_placed', recipient: mail.to },
    });
  });

  it('staff logouts, this session and every session', async () => {
    const login = async () =>
      (
        await ctx.req('POST', '/admin/login', {
          body: { email: 'asha@voltcart.test', password: 'owner-password' },
          ...as,
        })
      ).body.token as string;
    expect((await ctx.req('POST', '/admin/logout', { token: await login(), ...as })).status).toBe(200);
    expect(await latest(`kind=session&objectId=${adminId}`)).toMatchObject({
      action: 'session.logout',
      actor: { _id: adminId, name: 'Asha' },
      userAgent: UA,
    });
    const other = await login();
    expect((await ctx.req('POST', '/admin/logout-everywhere', { token: other })).status).toBe(200);
    // Every session ended, the test's own too.
    token = await login();
    const [relogin, everywhere] = await history(`kind=session&objectId=${adminId}&limit=2`);
    expect(relogin!.action).toBe('session.login');
    expect(everywhere).toMatchObject({
      action: 'session.logout_everywhere',
      summary: 'Logged out on every device',
    });
  });

  it('staff changes, never with a password', async () => {
    const invited = await ctx.req('POST', '/admin/staff', {
      token,
      body: { name: 'Ravi', email: 'ravi@voltcart.test', role: 'catalogue' },
    });
    const id = invited.body.member._id;
    await ctx.req('PATCH', `/admin/staff/${id}`, { token, body: { role: 'orders' } });
    expect(await latest(`kind=staff&objectId=${id}`)).toMatchObject({
      action: 'staff.update',
      before: { role: 'catalogue' },
      after: { role: 'orders' },
    });
    const reset = await ctx.req('POST', `/admin/staff/${id}/password`, { token });
    const all = await ctx.req('GET', `/admin/audit?kind=staff&objectId=${id}`, { token });
    expect(all.body.records.map((r: { action: string }) => r.action)).toEqual([
      'staff.password_reset',
      'staff.update',
      'staff.invite',
    ]);
    expect(reset.status).toBe(200);
    expect(all.text).not.toContain(await firstPasswordOf(ctx.db, 'ravi@voltcart.test'));
  });

  it('a refused change writes nothing (the record shares the change’s transaction)', async () => {
    const before = await count();
    expect((await ctx.req('DELETE', '/category/delete/999999', { token })).status).toBe(404);
    const dup = await ctx.req('POST', '/admin/staff', {
      token,
      body: { name: 'Again', email: 'ravi@voltcart.test', role: 'orders' },
    });
    expect(dup.status).toBe(409);
    const form = new FormData();
    form.append('stock', '3');
    form.append('expectedStock', '999');
    const products = (await ctx.req('GET', '/product?limit=0', { token })).body.products;
    expect((await ctx.req('PUT', `/product/update/${products[0]._id}`, { token, form })).status).toBe(409);
    expect(await count()).toBe(before);
  });
});

describe('reading the history', () => {
  it('filters by person, kind, object and dates, newest first, in pages', async () => {
    const mine = await history(`actor=${adminId}&limit=100`);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every((r) => r.actor?._id === adminId)).toBe(true);
    const ids = mine.map((r) => Date.parse(r.at));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const products = await history('kind=product&limit=100');
    expect(products.every((r) => r.kind === 'product')).toBe(true);
    const page1 = await ctx.req('GET', '/admin/audit?limit=2&page=1', { token });
    const page2 = await ctx.req('GET', '/admin/audit?limit=2&page=2', { token });
    expect(page1.body.hasMore).toBe(true);
    expect(page2.body.records[0]._id).not.toBe(page1.body.records[1]._id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(`from=${today}&to=${today}&limit=5`)).length).toBe(5);
    expect(await history('from=2020-01-01&to=2020-01-31')).toEqual([]);
  });

  it('refuses bad filters with a clear 400', async () => {
    for (const [q, field] of [
      ['kind=planet', 'kind'],
      ['from=2026-13-45', 'from'],
      ['from=2026-02-01&to=2026-01-01', 'from'],
      ['actor=abc', 'actor'],
      ['objectId=a%20b', 'objectId'],
    ]) {
      const r = await ctx.req('GET', `/admin/audit?${q}`, { token });
      expect(r.status, q).toBe(400);
      expect(r.body.msg).toContain(field);
    }
  });
});

describe('append-only', () => {
  it('no route edits or deletes history', () => {
    const routes = Object.values(contract).flatMap((r) =>
      Object.values(r as Record<string, { method: string; path: string }>),
    );
    const audit = routes.filter((r) => r.path.includes('audit'));
    expect(audit.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /admin/audit']);
  });

  it('the database refuses to update or delete a record, even for the API’s own connection', async () => {
    const n = await count();
    await expect(sql`UPDATE audit_log SET summary = 'rewritten'`.execute(ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(ctx.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(n);
    expect(
      Number(
        (
          await sql<{ n: number }>`SELECT COUNT(*) AS n FROM audit_log WHERE summary = 'rewritten'`.execute(
            ctx.db,
          )
        ).rows[0]!.n,
      ),
    ).toBe(0);
  });
});
