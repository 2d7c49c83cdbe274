// Covers: the sample catalogue generator (db/seed/seed-catalog.ts): the eleven categories with pictures, twelve
// colours, one product per model (no colour or memory in a name), products within the documented ranges
// (prices, discounts, memory options, colours of the category's palette), variants per colour × memory size
// with the product's stock and price range derived from the switched-on ones, colour galleries whose pictures
// show their colour, unique names/slugs/SKUs, the shared pictures (files on disk, kept when a product is
// deleted), seeding only an empty catalogue unless forced, determinism for a given seed, progress reports, and
// that the API serves it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { finalPricePaise, slugify } from '@voltcart/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, COLORS, formOf } from '../src/db/seed/catalog-data';
import { type SeedDeps, type SeedProgress, seedCatalog, seedDemoCatalog } from '../src/db/seed/seed-catalog';
import { seedDeps } from '../src/lib/seed-deps';
import { LocalStorage } from '../src/lib/storage';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let pictures: SeedDeps;
const progress: SeedProgress[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  pictures = seedDeps(new LocalStorage(ctx.uploadDir), ctx.search);
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
      'p.price_min',
      'p.price_max',
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
  it('creates the eleven categories with pictures and twelve colours', async () => {
    const r = await seedDemoCatalog(ctx.db, pictures, { onProgress: (p) => progress.push(p) });
    expect(r).toMatchObject({ seeded: true, categories: 11, colors: 12, products: 30 });
    const categories = await ctx.db.selectFrom('categories').selectAll().orderBy('id').execute();
    expect(categories.map((c) => c.name)).toEqual([
      'Phones',
      'Tablets',
      'Accessories',
      'Laptops',
      'Audio',
      'Gaming',
      'Cameras',
      'Smart Watches',
      'TVs',
      'Monitors',
      'Printers',
    ]);
    for (const c of categories) {
      expect(c.slug).toBe(slugify(c.name));
      expect(c.image).toMatch(/^[a-f0-9]{32}\.webp$/);
      expect(existsSync(join(ctx.uploadDir, 'categories', c.image))).toBe(true);
    }
    const colors = await ctx.db.selectFrom('colors').selectAll().execute();
    expect(colors).toHaveLength(12);
    for (const c of colors) expect(c.hexcode).toMatch(/^#[0-9a-f]{6}$/);
    expect(progress.filter((p) => p.phase === 'products').at(-1)).toEqual({
      phase: 'products',
      done: 30,
      total: 30,
    });
    expect(progress.at(-1)).toEqual({ phase: 'indexed', done: 30, total: 30 });
    // One picture per colour shown: at least one per product's first colour, at most every palette colour.
    expect(r.pictures).toBeGreaterThanOrEqual(11);
    expect(progress.filter((p) => p.phase === 'pictures')).toHaveLength(r.pictures);
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
      expect(r.original_price).toBeLessThanOrEqual(24_999_900);
      const discount = Number(r.discount_percentage);
      expect(discount).toBeGreaterThanOrEqual(0);
      expect(discount).toBeLessThanOrEqual(40);
      expect(r.final_price).toBe(finalPricePaise(r.original_price, discount));
      expect(r.short_description).toMatch(/^[A-Z0-9].+\.$/);
      expect(r.long_description).toContain(r.brand);
      expect(existsSync(join(ctx.uploadDir, 'product', r.thumbnail))).toBe(true);
      expect(existsSync(join(ctx.uploadDir, 'product', r.thumbnail.replace('.webp', '-sm.webp')))).toBe(true);
    }
    const productColors = await ctx.db
      .selectFrom('product_colors as pc')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .select(['pc.product_id', 'pc.color_id', 'c.name'])
      .orderBy('pc.product_id')
      .orderBy('pc.position')
      .execute();
    const colorsOf = (id: number) => productColors.filter((c) => c.product_id === id);
    for (const r of rows) {
      // 1–4 colours of the category's palette for phones, tablets and laptops, one for accessories (a single
      // variant), fewer for the others.
      const spec = CATEGORIES.find((c) => slugify(c.name) === r.category)!;
      const own = colorsOf(r.id);
      expect(own.length, r.name).toBeGreaterThanOrEqual(1);
      expect(own.length, r.name).toBeLessThanOrEqual(spec.colors);
      for (const c of own) expect(spec.palette, r.name).toContain(c.name);
    }
    // One product per model: names carry no colour, no "(2)" and (where memory is a variant) no memory size.
    for (const r of rows) {
      for (const c of COLORS) expect(r.name).not.toContain(c.name);
      expect(r.name).not.toMatch(/\(\d+\)|Mk \d/);
      if (['phones', 'tablets', 'laptops'].includes(r.category)) expect(r.name).not.toMatch(/\d+ ?(GB|TB)\b/);
    }

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

    // A variant per colour × memory size (the last colour's largest size may not be sold), unique SKUs; the
    // product's stock and price range are its switched-on variants'.
    const variants = await ctx.db.selectFrom('product_variants').selectAll().orderBy('position').execute();
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    const memoryAdj = new Map(memory.map((m) => [`${m.product_id}|${m.size_gb}`, m.price_adj]));
    const colorAdj = new Map(COLORS.map((c) => [c.name, c.priceAdj * 100]));
    for (const r of rows) {
      const own = variants.filter((v) => v.product_id === r.id);
      const colours = colorsOf(r.id);
      const combos = colours.length * Math.max(1, (byProduct.get(r.id) ?? []).length);
      expect(own.length, r.name).toBeLessThanOrEqual(combos);
      expect(own.length, r.name).toBeGreaterThanOrEqual(combos - 1);
      for (const c of colours)
        expect(
          own.some((v) => v.color_id === c.color_id),
          r.name,
        ).toBe(true);
      expect(own[0]!.enabled, r.name).toBeTruthy();
      // The first variant (what a page opens on) has units unless the whole product is sold out.
      if (own.some((v) => v.stock > 0)) expect(own[0]!.stock, r.name).toBeGreaterThanOrEqual(5);
      const on = own.filter((v) => v.enabled);
      expect(
        on.reduce((n, v) => n + v.stock, 0),
        r.name,
      ).toBe(r.stock);
      const prices = on.map(
        (v) =>
          r.final_price +
          colorAdj.get(colours.find((c) => c.color_id === v.color_id)!.name)! +
          (memoryAdj.get(`${r.id}|${v.memory_size}`) ?? 0),
      );
      expect(r.price_min, r.name).toBe(Math.min(...prices));
      expect(r.price_max, r.name).toBe(Math.max(...prices));
    }
    // The storefront has sold-out and switched-off combinations to show disabled.
    expect(variants.some((v) => v.stock === 0)).toBe(true);
  });

  it("fills each colour's gallery with pictures drawn in that colour; the thumbnail is the first colour's", async () => {
    const rows = await productRows();
    const gallery = await ctx.db
      .selectFrom('product_images as i')
      .innerJoin('colors as c', 'c.id', 'i.color_id')
      .select(['i.product_id', 'i.file', 'i.position', 'c.hexcode', 'c.id as color_id'])
      .orderBy('i.product_id')
      .orderBy('i.position')
      .execute();
    const firstColor = await ctx.db
      .selectFrom('product_colors')
      .select(['product_id', 'color_id'])
      .where('position', '=', 0)
      .execute();
    const checked = new Map<string, string>();
    for (const r of rows) {
      const own = gallery.filter((g) => g.product_id === r.id);
      expect(own.length, r.name).toBeGreaterThanOrEqual(1);
      const first = firstColor.find((c) => c.product_id === r.id)!.color_id;
      expect(own.find((g) => g.color_id === first)?.file, r.name).toBe(r.thumbnail);
      for (const g of own) checked.set(g.file, g.hexcode);
    }
    // A shopper who picks a colour sees that colour: a good part of each picture is its body colour.
    for (const [file, hex] of checked) {
      const { data, info } = await sharp(join(ctx.uploadDir, 'product', file))
        .resize(200, 200, { kernel: 'nearest' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      let near = 0;
      for (let i = 0; i < data.length; i += info.channels)
        if (want.every((v, c) => Math.abs(data[i + c]! - v) <= 12)) near++;
      expect(near / (info.width * info.height), `${file} in ${hex}`).toBeGreaterThan(0.015);
    }
  });

  it('shows and describes each product as what it is (a mouse is no charger, an iPhone has no fingerprint sensor)', async () => {
    const kinds: [RegExp, string][] = [
      [/Mouse/, 'mouse'],
      [/Keyboard/, 'keyboard'],
      [/Speaker/, 'speaker'],
      [/Earbuds|AirPods/, 'earbuds'],
      [/Cable/, 'cable'],
      [/Power Bank/, 'powerbank'],
      [/Charger|Adapter/, 'charger'],
      [/Router/, 'router'],
    ];
    for (const spec of CATEGORIES)
      for (const [brand, models] of Object.entries(spec.brands))
        for (const [model] of models) {
          const name = `${brand} ${model}`;
          const form = formOf(spec, brand, model);
          const kind = kinds.find(([re]) => re.test(name));
          if (kind) expect(form.silhouette, name).toBe(kind[1]);
          const text = form.features.join(' ');
          if (/iPhone/.test(name)) expect(text, name).not.toMatch(/fingerprint|mAh/);
          if (/MacBook/.test(name)) expect(text, name).not.toMatch(/Windows/);
          if (/Mouse|Keyboard|Speaker|Tracker/.test(name))
            expect(text, name).not.toMatch(/charger|Power Delivery/i);
        }
    // In the database: a picture is shared only by products of one kind.
    const rows = await productRows();
    const kindOf = new Map(
      rows.map((r) => {
        const spec = CATEGORIES.find((c) => slugify(c.name) === r.category)!;
        const brand = r.brand!;
        const model = Object.values(spec.brands)
          .flat()
          .map(([m]) => m)
          .find((m) => r.name.startsWith(`${brand} ${m}`))!;
        return [r.id, formOf(spec, brand, model).silhouette];
      }),
    );
    const gallery = await ctx.db.selectFrom('product_images').select(['product_id', 'file']).execute();
    const kindsOfFile = new Map<string, Set<string>>();
    for (const g of gallery)
      kindsOfFile.set(g.file, (kindsOfFile.get(g.file) ?? new Set()).add(kindOf.get(g.product_id)!));
    expect(new Set([...kindOf.values()]).size).toBeGreaterThan(5);
    for (const [file, kinds] of kindsOfFile) expect([...kinds], file).toHaveLength(1);
  });

  it('registers the pictures products share', async () => {
    const shared = (await ctx.db.selectFrom('shared_images').selectAll().execute()).map((s) => s.name);
    expect(shared).toHaveLength(progress.filter((p) => p.phase === 'pictures').length);
    const gallery = await ctx.db.selectFrom('product_images').select('file').execute();
    const used = new Set([...(await productRows()).map((r) => r.thumbnail), ...gallery.map((g) => g.file)]);
    for (const name of used) expect(shared).toContain(name);
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
    expect(await ctx.db.selectFrom('categories').select('id').execute()).toHaveLength(11);
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
      await seedCatalog(other.db, seedDeps(new LocalStorage(other.uploadDir), other.search), {
        products: 12,
        seed: 7,
        picturesPerColor: 1,
      });
      await seedCatalog(again.db, seedDeps(new LocalStorage(again.uploadDir), again.search), {
        products: 12,
        seed: 7,
        picturesPerColor: 1,
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
      expect(a).toHaveLength(12);
      expect(await shape(again.db)).toEqual(a);
      // Another seed gives another catalogue.
      await seedCatalog(again.db, seedDeps(new LocalStorage(again.uploadDir), again.search), {
        products: 12,
        seed: 8,
        picturesPerColor: 1,
        force: true,
      });
      const b = (await shape(again.db)).slice(12);
      expect(b.map((x) => x.name)).not.toEqual(a.map((x) => x.name));
    } finally {
      await other.close();
      await again.close();
    }
  }, 90_000);
});
