// Covers: products (GET /product with limit/page/categorySlug/colorSlug/q, GET /product/best-sellers,
// GET /product/{id|slug}, POST /product/create, PUT /product/update/{id}, PATCH /product/status/{id},
// DELETE /product/delete/{id}, PATCH /product/multiple-images/{id}, DELETE /product/image/{id}/{file}):
// reply shapes in rupees with `_id` strings, final price computed by the API, slug and SKU clashes (409),
// field validation (400), unknown ids (404), access (401/403), inactive products and categories hidden from
// shoppers but shown to admins, image files written and removed (including after a failed database write),
// shared sample pictures kept, option adjustments that would bring a price below ₹0 refused (400), and that
// refused requests change nothing.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { file, png } from './support';

let ctx: TestContext;
let admin: string;
let customer: string;
const cat: Record<string, string> = {};
const col: Record<string, string> = {};

type Field = string | number | boolean | Buffer | Buffer[] | unknown[];
function form(fields: Record<string, Field>): FormData {
  const f = new FormData();
  const photo = (b: Buffer) => file(b, 'photo.png');
  for (const [k, v] of Object.entries(fields)) {
    if (Buffer.isBuffer(v)) f.append(k, photo(v));
    else if (Array.isArray(v) && v.every((x) => Buffer.isBuffer(x)))
      for (const b of v) f.append(k, photo(b as Buffer));
    else if (Array.isArray(v)) f.append(k, JSON.stringify(v));
    else f.append(k, String(v));
  }
  return f;
}

const files = async () => {
  const dir = join(ctx.uploadDir, 'product');
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
};

