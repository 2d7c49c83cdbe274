// Covers GET /compare: up to 4 products of one category side by side in the order asked (by id or slug, repeats
// once), products of two categories refused with a message naming each one's category, more than 4 refused with
// the limit, an unknown product 404, and a product hidden from shoppers answered as unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { makeProduct } from './order-fixtures';

let ctx: TestContext;
let phones: number;
let laptops: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const cat = async (name: string) =>
    Number(
      (
        await ctx.db
          .insertInto('categories')
          .values({ name, slug: name.toLowerCase() })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  phones = await cat('Phones');
  laptops = await cat('Laptops');
});
afterAll(() => ctx.close());

async function inCategory(categoryId: number, name: string) {
  const p = await makeProduct(ctx.db, { name });
  await ctx.db.updateTable('products').set({ category_id: categoryId }).where('id', '=', p.id).execute();
  return p;
}

describe('GET /compare', () => {
  it('gives up to 4 products of one category in the order asked, by id or slug, repeats once', async () => {
    const a = await inCategory(phones, 'Pixel 9');
    const b = await inCategory(phones, 'Galaxy S25');
    const slug = (
      await ctx.db.selectFrom('products').select('slug').where('id', '=', b.id).executeTakeFirstOrThrow()
    ).slug;
    const r = await ctx.req('GET', `/compare?ids=${b.id},${a.id},${slug}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.products.map((p: { name: string }) => p.name)).toEqual(['Galaxy S25', 'Pixel 9']);
    expect(r.body.products[0]).toMatchObject({ category: { name: 'Phones' }, rating: { count: 0 } });
  });

  it('refuses products of two categories with a message naming each one’s category', async () => {
    const a = await inCategory(phones, 'Moto G');
    const b = await inCategory(laptops, 'ThinkPad X1');
    const r = await ctx.req('GET', `/compare?ids=${a.id},${b.id}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'not_comparable',
      msg: 'Compare products of one category: Moto G is in Phones, ThinkPad X1 is in Laptops.',
    });
  });

  it('refuses more than 4 products, none, an unknown one (404) and a hidden one (404)', async () => {
    const five = [];
    for (const i of [1, 2, 3, 4, 5]) five.push(await inCategory(phones, `Phone ${i}`));
    const many = await ctx.req('GET', `/compare?ids=${five.map((p) => p.id).join(',')}`);
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('Compare up to 4 products at a time (you chose 5).');
    const none = await ctx.req('GET', '/compare?ids=,');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('ids must name at least one product');
    expect((await ctx.req('GET', '/compare')).body.msg).toBe(
      'ids is required: the products to compare, separated by commas',
    );
    expect((await ctx.req('GET', `/compare?ids=${five[0]!.id},999999999`)).status).toBe(404);
    const hidden = await makeProduct(ctx.db, { status: false });
    expect((await ctx.req('GET', `/compare?ids=${hidden.id}`)).status).toBe(404);
  });
});

describe('GET /product/:id/related', () => {
  it('gives products of the same category that can be bought, the same brand first, most sold next', async () => {
    const me = await inCategory(laptops, 'Laptop me');
    const sameBrand = await inCategory(laptops, 'Laptop same brand');
    const popular = await inCategory(laptops, 'Laptop popular');
    const soldOut = await inCategory(laptops, 'Laptop sold out');
    const otherCategory = await inCategory(phones, 'Phone other');
    await ctx.db
      .updateTable('products')
      .set({ brand: 'Acme' })
      .where('id', 'in', [me.id, sameBrand.id, otherCategory.id])
      .execute();
    await ctx.db.updateTable('products').set({ stock: 0 }).where('id', '=', soldOut.id).execute();
    await ctx.db
      .updateTable('product_variants')
      .set({ stock: 0 })
      .where('product_id', '=', soldOut.id)
      .execute();
    await ctx.db
      .insertInto('search_docs')
      .values({ product_id: popular.id, name_key: 'laptop popular', model_key: '', popularity: 50 })
      .execute();
    const r = await ctx.req('GET', `/product/${me.id}/related`);
    expect(r.status, r.text).toBe(200);
    const names = r.body.products.map((p: { name: string }) => p.name);
    expect(names.slice(0, 2)).toEqual(['Laptop same brand', 'Laptop popular']);
    expect(names).not.toContain('Laptop me');
    expect(names).not.toContain('Laptop sold out');
    // The same brand in another category counts only when the product has no category.
    expect(names).not.toContain('Phone other');
  });
});
