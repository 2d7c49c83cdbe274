// Covers bulk actions on chosen products (POST /catalog/products/bulk): switch on and off, move to a category
// (or none), adjust the units of products with one variant (refused whole, naming the product, when one would
// go below 0; a product with several variants refused by name), with `changed` counting what changed,
// delete; each in one transaction, with product figures and search kept right, ids that no longer exist
// skipped; bad input and access; one history record per product changed (none for a product the action left
// as it was, none for a refused action).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');
const ids: string[] = [];
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  const cat = new FormData();
  cat.append('name', `Bulk ${tag}`);
  categoryId = (await ctx.req('POST', '/category/create', { token: admin, form: cat })).body.category._id;
  for (const [i, memory] of [
    [1, '[]'],
    [2, '[128, 256]'],
    [3, '[]'],
  ] as const) {
    const f = new FormData();
    f.append('name', `Bulkphone ${i} ${tag}`);
    f.append('originalPrice', '1000');
    f.append('stock', '5');
    f.append('memorySizes', memory);
    const r = await ctx.req('POST', '/product/create', { token: admin, form: f });
    expect(r.status, r.text).toBe(201);
    ids.push(r.body.product._id);
  }
});
afterAll(() => ctx.close());

const bulk = (body: unknown, token = admin) => ctx.req('POST', '/catalog/products/bulk', { token, body });
const product = async (id: string) => (await ctx.req('GET', `/product/${id}`, { token: admin })).body.product;
/** The product's newest history record. */
const lastChange = async (id: string) =>
  (await ctx.req('GET', `/admin/audit?kind=product&objectId=${id}&limit=1`, { token: admin })).body
    .records[0];
const historyCount = async (id: string) =>
  (await ctx.req('GET', `/admin/audit?kind=product&objectId=${id}&limit=100`, { token: admin })).body.records
    .length;

