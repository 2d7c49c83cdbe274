// Covers the counts of the back office's product list (GET /product with an admin token): the facets carry the
// brand and category counts the list shows (and no other facet), equal to a count of the rows; the total and
// facets are kept per filter at the catalogue version yet exact when shown: a back-office write is seen at once,
// and a list filtered by stock state (kept at the products' stock version, moved by a trigger) follows a shopper's
// checkout at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  const brands = ['Acme', 'Acme', 'Acme', 'Nimbus', 'Nimbus', 'Zeta'];
  for (const [i, brand] of brands.entries()) {
    const p = await makeProduct(ctx.db, { stock: 4, status: i !== 5 });
    await ctx.db.updateTable('products').set({ brand }).where('id', '=', p.id).execute();
  }
  // Products made with SQL: the catalogue version moves on as a back-office write would.
  await sql`UPDATE catalog_version SET version = version + 1`.execute(ctx.db);
});
afterAll(() => ctx.close());

interface List {
  total: number;
  facets: Record<string, unknown> & { brand: { value: string; count: number }[] };
}

async function staffList(query: string): Promise<List> {
  const r = await ctx.req('GET', `/product?limit=2&facets=1&${query}`, { token: admin });
  expect(r.status, r.text).toBe(200);
  return r.body as List;
}

const brandCounts = (l: List) => Object.fromEntries(l.facets.brand.map((b) => [b.value, b.count]));

describe('GET /product for staff: total and facets', () => {
  it('counts brands and categories only, as the rows say', async () => {
    const l = await staffList('status=1');
    expect(l.total).toBe(5);
    expect(brandCounts(l)).toEqual({ Acme: 3, Nimbus: 2 });
    expect(l.facets.category).toEqual([]);
    expect(l.facets).toMatchObject({ color: [], memory: [], minDiscount: [], price: null, inStock: 0 });
  });

  it('counts every staff filter from its index as the rows say (top selling, stock state, price)', async () => {
    await ctx.db.updateTable('products').set({ top_selling: 1 }).where('brand', '=', 'Nimbus').execute();
    await sql`UPDATE catalog_version SET version = version + 1`.execute(ctx.db);
    for (const query of [
      'top=1',
      'top=0&status=1',
      'top=1&inStock=1&minPrice=1',
      'outOfStock=0&maxPrice=999999',
    ]) {
      const l = await staffList(query);
      const rows = await ctx.db
        .selectFrom('products')
        .select(['brand', 'top_selling', 'status', 'sellable', 'list_price'])
        .execute();
      const p = new URLSearchParams(query);
      const kept = rows.filter(
        (r) =>
          (!p.has('top') || r.top_selling === Number(p.get('top'))) &&
          (!p.has('status') || r.status === Number(p.get('status'))) &&
          (!p.has('inStock') || r.sellable === 1) &&
          (!p.has('minPrice') || r.list_price >= Number(p.get('minPrice')) * 100) &&
          (!p.has('maxPrice') || r.list_price <= Number(p.get('maxPrice')) * 100),
      );
      expect(l.total, query).toBe(kept.length);
      const byBrand: Record<string, number> = {};
      for (const r of kept) byBrand[r.brand] = (byBrand[r.brand] ?? 0) + 1;
      expect(brandCounts(l), query).toEqual(byBrand);
    }
    await ctx.db.updateTable('products').set({ top_selling: 0 }).execute();
    await sql`UPDATE catalog_version SET version = version + 1`.execute(ctx.db);
  });

  it('shows a back-office write at once, though the counts are kept', async () => {
    const before = await staffList('status=0');
    expect(before.total).toBe(1);
    const [acme] = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('brand', '=', 'Acme')
      .orderBy('id')
      .execute();
    const r = await ctx.req('PATCH', `/product/status/${acme!.id}`, { token: admin, body: { flag: 1 } });
    expect(r.status, r.text).toBe(200);
    const after = await staffList('status=0');
    expect(after.total).toBe(2);
    expect(brandCounts(after)).toEqual({ Acme: 1, Zeta: 1 });
    expect((await staffList('status=1')).total).toBe(4);
  });

  it('follows a checkout at once in a list filtered by stock state', async () => {
    const p = await makeProduct(ctx.db, { stock: 1 });
    await ctx.db.updateTable('products').set({ brand: 'Solo' }).where('id', '=', p.id).execute();
    await sql`UPDATE catalog_version SET version = version + 1`.execute(ctx.db);
    const before = await staffList('outOfStock=1');
    expect(brandCounts(before).Solo).toBeUndefined();
    const shopper = await insertShopper(ctx, 'Mira');
    await addToCart(ctx.db, shopper.id, p.id, 1);
    const order = await ctx.req('POST', '/order/place-order', { token: shopper.token, body: orderBody(0) });
    expect(order.status, order.text).toBe(201);
    const after = await staffList('outOfStock=1');
    expect(after.total).toBe(before.total + 1);
    expect(brandCounts(after).Solo).toBe(1);
  });
});
