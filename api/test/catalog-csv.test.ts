// Covers the catalogue CSV (GET /catalog/export, POST /catalog/import, GET /catalog/import/:id, POST
// /catalog/import/:id/apply): the export streams one row per variant with formula cells escaped; the preview
// counts rows to create, update and leave unchanged and reports every row error (wrong header, not UTF-8, over
// 50 MB, duplicate SKUs, unknown categories and colours, bad numbers, rows of one product that disagree) with
// nothing written; formula-looking cells are stored as text; apply runs batch by batch, keeps product figures and
// search right, is idempotent by SKU, and a failed batch is rolled back while earlier ones stay (applying again
// finishes the job); only admins may call any of it; the history gets one record per product a batch created or
// updated (none for a preview or for unchanged rows); product and variant weights in grams go both ways and are
// checked (above 0 g, at most 100 kg).
import { randomBytes } from 'node:crypto';
import { CATALOG_CSV_COLUMNS, MAX_IMPORT_BYTES } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalog } from '../src/modules/catalog-csv/catalog-csv-export.service';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');
const cat = `phones-${tag}`;
const black = `black-${tag}`;
const blue = `blue-${tag}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  const form = new FormData();
  form.append('name', `Phones ${tag}`);
  expect((await ctx.req('POST', '/category/create', { token: admin, form })).status).toBe(201);
  for (const name of [`Black ${tag}`, `Blue ${tag}`])
    expect(
      (await ctx.req('POST', '/color/create', { token: admin, body: { name, hexcode: '#101010' } })).status,
    ).toBe(201);
});
afterAll(() => ctx.close());

type Cells = Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string | number>>;

/** A CSV text with the catalogue's header and the given rows (every other cell blank). */
function csv(rows: Cells[], header: readonly string[] = CATALOG_CSV_COLUMNS): string {
  const q = (v: unknown) => {
    const s = String(v ?? '');
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [header.join(','), ...rows.map((r) => header.map((c) => q(r[c as keyof Cells])).join(','))].join(
    '\n',
  );
}

const phone = (handle: string, sku: string, extra: Cells = {}): Cells => ({
  handle,
  name: handle.replace(/-/g, ' '),
  brand: 'Acme',
  category: cat,
  original_price: 20000,
  discount_percentage: 10,
  sku,
  stock: 5,
  ...extra,
});

async function preview(text: string | Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new File([typeof text === 'string' ? text : new Uint8Array(text)], 'catalogue.csv'));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return ctx.req('POST', '/catalog/import', { token: admin, form });
}

async function applyAll(id: string) {
  const progress: number[] = [];
  for (let i = 0; i < 50; i++) {
    const r = await ctx.req('POST', `/catalog/import/${id}/apply`, { token: admin });
    expect(r.status, r.text).toBe(200);
    progress.push(r.body.import.batchesDone);
    if (r.body.import.state === 'done') return { last: r.body.import, progress };
  }
  throw new Error('import never finished');
}

/** The product's history, newest first. */
const historyOf = async (handle: string) => {
  const id = (await ctx.req('GET', `/product/${handle}`, { token: admin })).body.product._id;
  return (await ctx.req('GET', `/admin/audit?kind=product&objectId=${id}`, { token: admin })).body.records;
};

const exported = async () => {
  const r = await ctx.req('GET', '/catalog/export', { token: admin });
  expect(r.status).toBe(200);
  return r.text;
};

describe('access', () => {
  it('refuses the export and the import without an admin token', async () => {
    expect((await ctx.req('GET', '/catalog/export')).status).toBe(401);
    const shopper = await ctx.customer();
    expect((await ctx.req('GET', '/catalog/export', { token: shopper.token })).status).toBe(403);
    const form = new FormData();
    form.append('file', new File(['x'], 'a.csv'));
    expect((await ctx.req('POST', '/catalog/import', { token: shopper.token, form })).status).toBe(403);
  });
});

describe('import of new products', () => {
  const h1 = `galaxy-${tag}`;
  const h2 = `pixel-${tag}`;
  const file = csv([
    phone(h1, `GAL-${tag}-BLK-128`, { color: black, memory_gb: 128, stock: 7 }),
    phone(h1, `GAL-${tag}-BLU-256`, { color: blue, memory_gb: 256, stock: 3, variant_price: 21999.5 }),
    phone(h2, `PIX-${tag}`, {
      name: `=cmd|' /C calc'!A0 ${tag}`,
      short_description: '@SUM(A1:A9)',
      long_description: 'Line one\nline two, with "quotes"',
      stock: 2,
    }),
  ]);
  let importId: string;

  it('previews the rows to create and writes nothing', async () => {
    const before = await ctx.snapshot();
    const r = await preview(file);
    expect(r.status, r.text).toBe(201);
    expect(r.body.import).toMatchObject({
      state: 'ready',
      rows: 3,
      create: 3,
      update: 0,
      unchanged: 0,
      errorCount: 0,
    });
    const after = await ctx.snapshot();
    expect(after.products).toBe(before.products);
    expect(after.product_variants).toBe(before.product_variants);
    expect(after.audit_log).toBe(before.audit_log);
    importId = r.body.import._id;
  });

  it('applies, with the product figures, options and search kept right', async () => {
    const { last } = await applyAll(importId);
    expect(last).toMatchObject({ state: 'done', batchesDone: 1, failure: null });
    const list = await ctx.req('GET', `/product?q=galaxy ${tag}`, { token: admin });
    expect(list.body.products.map((p: { slug: string }) => p.slug)).toContain(h1);
    const p = (await ctx.req('GET', `/product/${h1}`, { token: admin })).body.product;
    expect(p.stock).toBe(10);
    expect(p.finalPrice).toBe(18000);
    expect(p.priceRange).toEqual({ min: 18000, max: 21999.5 });
    expect(p.memorySizes).toEqual([128, 256]);
    expect(p.colors.map((c: { slug: string }) => c.slug)).toEqual([black, blue]);
    expect(p.category.slug).toBe(cat);
    expect(p.variants.map((v: { sku: string }) => v.sku)).toEqual([
      `GAL-${tag}-BLK-128`,
      `GAL-${tag}-BLU-256`,
    ]);
    const history = await historyOf(h1);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'product.create',
      summary: `CSV import catalogue.csv (batch 1 of 1): created product ${h1.replace(/-/g, ' ')}`,
      before: null,
      after: {
        name: h1.replace(/-/g, ' '),
        originalPrice: 20000,
        finalPrice: 18000,
        [`variant GAL-${tag}-BLK-128`]: { memoryGb: 128, stock: 7, price: null, active: true },
        [`variant GAL-${tag}-BLU-256`]: { memoryGb: 256, stock: 3, price: 21999.5, active: true },
      },
    });
    expect(history[0].actor).not.toBeNull();
  });

  it('stores formula-looking cells as text, and the export escapes them', async () => {
    const slug = (
      await ctx.db
        .selectFrom('product_variants')
        .select('product_id')
        .where('sku', '=', `PIX-${tag}`)
        .executeTakeFirstOrThrow()
    ).product_id;
    const p = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', slug)
      .executeTakeFirstOrThrow();
    expect(p.name).toBe(`=cmd|' /C calc'!A0 ${tag}`);
    expect(p.short_description).toBe('@SUM(A1:A9)');
    const text = await exported();
    expect(text).toContain(`,'=cmd|' /C calc'!A0 ${tag},`);
    expect(text).toContain(`'@SUM(A1:A9)`);
    expect(text).toContain('"Line one\nline two, with ""quotes"""');
    expect(text).not.toMatch(/(^|,)[=+@-][^,]*/m);
  });

  it('finds every row unchanged when the same file comes again, and writes nothing', async () => {
    const stamp = await ctx.db.selectFrom('products').select(['id', 'updated_at']).execute();
    const records = (await ctx.snapshot()).audit_log;
    const r = await preview(file);
    expect(r.body.import).toMatchObject({ rows: 3, create: 0, update: 0, unchanged: 3 });
    await applyAll(r.body.import._id);
    expect(await ctx.db.selectFrom('products').select(['id', 'updated_at']).execute()).toEqual(stamp);
    expect((await ctx.snapshot()).audit_log).toBe(records);
  });

  it('imports its own export back with nothing to change', async () => {
    const r = await preview(await exported());
    expect(r.status, r.text).toBe(201);
    expect(r.body.import).toMatchObject({ errorCount: 0, create: 0, update: 0 });
  });

  it('counts changed rows as updates and adds a new SKU to the product of its handle', async () => {
    const r = await preview(
      csv([
        phone(h1, `GAL-${tag}-BLK-128`, { color: black, memory_gb: 128, stock: 9 }),
        phone(h1, `GAL-${tag}-BLU-256`, { color: blue, memory_gb: 256, stock: 3, variant_price: 21999.5 }),
        phone(h1, `GAL-${tag}-BLK-256`, { color: black, memory_gb: 256, stock: 1 }),
      ]),
    );
    expect(r.body.import).toMatchObject({ create: 1, update: 1, unchanged: 1 });
    await applyAll(r.body.import._id);
    const p = (await ctx.req('GET', `/product/${h1}`, { token: admin })).body.product;
    expect(p.variants).toHaveLength(3);
    expect(p.stock).toBe(13);
    const [record] = await historyOf(h1);
    expect(record).toMatchObject({
      action: 'product.update',
      before: { [`variant GAL-${tag}-BLK-128`]: { stock: 7 } },
      after: {
        [`variant GAL-${tag}-BLK-128`]: { stock: 9 },
        [`variant GAL-${tag}-BLK-256`]: { memoryGb: 256, stock: 1 },
      },
    });
    expect(Object.keys(record.after)).toHaveLength(2);
  });
});