describe('bulk actions', () => {
  it('switches products off and on', async () => {
    const untouched = await historyCount(ids[2]!);
    const off = await bulk({ ids: ids.slice(0, 2), action: 'deactivate' });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ changed: 2, msg: '2 products switched off.' });
    expect((await product(ids[0]!)).status).toBe(false);
    expect((await product(ids[2]!)).status).toBe(true);
    for (const id of ids.slice(0, 2))
      expect(await lastChange(id)).toMatchObject({
        action: 'product.switch',
        summary: expect.stringMatching(/^Bulk: .* is now inactive$/),
        before: { status: true },
        after: { status: false },
      });
    expect(await historyCount(ids[2]!)).toBe(untouched);
    // Already on: switching it on again changes nothing, so it writes nothing.
    await bulk({ ids: [ids[2]], action: 'activate' });
    expect(await historyCount(ids[2]!)).toBe(untouched);
    // Shoppers no longer find them.
    expect((await ctx.req('GET', `/product/${ids[0]}`)).status).toBe(404);
    expect((await bulk({ ids: ids.slice(0, 2), action: 'activate' })).body.changed).toBe(2);
    expect((await ctx.req('GET', `/product/${ids[0]}`)).status).toBe(200);
  });

  it('moves products to a category, and out of it, with search following', async () => {
    expect((await bulk({ ids, action: 'category', categoryId })).body.msg).toBe('3 products moved.');
    expect((await product(ids[1]!)).category._id).toBe(categoryId);
    const slug = (await product(ids[1]!)).category.slug;
    const found = await ctx.req('GET', `/product?category=${slug}&limit=10`);
    expect(found.body.total).toBe(3);
    await bulk({ ids: [ids[1]], action: 'category', categoryId: null });
    expect((await product(ids[1]!)).category).toBeNull();
    expect(await lastChange(ids[1]!)).toMatchObject({
      action: 'product.category',
      before: { category: `Bulk ${tag}` },
      after: { category: null },
    });
    expect(await lastChange(ids[0]!)).toMatchObject({
      action: 'product.category',
      before: { category: null },
      after: { category: `Bulk ${tag}` },
    });
    const unknown = await bulk({ ids, action: 'category', categoryId: '999999' });
    expect(unknown.status).toBe(400);
  });

  it('adjusts the units of products with one variant, and counts what it changed', async () => {
    const one = [ids[0]!, ids[2]!];
    const r = await bulk({ ids: one, action: 'adjustStock', stockDelta: 3 });
    expect(r.body).toMatchObject({ changed: 2, msg: 'Stock adjusted on 2 products.' });
    expect((await product(ids[0]!)).stock).toBe(8);
    expect((await product(ids[2]!)).stock).toBe(8);
    const stock = await lastChange(ids[0]!);
    expect(stock).toMatchObject({
      action: 'product.stock',
      summary: `Bulk: +3 units on "Bulkphone 1 ${tag}"`,
    });
    expect(Object.values(stock.before)).toEqual([5]);
    expect(Object.values(stock.after)).toEqual([8]);
    const before = await ctx.snapshot();
    const refused = await bulk({ ids: one, action: 'adjustStock', stockDelta: -9 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'insufficient_stock',
      msg: `"Bulkphone 1 ${tag}" has 8 units: removing 9 would take it below 0. Nothing was changed.`,
    });
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('refuses a product with several variants by name instead of adding to each of them', async () => {
    // Product 2 has two variants (128 and 256 GB, 5 and 0 units): "+2" has no one count to change.
    const before = await ctx.snapshot();
    const history = await historyCount(ids[1]!);
    const r = await bulk({ ids, action: 'adjustStock', stockDelta: 2 });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('stock_on_variants');
    expect(r.body.msg).toBe(
      `"Bulkphone 2 ${tag}" has several variants: set their units per variant on the product's page (Units ± changes products with one variant only). Nothing was changed.`,
    );
    expect((await product(ids[1]!)).variants.map((v: { stock: number }) => v.stock)).toEqual([5, 0]);
    expect((await product(ids[0]!)).stock).toBe(8);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await historyCount(ids[1]!)).toBe(history);
    // Staff lists say how many variants each product has (the list offers +/− only with one); shoppers' do not.
    const listed = async (token?: string) =>
      (await ctx.req('GET', `/product?q=${tag}&limit=10`, { token })).body.products as {
        _id: string;
        variantCount?: number;
      }[];
    const counts = Object.fromEntries((await listed(admin)).map((p) => [p._id, p.variantCount]));
    expect(counts).toEqual({ [ids[0]!]: 1, [ids[1]!]: 2, [ids[2]!]: 1 });
    expect((await listed()).every((p) => p.variantCount === undefined)).toBe(true);
  });

  it('counts only the products an action changed', async () => {
    const r = await bulk({ ids, action: 'activate' });
    expect(r.body).toMatchObject({ changed: 0, msg: '0 products switched on.' });
  });

  it('deletes, skipping ids that no longer exist', async () => {
    const r = await bulk({ ids: [ids[2], '999999'], action: 'delete' });
    expect(r.body).toMatchObject({ changed: 1, msg: '1 product deleted.' });
    expect((await ctx.req('GET', `/product/${ids[2]}`, { token: admin })).status).toBe(404);
    expect(await lastChange(ids[2]!)).toMatchObject({
      action: 'product.delete',
      before: { name: `Bulkphone 3 ${tag}` },
      after: null,
    });
  });

  it('refuses bad input and anyone but an admin', async () => {
    expect((await bulk({ ids: [], action: 'activate' })).body.msg).toBe('ids choose at least one product');
    expect((await bulk({ ids, action: 'explode' })).status).toBe(400);
    expect((await bulk({ ids, action: 'adjustStock' })).body.msg).toBe(
      'stockDelta must be a whole number of units other than 0',
    );
    expect((await bulk({ ids, action: 'activate' }, '')).status).toBe(401);
    const shopper = await ctx.customer();
    expect((await bulk({ ids, action: 'activate' }, shopper.token)).status).toBe(403);
  });
});