let n = 0;
async function create(fields: Record<string, Field> = {}) {
  const r = await ctx.req('POST', '/product/create', {
    token: admin,
    form: form({ name: `Gadget ${++n}`, originalPrice: 1000, categoryId: cat.phones!, ...fields }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.product;
}

beforeAll(async () => {
  ctx = await createTestContext({ MAX_UPLOAD_MB: '0.5', MAX_IMAGE_PIXELS: '4000000' });
  admin = await ctx.adminToken();
  customer = (await ctx.customer()).token;
  for (const name of ['Phones', 'Laptops', 'Retired']) {
    const r = await ctx.req('POST', '/category/create', { token: admin, form: form({ name }) });
    cat[name.toLowerCase()] = r.body.category._id;
  }
  await ctx.req('PATCH', `/category/status/${cat.retired}`, { token: admin });
  for (const [name, hexcode] of [
    ['Midnight Black', '#111111'],
    ['Ocean Blue', '#1e90ff'],
    ['Old Rose', '#c08081'],
  ]) {
    const r = await ctx.req('POST', '/color/create', { token: admin, body: { name, hexcode } });
    col[r.body.color.slug] = r.body.color._id;
  }
  await ctx.req('PATCH', `/color/status/${col['old-rose']}`, { token: admin });
});
afterAll(() => ctx.close());

describe('POST /product/create', () => {
  it('creates a product with options and a thumbnail; the API computes the final price', async () => {
    const r = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({
        name: 'Pixel 9 Pro 5G',
        slug: 'ignored-slug',
        sku: 'PX9P-128',
        brand: 'Google',
        originalPrice: '79999.99',
        discountPercentage: '12.5',
        finalPrice: '1',
        categoryId: cat.phones!,
        colors: [col['midnight-black'], { _id: col['ocean-blue'], priceAdj: 1500 }],
        memorySizes: [128, 256],
        memoryPriceAdj: [0, 10000],
        stock: '25',
        inStock: 'true',
        status: 'true',
        topSelling: '1',
        videoUrl: 'https://example.com/pixel.mp4',
        shortDescription: 'Tensor G4, 50 MP camera',
        longDescription: 'A long description.',
        thumbnail: await png(),
      }),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ flag: 1, msg: 'Product created successfully.' });
    const p = r.body.product;
    expect(p).toMatchObject({
      name: 'Pixel 9 Pro 5G',
      slug: 'pixel-9-pro-5g',
      sku: 'PX9P-128',
      brand: 'Google',
      originalPrice: 79999.99,
      discountPercentage: 12.5,
      // floor(79999.99 × 0.875) = 69999
      finalPrice: 69999,
      stock: 25,
      inStock: true,
      status: true,
      topSelling: true,
      categoryId: cat.phones,
      categoryName: 'Phones',
      categorySlug: 'phones',
      category: { _id: cat.phones, name: 'Phones', slug: 'phones' },
      images: [],
      colors: [
        {
          _id: col['midnight-black'],
          name: 'Midnight Black',
          slug: 'midnight-black',
          hexcode: '#111111',
          status: true,
          priceAdj: 0,
        },
        {
          _id: col['ocean-blue'],
          name: 'Ocean Blue',
          slug: 'ocean-blue',
          hexcode: '#1e90ff',
          status: true,
          priceAdj: 1500,
        },
      ],
      memorySizes: [128, 256],
      memoryPriceAdj: [0, 10000],
      videoUrl: 'https://example.com/pixel.mp4',
      shortDescription: 'Tensor G4, 50 MP camera',
      longDescription: 'A long description.',
    });
    expect(p._id).toMatch(/^[1-9]\d*$/);
    expect(p.thumbnail).toMatch(/^[a-f0-9]{32}\.webp$/);
    const stored = await files();
    expect(stored).toContain(p.thumbnail);
    expect(stored).toContain(p.thumbnail.replace('.webp', '-sm.webp'));
    const row = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', Number(p._id))
      .executeTakeFirstOrThrow();
    expect(row.original_price).toBe(7999999);
    expect(row.final_price).toBe(6999900);
  });

  it('applies the defaults: stock 0, in stock, active, not top selling, no options', async () => {
    const p = await create({ name: 'Plain Cable' });
    expect(p).toMatchObject({
      stock: 0,
      inStock: true,
      status: true,
      topSelling: false,
      discountPercentage: 0,
      finalPrice: 1000,
      sku: null,
      brand: '',
      thumbnail: '',
      colors: [],
      memorySizes: [],
      memoryPriceAdj: [],
    });
  });

  it('refuses invalid fields with 400 naming the field, and changes nothing', async () => {
    const before = await ctx.snapshot();
    const stored = await files();
    const cases: [Record<string, Field>, RegExp][] = [
      [{ name: '' }, /^Name is required$/],
      [{ originalPrice: '' }, /^Original Price \(₹\) is required$/],
      [{ originalPrice: 'abc' }, /^Original Price \(₹\) must be a number$/],
      [{ originalPrice: '-5' }, /^Original Price \(₹\) must not be negative$/],
      [{ originalPrice: '10.123' }, /^Original Price \(₹\) must have at most 2 decimals$/],
      [{ discountPercentage: '101' }, /^Discount Percentage must be between 0 and 100$/],
      [{ discountPercentage: '-1' }, /^Discount Percentage must be between 0 and 100$/],
      [{ stock: '-1' }, /^Stock Quantity must not be negative$/],
      [{ stock: '1.5' }, /^Stock Quantity must be a whole number$/],
      [{ stock: 'lots' }, /^Stock Quantity must be/],
      [{ colors: 'not json' }, /^colors must be/],
      [{ colors: [0] }, /^colors must be/],
      [{ colors: ['999999'] }, /^colors contains an unknown colour id: 999999$/],
      [{ memorySizes: '[128, "big"]' }, /^memorySizes must be/],
      [{ memorySizes: [128, 128] }, /^memorySizes must not list the same size twice$/],
      [{ memorySizes: [128], memoryPriceAdj: [0, 1] }, /^memoryPriceAdj must not have more entries/],
      [{ categoryId: '999999' }, /^categoryId does not match any category$/],
      [{ categoryId: 'abc' }, /^Category must be a valid id$/],
      [{ videoUrl: 'javascript:alert(1)' }, /^Video URL must start with http:\/\/ or https:\/\/$/],
      [{ name: 'x'.repeat(201) }, /^Name must be at most 200 characters$/],
      [{ inStock: 'maybe' }, /^inStock/],
    ];
    for (const [fields, msg] of cases) {
      const r = await ctx.req('POST', '/product/create', {
        token: admin,
        form: form({ name: 'Invalid One', originalPrice: 1000, thumbnail: await png(), ...fields }),
      });
      expect(r.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(msg);
    }
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files()).toEqual(stored);
  });

  it('refuses a 10 MB text field (400 or 413)', async () => {
    const before = await ctx.snapshot();
    const r = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'Huge', originalPrice: 10, shortDescription: 'y'.repeat(10 * 1024 * 1024) }),
    });
    expect([400, 413]).toContain(r.status);
    expect(r.body.flag).toBe(0);
    const json = await ctx.req('POST', '/product/create', {
      token: admin,
      body: { name: 'z'.repeat(4 * 1024 * 1024), originalPrice: 10 },
    });
    expect([400, 413]).toContain(json.status);
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('refuses duplicate slugs and SKUs with 409', async () => {
    await create({ name: 'Galaxy Tab S9', sku: 'TAB-S9' });
    const before = await ctx.snapshot();
    const stored = await files();
    const slug = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'galaxy tab   s9', originalPrice: 5, thumbnail: await png() }),
    });
    expect(slug.status).toBe(409);
    expect(slug.body).toMatchObject({ flag: 0, code: 'duplicate_slug' });
    const sku = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'Another Tab', sku: 'TAB-S9', originalPrice: 5 }),
    });
    expect(sku.status).toBe(409);
    expect(sku.body).toMatchObject({ flag: 0, code: 'duplicate_sku' });
    expect(sku.body.msg).toContain('TAB-S9');
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files()).toEqual(stored);
  });

  it('refuses a text file named .png (415), an oversized image (413) and a pixel flood (400)', async () => {
    const before = await ctx.snapshot();
    const stored = await files();
    const text = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'Fake Pic', originalPrice: 5, thumbnail: Buffer.from('hello, I am text') }),
    });
    expect(text.status).toBe(415);
    expect(text.body.msg).toBe('Upload a JPEG, PNG, WebP or AVIF image.');
    const raw = randomBytes(700 * 700 * 3);
    const big = await sharp(raw, { raw: { width: 700, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    const tooBig = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'Big Pic', originalPrice: 5, thumbnail: big }),
    });
    expect(tooBig.status).toBe(413);
    const flood = await sharp({ create: { width: 2500, height: 2500, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const fl = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'Flood Pic', originalPrice: 5, thumbnail: flood }),
    });
    expect(fl.status).toBe(400);
    // A good thumbnail and a bad gallery image: the thumbnail written first is removed again.
    const mixed = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({
        name: 'Mixed Pics',
        originalPrice: 5,
        thumbnail: await png(),
        images: [Buffer.from('nope')],
      }),
    });
    expect(mixed.status).toBe(415);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files()).toEqual(stored);
  });

  it('leaves no image files behind when the database write fails', async () => {
    await sql`CREATE TRIGGER refuse_doomed BEFORE INSERT ON products FOR EACH ROW
      IF NEW.name = 'Doomed Phone' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by test'; END IF`.execute(
      ctx.db,
    );
    try {
      const before = await ctx.snapshot();
      const stored = await files();
      const r = await ctx.req('POST', '/product/create', {
        token: admin,
        form: form({
          name: 'Doomed Phone',
          originalPrice: 5,
          colors: [col['ocean-blue']],
          thumbnail: await png(),
          images: [await png(32)],
        }),
      });
      expect(r.status).toBe(500);
      expect(r.body).toMatchObject({ flag: 0, code: 'internal' });
      expect(r.body.msg).not.toContain('refused by test');
      expect(await ctx.snapshot()).toEqual(before);
      expect(await files()).toEqual(stored);
    } finally {
      await sql`DROP TRIGGER refuse_doomed`.execute(ctx.db);
    }
  });

  it('needs an admin token', async () => {
    const before = await ctx.snapshot();
    const f = () => form({ name: 'No Auth', originalPrice: 5 });
    expect((await ctx.req('POST', '/product/create', { form: f() })).status).toBe(401);
    expect((await ctx.req('POST', '/product/create', { token: customer, form: f() })).status).toBe(403);
    expect((await ctx.req('POST', '/product/create', { token: `${admin}x`, form: f() })).status).toBe(401);
    expect(await ctx.snapshot()).toEqual(before);
  });
});