describe('bad files', () => {
  it('refuses a wrong header, naming the missing and unknown columns', async () => {
    const r = await preview(
      csv([{ sku: 'X' }], [...CATALOG_CSV_COLUMNS.filter((c) => c !== 'stock'), 'qty']),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('csv_header');
    expect(r.body.msg).toMatch(/missing stock; unknown "qty"/);
  });

  it('refuses a file that is not UTF-8, naming the line', async () => {
    const text = csv([phone(`latin-${tag}`, `LAT-${tag}`)]);
    const bytes = Buffer.from(`${text}\n`.replace(`latin ${tag}`, 'Caf\u00e9'), 'latin1');
    const r = await preview(bytes);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('csv_encoding');
    expect(r.body.msg).toMatch(/not UTF-8 text \(line 2/);
  });

  it('refuses a file over 50 MB', async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61);
    const r = await preview(big);
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('too_large');
    expect(r.body.msg).toMatch(/at most 50 MB/);
  });

  it('lists every row error with line, column and reason, and writes nothing', async () => {
    const before = await ctx.snapshot();
    const r = await preview(
      csv([
        phone(`ok-${tag}`, `OK-${tag}`),
        phone(`dup-${tag}`, `OK-${tag}`),
        phone(`nocat-${tag}`, `NOCAT-${tag}`, { category: 'no-such-category' }),
        phone(`nocolor-${tag}`, `NOCOL-${tag}`, { color: 'no-such-colour' }),
        phone(`price-${tag}`, `PRICE-${tag}`, { original_price: '12,000' }),
        phone(`stock-${tag}`, `STOCK-${tag}`, { stock: -1 }),
        phone(`ok-${tag}`, `OK2-${tag}`, { brand: 'Other' }),
        phone(`formula-${tag}`, `FORM-${tag}`, { original_price: '=1+2' }),
      ]),
    );
    expect(r.status, r.text).toBe(201);
    expect(r.body.import.state).toBe('invalid');
    expect(r.body.import.rows).toBe(8);
    expect(r.body.import.errors).toEqual([
      { line: 3, column: 'sku', reason: `"OK-${tag}" is also on line 2: each SKU once per file` },
      { line: 4, column: 'category', reason: 'no category has the slug "no-such-category"' },
      { line: 5, column: 'color', reason: 'no colour has the slug "no-such-colour"' },
      { line: 6, column: 'original_price', reason: '"12,000" is not a number (rupees, e.g. 1999.50)' },
      { line: 7, column: 'stock', reason: '"-1" must not be negative' },
      {
        line: 8,
        column: 'brand',
        reason: `differs from line 2, the first row of "ok-${tag}": every row of a product gives the same product fields`,
      },
      { line: 9, column: 'original_price', reason: '"=1+2" is not a number (rupees, e.g. 1999.50)' },
    ]);
    const apply = await ctx.req('POST', `/catalog/import/${r.body.import._id}/apply`, { token: admin });
    expect(apply.status).toBe(409);
    expect(apply.body.code).toBe('import_invalid');
    expect(await ctx.snapshot()).toMatchObject({
      products: before.products,
      product_variants: before.product_variants,
    });
  });

  it('reports a new product whose name makes a slug another product has', async () => {
    const r = await preview(csv([phone(`other-${tag}`, `SLUG-${tag}`, { name: `galaxy ${tag}` })]));
    expect(r.body.import.errors).toEqual([
      {
        line: 2,
        column: 'name',
        reason: `"galaxy ${tag}" makes the slug "galaxy-${tag}", which another product has already`,
      },
    ]);
  });
});

