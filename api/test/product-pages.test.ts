// Covers later pages of a category list (GET /product?categorySlug=…&limit=N&page=P, P > 1), which are read
// with a deferred join (ids from the index first, then the page's rows): every page equals the same slice of
// the whole list, inactive products and products of other categories never appear, hasMore is right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;

async function category(name: string, slug: string, status = 1) {
  const r = await ctx.db
    .insertInto('categories')
    .values({ name, slug, image: '', status })
    .executeTakeFirstOrThrow();
  return Number(r.insertId);
}

async function product(categoryId: number, n: number, status = 1) {
  await ctx.db
    .insertInto('products')
    .values({
      name: `Phone ${n}`,
      slug: `phone-${n}-${categoryId}`,
      sku: null,
      original_price: 100_000 + n,
      discount_percentage: 0,
      final_price: 100_000 + n,
      short_description: null,
      long_description: null,
      category_id: categoryId,
      thumbnail: '',
      stock: 5,
      status,
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const phones = await category('Phones', 'phones');
  const laptops = await category('Laptops', 'laptops');
  for (let n = 1; n <= 11; n++) {
    await product(phones, n, n % 4 === 0 ? 0 : 1);
    await product(laptops, n);
  }
});
afterAll(() => ctx.close());

const names = (r: { body: { products: { name: string }[] } }) => r.body.products.map((p) => p.name);

describe('category pages', () => {
  it('gives every page the same slice of the whole list, newest first, active products only', async () => {
    const all = await ctx.req('GET', '/product?categorySlug=phones&limit=0');
    expect(all.status).toBe(200);
    const everything = names(all);
    expect(everything).toEqual([
      'Phone 11',
      'Phone 10',
      'Phone 9',
      'Phone 7',
      'Phone 6',
      'Phone 5',
      'Phone 3',
      'Phone 2',
      'Phone 1',
    ]);
    for (const page of [1, 2, 3, 4]) {
      const r = await ctx.req('GET', `/product?categorySlug=phones&limit=3&page=${page}`);
      expect(r.status).toBe(200);
      expect(names(r), `page ${page}`).toEqual(everything.slice((page - 1) * 3, page * 3));
      expect(r.body.hasMore, `page ${page}`).toBe(page < 3);
      for (const p of r.body.products) expect(p.categorySlug).toBe('phones');
    }
  });

  it('shows no page of a category that is switched off', async () => {
    await ctx.db.updateTable('categories').set({ status: 0 }).where('slug', '=', 'laptops').execute();
    const r = await ctx.req('GET', '/product?categorySlug=laptops&limit=3&page=2');
    expect(r.status).toBe(200);
    expect(r.body.products).toEqual([]);
    expect(r.body.hasMore).toBe(false);
  });
});