describe('GET /product', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    // A clean slate so that counts below are exact.
    await ctx.db.deleteFrom('products').execute();
    ids = {};
    const specs: [string, Record<string, Field>][] = [
      [
        'Apple iPhone 15 128GB',
        { brand: 'Apple', colors: [col['midnight-black']], shortDescription: 'A16 Bionic chip' },
      ],
      ['Samsung Galaxy S24', { brand: 'Samsung', colors: [col['ocean-blue'], col['midnight-black']] }],
      ['Dell XPS 13 Laptop', { brand: 'Dell', categoryId: cat.laptops!, colors: [col['ocean-blue']] }],
      [
        'Lenovo ThinkPad X1',
        { brand: 'Lenovo', categoryId: cat.laptops!, shortDescription: 'Business ultrabook' },
      ],
      ['OnePlus 12 5G', { brand: 'OnePlus', colors: [col['old-rose']] }],
      ['Hidden Phone', { brand: 'Apple', status: 'false', colors: [col['midnight-black']] }],
      ['Retired Laptop', { brand: 'Dell', categoryId: cat.retired!, colors: [col['ocean-blue']] }],
    ];
    for (const [name, fields] of specs) ids[name] = (await create({ name, ...fields }))._id;
  });

  const names = (r: { body: { products: { name: string }[] } }) => r.body.products.map((p) => p.name);

  it('lists active products of active categories, newest first, with summary fields only', async () => {
    const r = await ctx.req('GET', '/product');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, hasMore: false });
    expect(names(r)).toEqual([
      'OnePlus 12 5G',
      'Lenovo ThinkPad X1',
      'Dell XPS 13 Laptop',
      'Samsung Galaxy S24',
      'Apple iPhone 15 128GB',
    ]);
    expect(Object.keys(r.body.products[0]).sort()).toEqual(
      [
        '_id',
        'brand',
        'categoryId',
        'categoryName',
        'categorySlug',
        'discountPercentage',
        'finalPrice',
        'inStock',
        'name',
        'originalPrice',
        'priceRange',
        'sku',
        'slug',
        'status',
        'stock',
        'thumbnail',
        'topSelling',
      ].sort(),
    );
  });

  it('shows admins everything, including inactive products and categories', async () => {
    const r = await ctx.req('GET', '/product', { token: admin });
    expect(names(r)).toContain('Hidden Phone');
    expect(names(r)).toContain('Retired Laptop');
    expect(r.body.products).toHaveLength(7);
    // A customer token is not an admin view.
    expect(names(await ctx.req('GET', '/product', { token: customer }))).not.toContain('Hidden Phone');
  });

  it('pages with limit and page, and says whether more exist (limit=0 means all)', async () => {
    const two = await ctx.req('GET', '/product?limit=2');
    expect(names(two)).toEqual(['OnePlus 12 5G', 'Lenovo ThinkPad X1']);
    expect(two.body.hasMore).toBe(true);
    const page2 = await ctx.req('GET', '/product?limit=2&page=2');
    expect(names(page2)).toEqual(['Dell XPS 13 Laptop', 'Samsung Galaxy S24']);
    expect(page2.body.hasMore).toBe(true);
    const page3 = await ctx.req('GET', '/product?limit=2&page=3');
    expect(names(page3)).toEqual(['Apple iPhone 15 128GB']);
    expect(page3.body.hasMore).toBe(false);
    const all = await ctx.req('GET', '/product?limit=0');
    expect(all.body.products).toHaveLength(5);
    expect(all.body.hasMore).toBe(false);
    const p24 = await ctx.req('GET', '/product?limit=24&page=1');
    expect(p24.body.products).toHaveLength(5);
    expect(p24.body.hasMore).toBe(false);
    const empty = await ctx.req('GET', '/product?limit=&page=');
    expect(empty.body.products).toHaveLength(5);
  });

  it('filters by category slug, colour slug and both', async () => {
    expect(names(await ctx.req('GET', '/product?categorySlug=laptops'))).toEqual([
      'Lenovo ThinkPad X1',
      'Dell XPS 13 Laptop',
    ]);
    expect(names(await ctx.req('GET', '/product?colorSlug=ocean-blue'))).toEqual([
      'Dell XPS 13 Laptop',
      'Samsung Galaxy S24',
    ]);
    expect(
      names(await ctx.req('GET', '/product?categorySlug=phones&colorSlug=midnight-black&limit=24')),
    ).toEqual(['Samsung Galaxy S24', 'Apple iPhone 15 128GB']);
    const paged = await ctx.req(
      'GET',
      '/product?categorySlug=phones&colorSlug=midnight-black&limit=1&page=1',
    );
    expect(names(paged)).toEqual(['Samsung Galaxy S24']);
    expect(paged.body.hasMore).toBe(true);
    // Inactive category, inactive colour, unknown slugs: nothing for shoppers.
    expect(names(await ctx.req('GET', '/product?categorySlug=retired'))).toEqual([]);
    expect(names(await ctx.req('GET', '/product?colorSlug=old-rose'))).toEqual([]);
    expect(names(await ctx.req('GET', '/product?categorySlug=nope'))).toEqual([]);
    // Admins see them.
    expect(names(await ctx.req('GET', '/product?categorySlug=retired', { token: admin }))).toEqual([
      'Retired Laptop',
    ]);
    expect(names(await ctx.req('GET', '/product?colorSlug=old-rose', { token: admin }))).toEqual([
      'OnePlus 12 5G',
    ]);
  });

  it('searches name, brand and short description, by word prefixes, ignoring operators', async () => {
    expect(names(await ctx.req('GET', '/product?q=galaxy'))).toEqual(['Samsung Galaxy S24']);
    expect(names(await ctx.req('GET', '/product?q=Think'))).toEqual(['Lenovo ThinkPad X1']);
    expect(names(await ctx.req('GET', '/product?q=bionic'))).toEqual(['Apple iPhone 15 128GB']);
    expect(names(await ctx.req('GET', '/product?q=dell%20laptop'))).toEqual(['Dell XPS 13 Laptop']);
    expect(names(await ctx.req('GET', `/product?q=${encodeURIComponent('+apple -"(iphone*')}`))).toEqual([
      'Apple iPhone 15 128GB',
    ]);
    // Short terms are not in the FULLTEXT index: they are matched as substrings.
    expect(names(await ctx.req('GET', '/product?q=5G'))).toEqual(['OnePlus 12 5G']);
    expect(names(await ctx.req('GET', '/product?q=x1%20lenovo'))).toEqual(['Lenovo ThinkPad X1']);
    expect(
      names(await ctx.req('GET', '/product?q=laptop&categorySlug=laptops&colorSlug=ocean-blue')),
    ).toEqual(['Dell XPS 13 Laptop']);
    expect(names(await ctx.req('GET', '/product?q=zzzzqqq'))).toEqual([]);
    // LIKE's wildcards are no wildcards here: with no word to search for, nothing is found.
    expect(names(await ctx.req('GET', `/product?q=${encodeURIComponent('%_')}`))).toEqual([]);
    // Inactive products are not found by search either.
    expect(names(await ctx.req('GET', '/product?q=hidden'))).toEqual([]);
  });

  it('refuses bad query values with 400', async () => {
    for (const q of ['limit=-1', 'limit=abc', 'limit=1001', 'limit=2.5', 'page=0', `q=${'a'.repeat(201)}`]) {
      const r = await ctx.req('GET', `/product?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
    }
  });
});

describe('GET /product/best-sellers', () => {
  it('returns the five active products with the largest saving, largest first', async () => {
    await ctx.db.deleteFrom('products').execute();
    const specs: [string, number, number][] = [
      ['Save 100', 1000, 10],
      ['Save 0', 5000, 0],
      ['Save 2500', 10000, 25],
      ['Save 900', 3000, 30],
      ['Save 50', 500, 10],
      ['Save 4000', 40000, 10],
      ['Save 20', 200, 10],
    ];
    for (const [name, originalPrice, discountPercentage] of specs)
      await create({ name, originalPrice, discountPercentage });
    await create({
      name: 'Inactive Save 99999',
      originalPrice: 200000,
      discountPercentage: 50,
      status: 'false',
    });
    const r = await ctx.req('GET', '/product/best-sellers');
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(r.body.products.map((p: { name: string }) => p.name)).toEqual([
      'Save 4000',
      'Save 2500',
      'Save 900',
      'Save 100',
      'Save 50',
    ]);
  });
});

describe('GET /product/{id}', () => {
  it('finds a product by id and by slug', async () => {
    const p = await create({ name: 'Find Me Phone', colors: [col['midnight-black'], col['old-rose']] });
    const byId = await ctx.req('GET', `/product/${p._id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.product).toMatchObject({ _id: p._id, name: 'Find Me Phone' });
    // Shoppers do not see the inactive colour; admins do.
    expect(byId.body.product.colors.map((c: { slug: string }) => c.slug)).toEqual(['midnight-black']);
    const adm = await ctx.req('GET', `/product/${p._id}`, { token: admin });
    expect(adm.body.product.colors.map((c: { slug: string }) => c.slug)).toEqual([
      'midnight-black',
      'old-rose',
    ]);
    const bySlug = await ctx.req('GET', '/product/find-me-phone');
    expect(bySlug.body.product._id).toBe(p._id);
  });

  it('answers 404 for unknown products, and for inactive ones or ones in inactive categories unless admin', async () => {
    expect((await ctx.req('GET', '/product/999999')).status).toBe(404);
    expect((await ctx.req('GET', '/product/no-such-thing')).body).toMatchObject({
      flag: 0,
      code: 'not_found',
    });
    const off = await create({ name: 'Switched Off', status: 'false' });
    const retired = await create({ name: 'In Retired Category', categoryId: cat.retired! });
    for (const p of [off, retired]) {
      expect((await ctx.req('GET', `/product/${p._id}`)).status).toBe(404);
      expect((await ctx.req('GET', `/product/${p.slug}`)).status).toBe(404);
      expect((await ctx.req('GET', `/product/${p._id}`, { token: admin })).status).toBe(200);
    }
  });
});