describe('batches', () => {
  it('applies batch by batch; a failed batch is rolled back, earlier ones stay, applying again finishes', async () => {
    const form = new FormData();
    form.append('name', `Tablets ${tag}`);
    const created = await ctx.req('POST', '/category/create', { token: admin, form });
    const tablets = created.body.category;
    const rows = [1, 2, 3, 4].map((n) =>
      phone(`tab-${n}-${tag}`, `TAB-${n}-${tag}`, n > 2 ? { category: tablets.slug } : {}),
    );
    const r = await preview(csv(rows), { batchSize: '2' });
    expect(r.body.import).toMatchObject({ batches: 2, create: 4 });
    const id = r.body.import._id;

    const first = await ctx.req('POST', `/catalog/import/${id}/apply`, { token: admin });
    expect(first.body.import).toMatchObject({ state: 'applying', batchesDone: 1 });
    // The category of the second batch goes away before it is applied.
    await ctx.db.deleteFrom('categories').where('id', '=', Number(tablets._id)).execute();
    const failed = await ctx.req('POST', `/catalog/import/${id}/apply`, { token: admin });
    expect(failed.status).toBe(409);
    expect(failed.body.code).toBe('import_batch_failed');
    expect(failed.body.msg).toMatch(
      /Batch 2 of 2 was not applied \(line 4, category: no category has the slug/,
    );
    expect(failed.body.import).toMatchObject({ batchesDone: 1, state: 'applying' });
    const slugs = async () =>
      (await ctx.db.selectFrom('products').select('slug').where('slug', 'like', `tab-%-${tag}`).execute())
        .map((p) => p.slug)
        .sort();
    expect(await slugs()).toEqual([`tab-1-${tag}`, `tab-2-${tag}`]);

    await ctx.db.insertInto('categories').values({ name: tablets.name, slug: tablets.slug }).execute();
    const { last } = await applyAll(id);
    expect(last).toMatchObject({ state: 'done', batchesDone: 2, failure: null });
    expect(await slugs()).toEqual([1, 2, 3, 4].map((n) => `tab-${n}-${tag}`));
  });
});

describe('weights', () => {
  const h = `buds-${tag}`;

  it('imports the product weight and a variant weight in grams, exports them, and keeps them when left out', async () => {
    const r = await preview(
      csv([
        phone(h, `BUDS-${tag}-1`, { memory_gb: 1, weight_grams: 250 }),
        phone(h, `BUDS-${tag}-2`, { memory_gb: 2, weight_grams: 250, variant_weight_grams: 400 }),
      ]),
    );
    expect(r.body.import).toMatchObject({ state: 'ready', create: 2, errorCount: 0 });
    await applyAll(r.body.import._id);
    const p = (await ctx.req('GET', `/product/${h}`, { token: admin })).body.product;
    expect(p.weightGrams).toBe(250);
    expect(p.variants.map((v: { weightGrams: number | null }) => v.weightGrams)).toEqual([null, 400]);
    const lines = (await exported()).split('\r\n').filter((l) => l.startsWith(`${h},`));
    expect(lines.map((l) => l.split(',').slice(-2).join(','))).toEqual(['250,', '250,400']);

    // A file without the weight columns leaves the weights alone.
    const old = CATALOG_CSV_COLUMNS.filter((c) => !c.includes('weight'));
    const rows = [phone(h, `BUDS-${tag}-1`, { memory_gb: 1 }), phone(h, `BUDS-${tag}-2`, { memory_gb: 2 })];
    const again = await preview(csv(rows, old));
    expect(again.body.import).toMatchObject({ state: 'ready', unchanged: 2, errorCount: 0 });
    // Blank cells clear them: not weighed, and the variant takes the product's weight.
    const cleared = await preview(csv(rows));
    expect(cleared.body.import).toMatchObject({ update: 2, errorCount: 0 });
    await applyAll(cleared.body.import._id);
    const after = (await ctx.req('GET', `/product/${h}`, { token: admin })).body.product;
    expect(after.weightGrams).toBeNull();
    expect(after.variants.map((v: { weightGrams: number | null }) => v.weightGrams)).toEqual([null, null]);
  });

  it('refuses a weight of 0 g, over 100 kg or not whole grams, naming the column', async () => {
    const r = await preview(
      csv([
        phone(`w0-${tag}`, `W0-${tag}`, { weight_grams: 0 }),
        phone(`w1-${tag}`, `W1-${tag}`, { variant_weight_grams: 100_001 }),
        phone(`w2-${tag}`, `W2-${tag}`, { weight_grams: '1.5 kg' }),
      ]),
    );
    expect(r.body.import.state).toBe('invalid');
    expect(r.body.import.errors).toEqual([
      { line: 2, column: 'weight_grams', reason: '"0" must be more than 0 g' },
      { line: 3, column: 'variant_weight_grams', reason: '"100001" must be at most 100,000 g (100 kg)' },
      { line: 4, column: 'weight_grams', reason: '"1.5 kg" is not a number (a whole number of grams)' },
    ]);
  });
});

describe('export', () => {
  it('streams one row per variant with the header, page by page', async () => {
    const r = await ctx.app.request('/catalog/export', { headers: { authorization: `Bearer ${admin}` } });
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="voltcart-catalogue-/);
    const bytes = new Uint8Array(await r.arrayBuffer());
    // A byte order mark first, so that spreadsheets read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(CATALOG_CSV_COLUMNS.join(','));
    expect(lines).toContain(
      `galaxy-${tag},galaxy ${tag},Acme,${cat},20000,10,1,1,0,,,,GAL-${tag}-BLU-256,${blue},256,21999.5,3,1,,,,,`,
    );
    const variants = await ctx.db.selectFrom('product_variants').select('id').execute();
    expect(lines.filter((l) => l !== '').length - 1).toBe(variants.length);

    // Small pages: every product once, in the same order, whatever the page size.
    const reader = exportCatalog(ctx.db, 2).getReader();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new TextDecoder().decode(value));
    }
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(text);
  });
});
