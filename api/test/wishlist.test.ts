// Covers the shopper's wishlist on the server: add with the chosen options (again: options updated), remove,
// the ids for the hearts, pages of 24 newest first with products hidden from the shop left out, a wishlist of
// 500 products (paged), the 1,000 limit (also for simultaneous adds), the guest's wishlist merged at login
// (repeats once, unknown products skipped, what is there kept), and refused input changing nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { insertShopper, makeProduct } from './order-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rows = async (userId: number) =>
  Number(
    (
      await sql<{ n: number }>`SELECT COUNT(*) AS n FROM wishlist_items WHERE user_id = ${userId}`.execute(
        ctx.db,
      )
    ).rows[0]!.n,
  );

/** `n` products written at once (cheaper than makeProduct for hundreds). */
async function manyProducts(n: number, tag: string): Promise<number[]> {
  const values = Array.from({ length: n }, (_, i) => ({
    name: `Bulk ${tag} ${i}`,
    slug: `bulk-${tag}-${i}`,
    sku: null,
    original_price: 100_000,
    discount_percentage: 0,
    final_price: 100_000,
    short_description: null,
    long_description: null,
    category_id: null,
  }));
  const r = await ctx.db.insertInto('products').values(values).executeTakeFirstOrThrow();
  const first = Number(r.insertId);
  return Array.from({ length: n }, (_, i) => first + i);
}

describe('wishlist', () => {
  it('adds with the chosen colour and memory, updates them on a second add, removes, and needs a login', async () => {
    const s = await insertShopper(ctx);
    const p = await makeProduct(ctx.db, {
      colors: [{ name: 'Blue' }, { name: 'Red' }],
      memory: [{ size: 128 }],
    });
    expect((await ctx.req('PUT', `/wishlist/${p.id}`, { body: {} })).status).toBe(401);
    const added = await ctx.req('PUT', `/wishlist/${p.id}`, {
      token: s.token,
      body: { colorId: p.colorIds[1], memorySize: 128 },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ msg: 'Added to your wishlist.', ids: [String(p.id)] });
    const again = await ctx.req('PUT', `/wishlist/${p.id}`, {
      token: s.token,
      body: { colorId: p.colorIds[0] },
    });
    expect(again.body.ids).toEqual([String(p.id)]);
    const list = await ctx.req('GET', '/wishlist', { token: s.token });
    expect(list.body).toMatchObject({ total: 1, hasMore: false });
    expect(list.body.items[0]).toMatchObject({
      product: { _id: String(p.id), name: p.name },
      colorId: String(p.colorIds[0]),
      memorySize: null,
    });
    const removed = await ctx.req('DELETE', `/wishlist/${p.id}`, { token: s.token });
    expect(removed.body).toMatchObject({ msg: 'Removed from your wishlist.', ids: [] });
    expect((await ctx.req('DELETE', `/wishlist/${p.id}`, { token: s.token })).status).toBe(200);
  });

  it('refuses an unknown product (404) and bad options (400), changing nothing', async () => {
    const s = await insertShopper(ctx);
    const p = await makeProduct(ctx.db);
    expect((await ctx.req('PUT', '/wishlist/999999999', { token: s.token, body: {} })).status).toBe(404);
    const bad = await ctx.req('PUT', `/wishlist/${p.id}`, { token: s.token, body: { memorySize: 'lots' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('memorySize must be a number of GB');
    expect(await rows(s.id)).toBe(0);
  });

  it('merges a guest wishlist: repeats once, unknown products skipped, what is there kept', async () => {
    const s = await insertShopper(ctx);
    const [a, b] = [await makeProduct(ctx.db), await makeProduct(ctx.db)];
    await ctx.req('PUT', `/wishlist/${a.id}`, { token: s.token, body: {} });
    const r = await ctx.req('POST', '/wishlist/merge', {
      token: s.token,
      body: {
        items: [
          { productId: String(b.id) },
          { productId: String(b.id) },
          { productId: '999999999' },
          { productId: String(a.id) },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect([...r.body.ids].sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(await rows(s.id)).toBe(2);
    const bad = await ctx.req('POST', '/wishlist/merge', { token: s.token, body: { items: 'all' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('items must be a list of products');
  });

  it('pages a wishlist of 500 products 24 at a time, newest first, leaving out products hidden from the shop', async () => {
    const s = await insertShopper(ctx);
    const ids = await manyProducts(500, `w${s.id}`);
    const merged = await ctx.req('POST', '/wishlist/merge', {
      token: s.token,
      body: { items: ids.map((id) => ({ productId: String(id) })) },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body.ids).toHaveLength(500);
    await ctx.db.updateTable('products').set({ status: 0 }).where('id', '=', ids[0]!).execute();
    const first = await ctx.req('GET', '/wishlist', { token: s.token });
    expect(first.body.items).toHaveLength(24);
    expect(first.body).toMatchObject({ total: 499, hasMore: true });
    const last = await ctx.req('GET', '/wishlist?page=21', { token: s.token });
    expect(last.body.items).toHaveLength(499 - 20 * 24);
    expect(last.body.hasMore).toBe(false);
    const all = new Set<string>();
    for (let page = 1; page <= 21; page++) {
      const r = await ctx.req('GET', `/wishlist?page=${page}`, { token: s.token });
      for (const i of r.body.items) all.add(i.product._id);
    }
    expect(all.size).toBe(499);
    expect(all.has(String(ids[0]))).toBe(false);
    expect((await ctx.req('GET', '/wishlist?page=0', { token: s.token })).status).toBe(400);
  });

  it('holds at most 1,000 products, also when adds arrive together', async () => {
    const s = await insertShopper(ctx);
    const ids = await manyProducts(1002, `cap${s.id}`);
    const full = await ctx.req('POST', '/wishlist/merge', {
      token: s.token,
      body: { items: ids.slice(0, 999).map((id) => ({ productId: String(id) })) },
    });
    expect(full.status).toBe(200);
    const over = await ctx.req('POST', '/wishlist/merge', {
      token: s.token,
      body: { items: ids.slice(999).map((id) => ({ productId: String(id) })) },
    });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('Your wishlist holds at most 1,000 products. Remove some to add more.');
    expect(await rows(s.id)).toBe(999);
    const racing = await Promise.all(
      ids.slice(999).map((id) => ctx.req('PUT', `/wishlist/${id}`, { token: s.token, body: {} })),
    );
    expect(racing.map((x) => x.status).sort()).toEqual([200, 400, 400]);
    expect(await rows(s.id)).toBe(1000);
  });
});