describe('PUT /product/update/{id}', () => {
  it('changes only the fields sent and recomputes the price', async () => {
    const p = await create({
      name: 'Update Me',
      originalPrice: 2000,
      discountPercentage: 10,
      stock: 7,
      sku: 'UPD-1',
      shortDescription: 'before',
      colors: [col['midnight-black']],
      memorySizes: [64, 128],
      memoryPriceAdj: [0, 2000],
    });
    const r = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: form({ discountPercentage: '25', finalPrice: '5', shortDescription: '' }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Product updated successfully.',
      product: {
        name: 'Update Me',
        slug: 'update-me',
        sku: 'UPD-1',
        originalPrice: 2000,
        discountPercentage: 25,
        finalPrice: 1500,
        stock: 7,
        shortDescription: '',
        memorySizes: [64, 128],
        memoryPriceAdj: [0, 2000],
      },
    });
    expect(r.body.product.colors).toHaveLength(1);

    // Two variants (64 and 128 GB) now: the product's stock is theirs, edited per variant; the 64 GB one, which
    // holds the 7 units, is emptied before its memory size is dropped.
    const first = r.body.product.variants[0];
    expect(first).toMatchObject({ memorySize: 64, stock: 7 });
    const emptied = await ctx.req('PATCH', `/product/${p._id}/variants/stock`, {
      token: admin,
      body: { changes: [{ variantId: first._id, stock: 0, expectedStock: 7 }] },
    });
    expect(emptied.status).toBe(200);

    const renamed = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: form({
        name: 'Updated Phone',
        originalPrice: '3000',
        categoryId: cat.laptops!,
        colors: [{ _id: col['ocean-blue'], priceAdj: -100 }],
        memorySizes: [128, 256],
        inStock: 'false',
      }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.product).toMatchObject({
      name: 'Updated Phone',
      slug: 'updated-phone',
      originalPrice: 3000,
      // The cheapest variant: ₹2250 − ₹100 (colour) + ₹0 (256 GB); the dearest adds ₹2000 for 128 GB.
      finalPrice: 2150,
      priceRange: { min: 2150, max: 4150 },
      categoryName: 'Laptops',
      stock: 0,
      inStock: false,
      colors: [{ _id: col['ocean-blue'], priceAdj: -100 }],
      memorySizes: [128, 256],
      // 128 keeps its earlier adjustment; 256 is new.
      memoryPriceAdj: [2000, 0],
    });
  });

  it('replaces the thumbnail and deletes the old files', async () => {
    const p = await create({ name: 'New Face', thumbnail: await png(64, 64, '#ff0000') });
    const r = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: form({ thumbnail: await png(64, 64, '#00ff00') }),
    });
    expect(r.status).toBe(200);
    const stored = await files();
    expect(stored).toContain(r.body.product.thumbnail);
    expect(stored).not.toContain(p.thumbnail);
    expect(stored).not.toContain(p.thumbnail.replace('.webp', '-sm.webp'));
  });

  it('refuses clashes, bad values, empty updates, unknown ids and non-admins, changing nothing', async () => {
    const a = await create({ name: 'Keep Me', sku: 'KEEP-1' });
    await create({ name: 'Other One', sku: 'OTHER-1' });
    const before = await ctx.snapshot();
    const stored = await files();
    const attempt = (fields: Record<string, Field>, token: string | null = admin, id = a._id) =>
      ctx.req('PUT', `/product/update/${id}`, { token: token ?? undefined, form: form(fields) });
    expect((await attempt({ name: 'other one' })).status).toBe(409);
    expect((await attempt({ sku: 'OTHER-1' })).status).toBe(409);
    expect((await attempt({ originalPrice: '-1' })).status).toBe(400);
    expect((await attempt({ discountPercentage: '100.5' })).status).toBe(400);
    expect((await attempt({ stock: '-3' })).status).toBe(400);
    expect((await attempt({ colors: ['424242'] })).status).toBe(400);
    expect((await attempt({ categoryId: '424242' })).body.msg).toBe('categoryId does not match any category');
    expect((await attempt({})).status).toBe(400);
    expect((await attempt({ thumbnail: Buffer.from('plain text') })).status).toBe(415);
    expect((await attempt({ name: 'X' }, admin, '999999')).status).toBe(404);
    expect((await attempt({ name: 'X' }, null)).status).toBe(401);
    expect((await attempt({ name: 'X' }, customer)).status).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files()).toEqual(stored);
    expect((await ctx.req('GET', `/product/${a._id}`)).body.product).toMatchObject({
      name: 'Keep Me',
      sku: 'KEEP-1',
    });
  });
});

