// Covers POST /product/match-images (the bulk upload's matching, on the server): file names matched by slug or
// SKU with an optional -N, case-insensitively, inactive products included; unmatched and ambiguous names; a
// product beyond the first 10,000 (the page used to list products with limit=0, capped at 10,000); input
// limits (count, length, empty) and access (401 without a token, 403 for a customer).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const match = (names: unknown, token: string | undefined = admin) =>
  ctx.req('POST', '/product/match-images', { token, body: { names } });

/** `count` products `bulk-<i>` inserted straight into the database, 2,000 rows per INSERT. */
async function insertProducts(count: number): Promise<void> {
  for (let from = 0; from < count; from += 2000) {
    const rows = [];
    for (let i = from; i < Math.min(count, from + 2000); i++) {
      rows.push(sql`(${`Bulk Item ${i}`}, ${`bulk-${i}`}, ${`BLK${i}`}, 100000, 100000)`);
    }
    await sql`INSERT INTO products (name, slug, sku, original_price, final_price) VALUES ${sql.join(rows)}`.execute(
      ctx.db,
    );
  }
}

describe('POST /product/match-images', () => {
  it('matches a product beyond the first 10,000 (by slug, by SKU, with -N, any case)', async () => {
    await insertProducts(10_050);
    const list = await ctx.req('GET', '/product?limit=0', { token: admin });
    expect(list.body.products).toHaveLength(10_000);
    expect(list.body.hasMore).toBe(true);
    // A product the capped list leaves out: the page's old matching could never find it.
    const listed = new Set(list.body.products.map((p: { slug: string }) => p.slug));
    const missing = Array.from({ length: 10_050 }, (_, i) => i).filter((i) => !listed.has(`bulk-${i}`));
    expect(missing.length).toBe(50);
    const i = missing[0]!;
    const row = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', `bulk-${i}`)
      .executeTakeFirstOrThrow();

    const r = await match([`bulk-${i}.jpg`, `BULK-${i}-2.PNG`, `blk${i}-3.webp`, 'no-such-thing.jpg']);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const product = { _id: String(row.id), name: `Bulk Item ${i}`, slug: `bulk-${i}`, sku: `BLK${i}` };
    expect(r.body.matches).toEqual([
      { name: `bulk-${i}.jpg`, status: 'matched', product, candidates: [product], color: null },
      { name: `BULK-${i}-2.PNG`, status: 'matched', product, candidates: [product], color: null },
      { name: `blk${i}-3.webp`, status: 'matched', product, candidates: [product], color: null },
      { name: 'no-such-thing.jpg', status: 'unmatched', product: null, candidates: [], color: null },
    ]);
    expect(r.body.msg).toBe('3 of 4 file names match a product.');
  }, 120_000);

  it('answers a name that may mean two products as ambiguous, and sees inactive products', async () => {
    // "bulk-12" is a slug; "bulk-12-5" read whole is nothing, read as key + 5 it is bulk-12. "bulk-1-2" is
    // bulk-1 position 2; "bulk-1" and "bulk-10" differ: no confusion between them.
    await sql`UPDATE products SET status = 0 WHERE slug = 'bulk-12'`.execute(ctx.db);
    await sql`INSERT INTO products (name, slug, sku, original_price, final_price) VALUES ('Twin', 'twin', 'bulk-7', 1, 1)`.execute(
      ctx.db,
    );
    const r = await match(['bulk-12-5.jpg', 'bulk-7.jpg']);
    expect(r.body.matches[0]).toMatchObject({ status: 'matched', product: { slug: 'bulk-12' } });
    expect(r.body.matches[1].status).toBe('ambiguous');
    expect(r.body.matches[1].candidates.map((c: { slug: string }) => c.slug).sort()).toEqual([
      'bulk-7',
      'twin',
    ]);
  });

  it('refuses too many names, too long or empty names, and anyone but an admin', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `f-${i}.jpg`);
    const tooMany = await match(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('at most 500 file names');
    expect((await match(many.slice(0, 500))).status).toBe(200);
    expect((await match([`${'x'.repeat(256)}.jpg`])).status).toBe(400);
    expect((await match(['  '])).status).toBe(400);
    expect((await match([])).status).toBe(400);
    expect((await match('bulk-1.jpg')).status).toBe(400);
    expect((await match(['bulk-1.jpg'], '')).status).toBe(401);
    const customer = await ctx.customer();
    expect((await match(['bulk-1.jpg'], customer.token)).status).toBe(403);
  });
});
