// Covers variants (every colour × memory size is a SKU with its own stock, price and pictures): the migration of an
// existing catalogue, the product calls that name no variant deriving their figures from them, the variant admin
// calls and their bad input (duplicate SKU, foreign colour, negative stock or price, removing a stocked colour,
// product-level stock on several variants), colour galleries, and orders per variant: a switched-off variant is
// refused with nothing reserved, 12 shoppers race for the last 3 units of one variant while a sibling holds 50, a
// cart with two variants of one product, and cancelling returns each variant's units.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureDatabase, migrateToLatest, migrator } from '../src/db/connection';
import { createTestContext, TEST_SERVER, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody, type Shopper, stockOf } from './order-fixtures';
import { file, png } from './support';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const tag = () => randomBytes(3).toString('hex');

async function color(name: string): Promise<string> {
  const r = await ctx.req('POST', '/color/create', {
    token: admin,
    body: { name: `${name} ${tag()}`, hexcode: '#123456' },
  });
  expect(r.status, r.text).toBe(201);
  return r.body.color._id;
}

function productForm(fields: Record<string, unknown>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return f;
}

async function createProduct(fields: Record<string, unknown>) {
  const r = await ctx.req('POST', '/product/create', {
    token: admin,
    form: productForm({ name: `Phone ${tag()}`, originalPrice: '1000', ...fields }),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.product;
}

const variantStock = async (id: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).stock,
  );

describe('migration of an existing catalogue', () => {
  it('turns each product into variants from its colours × memory sizes, stock on the first, nothing lost', async () => {
    const url = `${TEST_SERVER.replace(/\/$/, '')}/vc_test_migrate_${Date.now().toString(36)}_${tag()}`;
    await ensureDatabase(url);
    const db = createDb(url, 2);
    try {
      const before = await migrator(db).migrateTo('20261125T0000_picture_hashes');
      expect(before.error).toBeUndefined();
      const colorId = async (slug: string) =>
        Number(
          (
            await db
              .insertInto('colors')
              .values({ name: slug, slug, hexcode: '#000000' })
              .executeTakeFirstOrThrow()
          ).insertId,
        );
      const black = await colorId('black');
      const blue = await colorId('blue');
      const product = async (slug: string, sku: string | null, stock: number) =>
        Number(
          (
            await db
              .insertInto('products')
              .values({
                name: slug,
                slug,
                sku,
                original_price: 100_000,
                discount_percentage: 0,
                final_price: 100_000,
                short_description: null,
                long_description: null,
                category_id: null,
                stock,
              })
              .executeTakeFirstOrThrow()
          ).insertId,
        );
      const phone = await product('old-phone', 'OLD-1', 9);
      const cable = await product('old-cable', null, 4);
      await db
        .insertInto('product_colors')
        .values([
          { product_id: phone, color_id: blue, position: 1, price_adj: 50_000 },
          { product_id: phone, color_id: black, position: 0, price_adj: 0 },
        ])
        .execute();
      await db
        .insertInto('product_memory')
        .values([
          { product_id: phone, size_gb: 128, position: 0, price_adj: 0 },
          { product_id: phone, size_gb: 256, position: 1, price_adj: 20_000 },
        ])
        .execute();

      await migrateToLatest(db);

      const variants = await db
        .selectFrom('product_variants')
        .select(['product_id', 'sku', 'color_id', 'memory_size', 'stock', 'enabled'])
        .orderBy('product_id')
        .orderBy('position')
        .execute();
      expect(
        variants.map((v) => ({ ...v, product_id: Number(v.product_id), color_id: Number(v.color_id) })),
      ).toEqual([
        { product_id: phone, sku: 'OLD-1', color_id: black, memory_size: 128, stock: 9, enabled: 1 },
        {
          product_id: phone,
          sku: 'OLD-PHONE-BLACK-256GB',
          color_id: black,
          memory_size: 256,
          stock: 0,
          enabled: 1,
        },
        {
          product_id: phone,
          sku: 'OLD-PHONE-BLUE-128GB',
          color_id: blue,
          memory_size: 128,
          stock: 0,
          enabled: 1,
        },
        {
          product_id: phone,
          sku: 'OLD-PHONE-BLUE-256GB',
          color_id: blue,
          memory_size: 256,
          stock: 0,
          enabled: 1,
        },
        { product_id: cable, sku: 'OLD-CABLE', color_id: 0, memory_size: 0, stock: 4, enabled: 1 },
      ]);
      const products = await db
        .selectFrom('products')
        .select(['id', 'stock', 'price_min', 'price_max'])
        .orderBy('id')
        .execute();
      expect(products.map((p) => [Number(p.stock), Number(p.price_min), Number(p.price_max)])).toEqual([
        [9, 100_000, 170_000],
        [4, 100_000, 100_000],
      ]);
    } finally {
      await sql`DROP DATABASE IF EXISTS ${sql.id(url.split('/').at(-1)!)}`.execute(db);
      await db.destroy();
    }
  });
});

describe('the product calls that name no variant, on variants', () => {
  it('a create without variants makes one per colour × memory size; figures come from them', async () => {
    const black = await color('Black');
    const gold = await color('Gold');
    const p = await createProduct({
      originalPrice: '20000',
      discountPercentage: '10',
      colors: [black, { _id: gold, priceAdj: 500 }],
      memorySizes: [128, 256],
      memoryPriceAdj: [0, 2000],
      stock: '6',
    });
    expect(p.variants).toHaveLength(4);
    expect(
      p.variants.map((v: { colorId: string; memorySize: number; stock: number; price: number }) => [
        v.colorId,
        v.memorySize,
        v.stock,
        v.price,
      ]),
    ).toEqual([
      [black, 128, 6, 18000],
      [black, 256, 0, 20000],
      [gold, 128, 0, 18500],
      [gold, 256, 0, 20500],
    ]);
    expect(p).toMatchObject({ stock: 6, finalPrice: 18000, priceRange: { min: 18000, max: 20500 } });
    expect(new Set(p.variants.map((v: { sku: string }) => v.sku)).size).toBe(4);

    // A product-level stock write on several variants is refused: their stock is edited one by one.
    const refused = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: productForm({ stock: '9', expectedStock: '6' }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ flag: 0, code: 'stock_on_variants' });
    expect(refused.body.msg).toMatch(/4 variants.*Edit the stock of each variant/);

    // The list shows the same figures.
    const list = await ctx.req('GET', `/product?limit=0&q=${encodeURIComponent(p.name)}`, { token: admin });
    expect(list.body.products.find((x: { _id: string }) => x._id === p._id)).toMatchObject({
      stock: 6,
      finalPrice: 18000,
      priceRange: { min: 18000, max: 20500 },
    });
  });

  it('a product without options has one variant, and its stock is written through the product (compare-and-set)', async () => {
    const p = await createProduct({ stock: '5' });
    expect(p.variants).toHaveLength(1);
    const ok = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: productForm({ stock: '8', expectedStock: '5' }),
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.product).toMatchObject({ stock: 8, variants: [{ stock: 8 }] });
    const stale = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: productForm({ stock: '1', expectedStock: '5' }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'stock_changed', currentStock: 8 });
  });
});

