// Covers the storefront server's reads: GET /catalog/version (moves on with a staff change to the catalogue) and
// GET /catalog/product-ids (keyset pages of public product ids with updatedAt: switched-off products and those of
// a switched-off category left out, bounds and limit honoured, the query validated).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
const ids: number[] = [];
let hiddenCategoryProduct = 0;

async function category(slug: string, status: number) {
  const r = await ctx.db
    .insertInto('categories')
    .values({ name: slug, slug, image: '', status })
    .executeTakeFirstOrThrow();
  return Number(r.insertId);
}

async function product(n: number, categoryId: number, status = 1) {
  const r = await ctx.db
    .insertInto('products')
    .values({
      name: `Item ${n}`,
      slug: `item-${n}`,
      sku: null,
      original_price: 1000,
      discount_percentage: 0,
      final_price: 1000,
      short_description: null,
      long_description: null,
      category_id: categoryId,
      thumbnail: '',
      stock: 5,
      status,
    })
    .executeTakeFirstOrThrow();
  return Number(r.insertId);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const shown = await category('shown', 1);
  const hidden = await category('hidden', 0);
  for (let n = 1; n <= 7; n++) {
    const id = await product(n, shown, n === 4 ? 0 : 1);
    if (n !== 4) ids.push(id);
  }
  hiddenCategoryProduct = await product(8, hidden);
});
afterAll(() => ctx.close());

describe('product ids for the sitemap', () => {
  it('gives public products in id order, a page at a time, with when they changed', async () => {
    const first = await ctx.req('GET', '/catalog/product-ids?limit=4');
    expect(first.status).toBe(200);
    expect(first.body.products.map((p: { _id: string }) => Number(p._id))).toEqual(ids.slice(0, 4));
    expect(Date.parse(first.body.products[0].updatedAt)).toBeGreaterThan(0);
    expect(first.body.lastId).toBe(hiddenCategoryProduct);
    const after = Number(first.body.products.at(-1)._id);
    const next = await ctx.req('GET', `/catalog/product-ids?limit=4&after=${after}`);
    expect(next.body.products.map((p: { _id: string }) => Number(p._id))).toEqual(ids.slice(4));
    const bounded = await ctx.req('GET', `/catalog/product-ids?after=${ids[0]}&upTo=${ids[2]}`);
    expect(bounded.body.products.map((p: { _id: string }) => Number(p._id))).toEqual([ids[1], ids[2]]);
  });

  it('refuses a malformed page', async () => {
    for (const q of ['limit=0', 'limit=10001', 'after=-1', 'after=x', 'upTo=0']) {
      const r = await ctx.req('GET', `/catalog/product-ids?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.flag, q).toBe(0);
    }
  });
});

describe('catalogue version', () => {
  it('moves on when staff change the catalogue', async () => {
    const before = (await ctx.req('GET', '/catalog/version')).body.version;
    expect(typeof before).toBe('number');
    const token = await ctx.adminToken();
    const r = await ctx.req('PATCH', `/product/status/${ids[0]}`, { token, body: { flag: 3 } });
    expect(r.status).toBe(200);
    expect((await ctx.req('GET', '/catalog/version')).body.version).toBeGreaterThan(before);
  });
});