describe('option prices never bring a product below ₹0 (the unit-price rule: refused, never clamped)', () => {
  const refused = (r: { status: number; body: { flag: number; code: string; msg: string } }, msg: string) => {
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ flag: 0, code: 'invalid_input', msg });
  };
  const createForm = (fields: Record<string, Field>) =>
    ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: `Cheap ${++n}`, categoryId: cat.phones!, ...fields }),
    });

  it('refuses on create a colour or memory adjustment that makes the cheapest choice cost less than ₹0', async () => {
    const before = await ctx.snapshot();
    refused(
      await createForm({ originalPrice: 100, colors: [{ _id: col['ocean-blue'], priceAdj: -150 }] }),
      'colors: a price adjustment may not bring the price below ₹0 (the cheapest choice would cost ₹-50).',
    );
    // The final price (₹90 after 10 % off) is what the adjustments apply to.
    refused(
      await createForm({
        originalPrice: 100,
        discountPercentage: 10,
        memorySizes: [64, 128],
        memoryPriceAdj: [-100, 0],
      }),
      'memoryPriceAdj: a price adjustment may not bring the price below ₹0 (the cheapest choice would cost ₹-10).',
    );
    refused(
      await createForm({
        originalPrice: 100,
        colors: [{ _id: col['ocean-blue'], priceAdj: -60 }, col['midnight-black']!],
        memorySizes: [64],
        memoryPriceAdj: [-60.5],
      }),
      'colors and memoryPriceAdj: price adjustments may not bring the price below ₹0 (the cheapest choice would cost ₹-20.5).',
    );
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('accepts a cheapest choice of exactly ₹0', async () => {
    const p = await create({
      originalPrice: 100,
      colors: [{ _id: col['ocean-blue'], priceAdj: -40 }],
      memorySizes: [64],
      memoryPriceAdj: [-60],
    });
    // Its one variant costs ₹100 − ₹40 − ₹60: the product's finalPrice is its lowest variant price.
    expect(p).toMatchObject({
      finalPrice: 0,
      priceRange: { min: 0, max: 0 },
      colors: [{ priceAdj: -40 }],
      memoryPriceAdj: [-60],
    });
  });

  it('refuses an update that would do it, whether it changes the price or the options, changing nothing', async () => {
    const p = await create({
      originalPrice: 1000,
      colors: [{ _id: col['ocean-blue'], priceAdj: -100 }],
      memorySizes: [64, 128],
      memoryPriceAdj: [0, 500],
    });
    const before = await ctx.snapshot();
    const update = (fields: Record<string, Field>) =>
      ctx.req('PUT', `/product/update/${p._id}`, { token: admin, form: form(fields) });
    refused(
      await update({ originalPrice: 50 }),
      'colors: a price adjustment may not bring the price below ₹0 (the cheapest choice would cost ₹-50).',
    );
    refused(
      await update({ discountPercentage: 95 }),
      'colors: a price adjustment may not bring the price below ₹0 (the cheapest choice would cost ₹-50).',
    );
    refused(
      await update({ memoryPriceAdj: [-950, 0] }),
      'colors and memoryPriceAdj: price adjustments may not bring the price below ₹0 (the cheapest choice would cost ₹-50).',
    );
    refused(
      await update({ colors: [{ _id: col['ocean-blue'], priceAdj: -1000.5 }] }),
      'colors: a price adjustment may not bring the price below ₹0 (the cheapest choice would cost ₹-0.5).',
    );
    expect(await ctx.snapshot()).toEqual(before);
    expect((await ctx.req('GET', `/product/${p._id}`, { token: admin })).body.product).toMatchObject({
      originalPrice: 1000,
      discountPercentage: 0,
      colors: [{ priceAdj: -100 }],
      memoryPriceAdj: [0, 500],
    });
  });
});