describe('variant admin calls and bad input', () => {
  it('duplicate SKU → 409 naming it; foreign colour → 400; negative stock or price → 400 naming the field', async () => {
    const red = await color('Red');
    const other = await color('Other');
    const p = await createProduct({ colors: [red], memorySizes: [64, 128] });
    const [first, second] = p.variants;
    const before = await ctx.snapshot();

    const dup = await ctx.req('PUT', `/product/${p._id}/variants/${second._id}`, {
      token: admin,
      body: { sku: first.sku.toLowerCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'duplicate_sku' });
    expect(dup.body.msg).toContain(first.sku.toLowerCase());

    // The 128 GB combination is dropped, then offered again with a colour the product lacks.
    const dropped = await ctx.req('DELETE', `/product/${p._id}/variants/${second._id}`, { token: admin });
    expect(dropped.status, dropped.text).toBe(200);
    const foreign = await ctx.req('POST', `/product/${p._id}/variants`, {
      token: admin,
      body: { colorId: other, memorySize: 128 },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'invalid_option' });
    expect(foreign.body.msg).toMatch(/^colorId/);

    for (const [body, field] of [
      [{ colorId: red, memorySize: 128, stock: -1 }, 'stock'],
      [{ colorId: red, memorySize: 128, priceOverride: -5 }, 'priceOverride'],
    ] as const) {
      const r = await ctx.req('POST', `/product/${p._id}/variants`, { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(new RegExp(`^${field}`));
    }
    const taken = await ctx.req('POST', `/product/${p._id}/variants`, {
      token: admin,
      body: { colorId: red, memorySize: 128, sku: first.sku },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate_sku', sku: first.sku });

    const made = await ctx.req('POST', `/product/${p._id}/variants`, {
      token: admin,
      body: { colorId: red, memorySize: 128, stock: 4, priceOverride: 777 },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.variant).toMatchObject({ memorySize: 128, stock: 4, price: 777, enabled: true });
    expect(made.body.product).toMatchObject({ stock: 4, priceRange: { min: 777, max: 1000 } });
    expect((await ctx.snapshot()).product_variants).toBe(before.product_variants);
  });

  it('stock edits are compare-and-set, one at a time or many at once (all or nothing)', async () => {
    const p = await createProduct({ memorySizes: [64, 128, 256], stock: '3' });
    const [a, b, c] = p.variants;
    const one = await ctx.req('PUT', `/product/${p._id}/variants/${b._id}`, {
      token: admin,
      body: { stock: 7, expectedStock: 0 },
    });
    expect(one.status, one.text).toBe(200);
    expect(one.body.product.stock).toBe(10);
    const stale = await ctx.req('PATCH', `/product/${p._id}/variants/stock`, {
      token: admin,
      body: {
        changes: [
          { variantId: a._id, stock: 1, expectedStock: 3 },
          { variantId: b._id, stock: 1, expectedStock: 0 },
        ],
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'stock_changed', currentStock: 7 });
    expect(await variantStock(Number(a._id))).toBe(3);
    const bulk = await ctx.req('PATCH', `/product/${p._id}/variants/stock`, {
      token: admin,
      body: {
        changes: [
          { variantId: a._id, stock: 1, expectedStock: 3 },
          { variantId: b._id, stock: 2, expectedStock: 7 },
          { variantId: c._id, stock: 3, expectedStock: 0 },
        ],
      },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body.product.stock).toBe(6);
    // Switched off, a variant's units leave the product's figure; its price leaves the range.
    const off = await ctx.req('PUT', `/product/${p._id}/variants/${c._id}`, {
      token: admin,
      body: { enabled: false },
    });
    expect(off.body.product.stock).toBe(3);
    const shopperView = await ctx.req('GET', `/product/${p._id}`);
    expect(shopperView.body.product.variants.map((v: { _id: string }) => v._id)).toEqual([a._id, b._id]);
  });

  it('removing a colour whose variants hold units → 409 with the unit count; a variant with stock is not deleted', async () => {
    const teal = await color('Teal');
    const plum = await color('Plum');
    const p = await createProduct({ colors: [teal, plum], stock: '2' });
    const plumVariant = p.variants[1];
    await ctx.req('PUT', `/product/${p._id}/variants/${plumVariant._id}`, {
      token: admin,
      body: { stock: 5, expectedStock: 0 },
    });
    const r = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: productForm({ colors: [teal] }),
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'in_use', units: 5, skus: [plumVariant.sku] });
    expect(r.body.msg).toContain('5 units');
    const del = await ctx.req('DELETE', `/product/${p._id}/variants/${plumVariant._id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'in_use', units: 5 });
    expect((await ctx.req('GET', `/product/${p._id}`)).body.product.colors).toHaveLength(2);
  });

  it("a colour gallery takes pictures of the product's own colours, once per file", async () => {
    const sand = await color('Sand');
    const p = await createProduct({ colors: [sand] });
    const picture = file(await png(40), 'sand.png');
    const upload = () => {
      const f = new FormData();
      f.append('images', picture);
      return ctx.req('PATCH', `/product/${p._id}/color-images/${sand}`, { token: admin, form: f });
    };
    const first = await upload();
    expect(first.status, first.text).toBe(200);
    expect(first.body.uploads).toMatchObject([{ status: 'added' }]);
    expect(first.body.product.colorImages[sand]).toEqual([first.body.uploads[0].file]);
    expect(first.body.product.images).toEqual([]);
    const again = await upload();
    expect(again.body.uploads).toMatchObject([{ status: 'already_there' }]);
    expect(again.body.product.colorImages[sand]).toHaveLength(1);

    const other = await color('Elsewhere');
    const f = new FormData();
    f.append('images', picture);
    const wrong = await ctx.req('PATCH', `/product/${p._id}/color-images/${other}`, {
      token: admin,
      form: f,
    });
    expect(wrong.status).toBe(400);
  });
});

describe('bulk upload matching to colour galleries', () => {
  it('matches <product-slug>-<colour-slug>[-N] and <SKU>[-N] to the colour, <product-slug>[-N] to the shared gallery', async () => {
    const colorId = await color('Mist');
    const colorRow = (await ctx.req('GET', `/color/${colorId}`)).body.color;
    const p = await createProduct({ colors: [colorId], memorySizes: [64, 128] });
    const sku = p.variants[1].sku;
    const r = await ctx.req('POST', '/product/match-images', {
      token: admin,
      body: { names: [`${p.slug}-${colorRow.slug}-2.jpg`, `${sku.toLowerCase()}.png`, `${p.slug}-3.webp`] },
    });
    expect(r.status, r.text).toBe(200);
    const mist = { _id: colorId, name: colorRow.name, slug: colorRow.slug };
    expect(
      r.body.matches.map((m: { status: string; product: { _id: string }; color: unknown }) => [
        m.status,
        m.product._id,
        m.color,
      ]),
    ).toEqual([
      ['matched', p._id, mist],
      ['matched', p._id, mist],
      ['matched', p._id, null],
    ]);
  });
});

describe('orders per variant', () => {
  it('a switched-off variant cannot be bought: 409, nothing reserved', async () => {
    const p = await makeProduct(ctx.db, {
      colors: [{ name: 'Black' }, { name: 'Blue' }],
      variantStock: [5, 5],
    });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, p.id, 1, { colorId: p.colorIds[1] });
    await ctx.db
      .updateTable('product_variants')
      .set({ enabled: 0 })
      .where('id', '=', p.variantIds[1]!)
      .execute();
    const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'option_unavailable' });
    expect(await variantStock(p.variantIds[1]!)).toBe(5);
    expect(await variantStock(p.variantIds[0]!)).toBe(5);
    const orders = await ctx.db.selectFrom('orders').select('id').where('user_id', '=', s.id).execute();
    expect(orders).toEqual([]);

    const add = await ctx.req('POST', '/cart/add-to-cart', {
      token: s.token,
      body: { productId: String(p.id), colorId: String(p.colorIds[1]) },
    });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({ code: 'option_unavailable' });
  });

  it('12 shoppers for the last 3 units of one variant while a sibling has 50 → exactly 3 orders, sibling untouched', async () => {
    const p = await makeProduct(ctx.db, {
      name: `Race Variant ${tag()}`,
      colors: [{ name: 'Scarce' }, { name: 'Plenty' }],
      variantStock: [3, 50],
    });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await insertShopper(ctx, `Racer ${i}`);
      await addToCart(ctx.db, s.id, p.id, 1, { colorId: p.colorIds[0] });
      shoppers.push(s);
    }
    const results = await Promise.all(
      shoppers.map((s) => ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body.code).toMatch(/out_of_stock|insufficient_stock/);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(await variantStock(p.variantIds[0]!)).toBe(0);
    expect(await variantStock(p.variantIds[1]!)).toBe(50);
    expect(await stockOf(ctx.db, p.id)).toBe(50);
    const lines = await ctx.db
      .selectFrom('order_lines')
      .select(['variant_id', 'qty'])
      .where('product_id', '=', p.id)
      .execute();
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => Number(l.variant_id) === p.variantIds[0])).toBe(true);
  });

  it("cart and order lines show the chosen colour's first picture, else the product's", async () => {
    const p = await makeProduct(ctx.db, {
      price: 500,
      colors: [{ name: 'Slate' }, { name: 'Coral' }],
      variantStock: [5, 5],
    });
    // Coral has a gallery of its own (its first picture by position), Slate none.
    await ctx.db
      .insertInto('product_images')
      .values([
        { product_id: p.id, file: 'coral-back.webp', position: 1, color_id: p.colorIds[1]! },
        { product_id: p.id, file: 'coral-front.webp', position: 0, color_id: p.colorIds[1]! },
        { product_id: p.id, file: 'shared.webp', position: 0, color_id: null },
      ])
      .execute();
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, p.id, 1, { colorId: p.colorIds[0] });
    await addToCart(ctx.db, s.id, p.id, 1, { colorId: p.colorIds[1] });
    const cart = await ctx.req('GET', '/cart', { token: s.token });
    expect(cart.status, cart.text).toBe(200);
    const pictureOf = (lines: { color: { name: string } | null; product_id: { thumbnail: string } }[]) =>
      Object.fromEntries(lines.map((l) => [l.color?.name, l.product_id.thumbnail]));
    expect(pictureOf(cart.body.cart)).toEqual({ Slate: 'thumb.webp', Coral: 'coral-front.webp' });

    const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    expect(r.status, r.text).toBe(201);
    const lines = await ctx.db
      .selectFrom('order_lines')
      .select(['color_name', 'thumbnail'])
      .where('product_id', '=', p.id)
      .orderBy('color_name')
      .execute();
    expect(lines).toEqual([
      { color_name: 'Coral', thumbnail: 'coral-front.webp' },
      { color_name: 'Slate', thumbnail: 'thumb.webp' },
    ]);
  });

  it('a cart with two variants of one product: one order, lines snapshot SKU, colour and memory; cancel returns each', async () => {
    const p = await makeProduct(ctx.db, {
      price: 500,
      colors: [{ name: 'Ink' }, { name: 'Snow', adj: 100 }],
      memory: [{ size: 64 }, { size: 128, adj: 50 }],
      variantStock: [4, 0, 0, 6],
    });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, p.id, 2, { colorId: p.colorIds[0], memorySize: 64 });
    await addToCart(ctx.db, s.id, p.id, 3, { colorId: p.colorIds[1], memorySize: 128 });
    const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    expect(r.status, r.text).toBe(201);
    expect(r.body.order_total).toBe(2 * 500 + 3 * 650);
    expect(await variantStock(p.variantIds[0]!)).toBe(2);
    expect(await variantStock(p.variantIds[3]!)).toBe(3);
    expect(await stockOf(ctx.db, p.id)).toBe(5);
    const lines = await ctx.db
      .selectFrom('order_lines')
      .select(['sku', 'color_name', 'memory_size', 'variant_id', 'qty'])
      .where('product_id', '=', p.id)
      .orderBy('variant_id')
      .execute();
    const skus = await ctx.db
      .selectFrom('product_variants')
      .select(['id', 'sku'])
      .where('id', 'in', [p.variantIds[0]!, p.variantIds[3]!])
      .orderBy('id')
      .execute();
    expect(lines).toMatchObject([
      { sku: skus[0]!.sku, color_name: 'Ink', memory_size: 64, qty: 2 },
      { sku: skus[1]!.sku, color_name: 'Snow', memory_size: 128, qty: 3 },
    ]);

    const page = await ctx.req('GET', `/order/${r.body.order_id}`, { token: s.token });
    expect(page.status, page.text).toBe(200);
    expect(page.body.order.lines.map((l: { sku: string }) => l.sku).sort()).toEqual(
      skus.map((x) => x.sku).sort(),
    );

    const cancel = await ctx.req('POST', `/order/${r.body.order_id}/cancel`, { token: s.token });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await variantStock(p.variantIds[0]!)).toBe(4);
    expect(await variantStock(p.variantIds[3]!)).toBe(6);
    expect(await stockOf(ctx.db, p.id)).toBe(10);
  });
});
