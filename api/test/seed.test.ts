// Covers: the sample catalogue generator (db/seed/seed-catalog.ts): the six categories with pictures, twelve
// colours, products within the documented ranges (prices, discounts, stock, memory options, colours), unique
// names/slugs/SKUs, the shared picture pool (files on disk, kept when a product is deleted), seeding only an
// empty catalogue unless forced, determinism for a given seed, progress reports, and that the API serves it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { finalPricePaise, slugify } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLORS } from '../src/db/seed/catalog-data';
import { type SeedDeps, type SeedProgress, seedCatalog, seedDemoCatalog } from '../src/db/seed/seed-catalog';
import { seedDeps } from '../src/lib/seed-deps';
import { LocalStorage } from '../src/lib/storage';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let pictures: SeedDeps;
const progress: SeedProgress[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  pictures = seedDeps(new LocalStorage(ctx.uploadDir));
});
afterAll(() => ctx.close());

const productRows = () =>
  ctx.db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.sku',
      'p.brand',
      'p.original_price',
      'p.discount_percentage',
      'p.final_price',
      'p.thumbnail',
      'p.stock',
      'p.in_stock',
      'p.status',
      'p.top_selling',
      'p.short_description',
      'p.long_description',
      'c.slug as category',
    ])
    .orderBy('p.id')
    .execute();