describe('PATCH /product/status/{id}', () => {
  it('toggles status (1), stock (2) and top selling (3) and says what changed', async () => {
    const p = await create({ name: 'Toggler' });
    const expectations: [number, string, Record<string, boolean>][] = [
      [1, '"Toggler" is now inactive.', { status: false }],
      [1, '"Toggler" is now active.', { status: true }],
      [2, '"Toggler" is now out of stock.', { inStock: false }],
      [2, '"Toggler" is now in stock.', { inStock: true }],
      [3, '"Toggler" is now marked as top selling.', { topSelling: true }],
      [3, '"Toggler" is no longer top selling.', { topSelling: false }],
    ];
    for (const [flag, msg, state] of expectations) {
      const r = await ctx.req('PATCH', `/product/status/${p._id}`, { token: admin, body: { flag } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ flag: 1, msg, product: state });
    }
  });

  it('refuses a bad flag (400), unknown ids (404) and non-admins', async () => {
    const p = await create({ name: 'Steady' });
    const before = await ctx.snapshot();
    for (const body of [{ flag: 4 }, { flag: 0 }, {}, { flag: 'status' }]) {
      expect((await ctx.req('PATCH', `/product/status/${p._id}`, { token: admin, body })).status).toBe(400);
    }
    expect(
      (await ctx.req('PATCH', '/product/status/999999', { token: admin, body: { flag: 1 } })).status,
    ).toBe(404);
    expect((await ctx.req('PATCH', `/product/status/${p._id}`, { body: { flag: 1 } })).status).toBe(401);
    expect(
      (await ctx.req('PATCH', `/product/status/${p._id}`, { token: customer, body: { flag: 1 } })).status,
    ).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
    expect((await ctx.req('GET', `/product/${p._id}`)).body.product.status).toBe(true);
  });
});

describe('gallery images', () => {
  it('appends 1–20 images, removes one, and refuses bad uploads', async () => {
    const p = await create({ name: 'Gallery Phone' });
    const add = await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: form({ images: [await png(40, 40, '#111111'), await png(40, 40, '#222222')] }),
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ flag: 1, msg: '2 images added.' });
    expect(add.body.product.images).toHaveLength(2);
    const more = await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: form({ images: [await png(40, 40, '#333333')] }),
    });
    expect(more.body.product.images.slice(0, 2)).toEqual(add.body.product.images);
    expect(more.body.product.images).toHaveLength(3);
    const [first] = add.body.product.images;
    expect(await files()).toContain(first);

    const before = await ctx.snapshot();
    const stored = await files();
    const none = await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: form({}),
    });
    expect(none.status).toBe(400);
    const img = await png(8);
    const tooMany = await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: form({ images: Array.from({ length: 21 }, () => img) }),
    });
    expect(tooMany.status).toBe(400);
    const bad = await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: form({ images: [await png(20), Buffer.from('GIF89a not really')] }),
    });
    expect(bad.status).toBe(415);
    expect(
      (
        await ctx.req('PATCH', '/product/multiple-images/999999', {
          token: admin,
          form: form({ images: [img] }),
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.req('PATCH', `/product/multiple-images/${p._id}`, { form: form({ images: [img] }) })).status,
    ).toBe(401);
    expect(
      (
        await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
          token: customer,
          form: form({ images: [img] }),
        })
      ).status,
    ).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files()).toEqual(stored);

    const del = await ctx.req('DELETE', `/product/image/${p._id}/${first}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ flag: 1, msg: 'Image removed.' });
    expect(del.body.product.images).not.toContain(first);
    expect(await files()).not.toContain(first);
    expect(await files()).not.toContain(first.replace('.webp', '-sm.webp'));
    expect((await ctx.req('DELETE', `/product/image/${p._id}/${first}`, { token: admin })).status).toBe(404);
    expect(
      (await ctx.req('DELETE', `/product/image/${p._id}/..%2F..%2Fetc%2Fpasswd`, { token: admin })).status,
    ).toBe(404);
    expect((await ctx.req('DELETE', `/product/image/${p._id}/${more.body.product.images[1]}`)).status).toBe(
      401,
    );
  });
});

describe('DELETE /product/delete/{id}', () => {
  it('deletes the product, its options and all its image files', async () => {
    const p = await create({
      name: 'Delete Me',
      colors: [col['ocean-blue']],
      memorySizes: [64],
      thumbnail: await png(),
    });
    const withGallery = await ctx.req('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: form({ images: [await png(30)] }),
    });
    const own = [p.thumbnail, ...withGallery.body.product.images];
    const r = await ctx.req('DELETE', `/product/delete/${p._id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ flag: 1, msg: 'Product deleted successfully.' });
    const stored = await files();
    for (const f of own) {
      expect(stored).not.toContain(f);
      expect(stored).not.toContain(f.replace('.webp', '-sm.webp'));
    }
    expect((await ctx.req('GET', `/product/${p._id}`, { token: admin })).status).toBe(404);
    const left = await ctx.db
      .selectFrom('product_colors')
      .select('product_id')
      .where('product_id', '=', Number(p._id))
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps a picture that is shared with other products (the sample pool)', async () => {
    const p = await create({ name: 'Shares A Picture', thumbnail: await png() });
    await ctx.db.insertInto('shared_images').values({ folder: 'product', name: p.thumbnail }).execute();
    expect((await ctx.req('DELETE', `/product/delete/${p._id}`, { token: admin })).status).toBe(200);
    expect(await files()).toContain(p.thumbnail);
  });

  it('answers 404 for unknown ids and refuses non-admins', async () => {
    const p = await create({ name: 'Survivor' });
    const before = await ctx.snapshot();
    expect((await ctx.req('DELETE', '/product/delete/999999', { token: admin })).status).toBe(404);
    expect((await ctx.req('DELETE', `/product/delete/${p._id}`)).status).toBe(401);
    expect((await ctx.req('DELETE', `/product/delete/${p._id}`, { token: customer })).status).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
  });
});