describe('seedDemoCatalog', () => {
  it('creates the six categories with pictures and twelve colours', async () => {
    const r = await seedDemoCatalog(ctx.db, pictures, { onProgress: (p) => progress.push(p) });
    expect(r).toMatchObject({ seeded: true, categories: 6, colors: 12, products: 30, pictures: 6 });
    const categories = await ctx.db.selectFrom('categories').selectAll().orderBy('id').execute();
    expect(categories.map((c) => c.name)).toEqual([
      'Phones',
      'Tablets',
      'Accessories',
      'Laptops',
      'Audio',
      'Gaming',
    ]);
    for (const c of categories) {
      expect(c.slug).toBe(slugify(c.name));
      expect(c.image).toMatch(/^[a-f0-9]{32}\.webp$/);
      expect(existsSync(join(ctx.uploadDir, 'categories', c.image))).toBe(true);
    }
    const colors = await ctx.db.selectFrom('colors').selectAll().execute();
    expect(colors).toHaveLength(12);
    for (const c of colors) expect(c.hexcode).toMatch(/^#[0-9a-f]{6}$/);
    expect(progress.at(-1)).toEqual({ phase: 'products', done: 30, total: 30 });
    expect(progress.filter((p) => p.phase === 'pictures')).toHaveLength(6);
  });

  it('makes products within the documented ranges, with unique names, slugs and SKUs', async () => {
    const rows = await productRows();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.name)).size).toBe(30);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(30);
    for (const r of rows) {
      expect(r.slug).toBe(slugify(r.name));
      expect(r.sku).toMatch(/^VC-[A-Z]{3}-\d{7}$/);
      expect(r.brand).not.toBe('');
      expect(r.original_price).toBeGreaterThanOrEqual(49_900);
      expect(r.original_price).toBeLessThanOrEqual(19_999_900);
      const discount = Number(r.discount_percentage);
      expect(discount).toBeGreaterThanOrEqual(0);
      expect(discount).toBeLessThanOrEqual(40);
      expect(r.final_price).toBe(finalPricePaise(r.original_price, discount));
      expect(r.stock).toBeGreaterThanOrEqual(0);
      expect(r.stock).toBeLessThanOrEqual(200);
      expect(r.short_description).toMatch(/^[A-Z0-9].+\.$/);
      expect(r.long_description).toContain(r.brand);
      expect(existsSync(join(ctx.uploadDir, 'product', r.thumbnail))).toBe(true);
      expect(existsSync(join(ctx.uploadDir, 'product', r.thumbnail.replace('.webp', '-sm.webp')))).toBe(true);
    }
    const colorCounts = await ctx.db
      .selectFrom('product_colors')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('product_id')
      .execute();
    expect(colorCounts).toHaveLength(30);
    const category = new Map(rows.map((r) => [r.id, r.category]));
    for (const c of colorCounts) {
      // 1–4 colours for phones, tablets and laptops; one for accessories (a single variant); 1–3 elsewhere.
      const kind = category.get(c.product_id)!;
      const most = kind === 'accessories' ? 1 : ['phones', 'tablets', 'laptops'].includes(kind) ? 4 : 3;
      expect(Number(c.n)).toBeGreaterThanOrEqual(1);
      expect(Number(c.n)).toBeLessThanOrEqual(most);
    }
    // Names carry no colour: colours are variants.
    for (const r of rows) for (const c of COLORS) expect(r.name).not.toContain(c.name);

    const memory = await ctx.db
      .selectFrom('product_memory')
      .selectAll()
      .orderBy('product_id')
      .orderBy('position')
      .execute();
    const byProduct = new Map<number, { size_gb: number; price_adj: number }[]>();
    for (const m of memory) byProduct.set(m.product_id, [...(byProduct.get(m.product_id) ?? []), m]);
    for (const r of rows) {
      const options = byProduct.get(r.id) ?? [];
      if (['phones', 'tablets', 'laptops'].includes(r.category)) {
        expect(options.length, r.name).toBeGreaterThanOrEqual(1);
        expect(options.length, r.name).toBeLessThanOrEqual(3);
        expect(options[0]!.price_adj).toBe(0);
        for (let i = 1; i < options.length; i++) {
          expect(options[i]!.size_gb).toBeGreaterThan(options[i - 1]!.size_gb);
          expect(options[i]!.price_adj).toBeGreaterThan(options[i - 1]!.price_adj);
        }
      } else {
        expect(options, r.name).toEqual([]);
      }
    }

    // One variant per colour × memory size, unique SKUs, the product's stock spread over them.
    const variants = await ctx.db.selectFrom('product_variants').selectAll().execute();
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const r of rows) {
      const own = variants.filter((v) => v.product_id === r.id);
      const colours = Number(colorCounts.find((c) => c.product_id === r.id)!.n);
      expect(own.length, r.name).toBe(colours * Math.max(1, (byProduct.get(r.id) ?? []).length));
      expect(
        own.reduce((n, v) => n + v.stock, 0),
        r.name,
      ).toBe(r.stock);
    }
  });

  it('shares a registered pool of product pictures', async () => {
    const shared = await ctx.db.selectFrom('shared_images').selectAll().execute();
    expect(shared).toHaveLength(6);
    const used = new Set((await productRows()).map((r) => r.thumbnail));
    for (const name of used) expect(shared.map((s) => s.name)).toContain(name);
  });

  it('is served by the API: lists, categories with counts, detail with options', async () => {
    const list = await ctx.req('GET', '/product?limit=24');
    expect(list.status).toBe(200);
    expect(list.body.products.length).toBeGreaterThan(0);
    const cats = await ctx.req('GET', '/category');
    const counted = cats.body.categories.reduce(
      (s: number, c: { productCount: number }) => s + c.productCount,
      0,
    );
    const active = await ctx.db.selectFrom('products').select('id').where('status', '=', 1).execute();
    expect(counted).toBe(active.length);
    const phone = (await ctx.req('GET', '/product?categorySlug=phones&limit=1')).body.products[0];
    if (phone) {
      const detail = await ctx.req('GET', `/product/${phone.slug}`);
      expect(detail.body.product.memorySizes.length).toBeGreaterThanOrEqual(1);
      expect(detail.body.product.variants.length).toBeGreaterThanOrEqual(1);
      expect(detail.body.product.memoryPriceAdj[0]).toBe(0);
      expect(detail.body.product.colors.length).toBeGreaterThanOrEqual(1);
      const img = await ctx.app.request(`/images/product/sm/${detail.body.product.thumbnail}`);
      expect(img.status).toBe(200);
    }
  });

  it('leaves a catalogue that has products alone unless forced', async () => {
    const before = await ctx.snapshot();
    const r = await seedCatalog(ctx.db, pictures, { products: 10 });
    expect(r.seeded).toBe(false);
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('adds more with force, reusing categories and colours and keeping names and slugs unique', async () => {
    const r = await seedDemoCatalog(ctx.db, pictures, { products: 40, force: true });
    expect(r).toMatchObject({ seeded: true, products: 40 });
    expect(await ctx.db.selectFrom('categories').select('id').execute()).toHaveLength(6);
    expect(await ctx.db.selectFrom('colors').select('id').execute()).toHaveLength(12);
    const rows = await productRows();
    expect(rows).toHaveLength(70);
    expect(new Set(rows.map((x) => x.slug)).size).toBe(70);
    expect(new Set(rows.map((x) => x.sku)).size).toBe(70);
  });

  it('keeps shared pictures when a seeded product is deleted', async () => {
    const [first] = await productRows();
    const admin = await ctx.adminToken();
    const r = await ctx.req('DELETE', `/product/delete/${first!.id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(existsSync(join(ctx.uploadDir, 'product', first!.thumbnail))).toBe(true);
  });

  it('is deterministic: the same seed gives the same catalogue', async () => {
    const other = await createTestContext();
    const again = await createTestContext();
    try {
      await seedCatalog(other.db, seedDeps(new LocalStorage(other.uploadDir)), {
        products: 25,
        seed: 7,
        imagePool: 6,
      });
      await seedCatalog(again.db, seedDeps(new LocalStorage(again.uploadDir)), {
        products: 25,
        seed: 7,
        imagePool: 6,
      });
      const shape = (db: TestContext['db']) =>
        db
          .selectFrom('products')
          .select([
            'id',
            'name',
            'sku',
            'original_price',
            'discount_percentage',
            'stock',
            'in_stock',
            'status',
          ])
          .orderBy('id')
          .execute();
      const a = await shape(other.db);
      expect(a).toHaveLength(25);
      expect(await shape(again.db)).toEqual(a);
      // Another seed gives another catalogue.
      await seedCatalog(again.db, seedDeps(new LocalStorage(again.uploadDir)), {
        products: 25,
        seed: 8,
        imagePool: 6,
        force: true,
      });
      const b = (await shape(again.db)).slice(25);
      expect(b.map((x) => x.name)).not.toEqual(a.map((x) => x.name));
    } finally {
      await other.close();
      await again.close();
    }
  }, 90_000);
});
