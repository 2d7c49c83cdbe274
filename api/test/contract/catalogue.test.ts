import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, png } from '../support';
import { ApiServer, productForm, slugOf } from './server';

/**
 * The call table's catalogue rows (docs/api.md; category, colour, product: list, detail, create, update, status,
 * delete, multiple-images) with the rules the API adds: every admin mutation needs the admin token (401 without,
 * 403 with a customer's), finalPrice computed by the API, slugs unique (409), stock an integer with an inStock
 * switch, search, filters.
 */

let api: ApiServer;
let admin: string;
let customer: string;

beforeAll(async () => {
  api = await ApiServer.start();
  admin = await api.adminToken();
  customer = (await api.customer()).token;
});
afterAll(async () => {
  await api?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: contract tests read whatever the server sent
type Row = any;

/** Clients may read the detail of /category/{id} and /color/{id} under either key: accept the singular or the list. */
function detailOf(body: Row, singular: string, plural: string): Row {
  if (body?.[singular] && typeof body[singular] === 'object') return body[singular];
  const p = body?.[plural];
  if (Array.isArray(p)) return p[0];
  if (p && typeof p === 'object') return p;
  return undefined;
}

async function categories(token?: string): Promise<Row[]> {
  const r = await api.get('/category', token);
  expect(r.status).toBe(200);
  expect(r.body.flag).toBe(1);
  expect(Array.isArray(r.body.categories)).toBe(true);
  return r.body.categories;
}
async function colors(token?: string): Promise<Row[]> {
  const r = await api.get('/color', token);
  expect(r.status).toBe(200);
  expect(r.body.flag).toBe(1);
  expect(Array.isArray(r.body.colors)).toBe(true);
  return r.body.colors;
}
async function products(query = '', token?: string): Promise<Row[]> {
  const r = await api.get(`/product${query}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.flag).toBe(1);
  expect(Array.isArray(r.body.products)).toBe(true);
  return r.body.products;
}
async function productById(id: string, token?: string): Promise<Row> {
  const r = await api.get(`/product/${id}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.flag).toBe(1);
  expect(r.body.product?._id).toBe(id);
  return r.body.product;
}

async function createCategory(name: string, slug = slugOf(name)): Promise<Row> {
  const fd = new FormData();
  fd.append('name', name);
  fd.append('slug', slug);
  fd.append('Image', file(await png(40, 30, '#aa3300'), 'cat.png'));
  const r = await api.call('POST', '/category/create', { token: admin, form: fd });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  expect(r.body.flag).toBe(1);
  expect(typeof r.body.msg).toBe('string');
  const row = (await categories(admin)).find((c) => c.slug === slug);
  expect(row).toBeTruthy();
  return row;
}

async function createColor(name: string, hexcode: string): Promise<Row> {
  const r = await api.call('POST', '/color/create', {
    token: admin,
    json: { name, slug: slugOf(name), hexcode },
  });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  expect(r.body.flag).toBe(1);
  const row = (await colors(admin)).find((c) => c.slug === slugOf(name));
  expect(row).toBeTruthy();
  return row;
}

let productSeq = 0;
async function createProduct(fields: Record<string, string | number | File | undefined>): Promise<Row> {
  productSeq += 1;
  const name = (fields.name as string) ?? `Contract Phone ${productSeq}`;
  const form = productForm({
    name,
    slug: slugOf(name),
    originalPrice: 1000,
    discountPercentage: 10,
    finalPrice: 900,
    shortDescription: 'A short line',
    longDescription: 'A longer description of the phone',
    stock: 10,
    thumbnail: file(await png(), 'thumb.png'),
    ...fields,
  });
  const r = await api.call('POST', '/product/create', { token: admin, form });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  expect(r.body.flag).toBe(1);
  expect(typeof r.body.msg).toBe('string');
  const slug = (fields.slug as string) ?? slugOf(name);
  const row = (await products('?limit=0', admin)).find((p) => p.slug === slug);
  expect(row, `product ${slug} in the admin list`).toBeTruthy();
  return productById(row._id, admin);
}

describe('categories', () => {
  let phones: Row;

  it('POST /category/create (multipart name, slug, Image) makes an active category listed publicly', async () => {
    phones = await createCategory('Smart Phones');
    expect(phones).toMatchObject({ name: 'Smart Phones', slug: 'smart-phones', status: true });
    expect(typeof phones._id).toBe('string');
    expect(typeof phones.Image).toBe('string');
    expect(phones.productCount).toBe(0);
    const pub = await categories();
    expect(pub.find((c) => c._id === phones._id)).toMatchObject({
      name: 'Smart Phones',
      Image: phones.Image,
    });
  });

  it('serves the Image at /images/categories/{Image} with a long cache', async () => {
    const r = await fetch(`${api.base}/images/categories/${phones.Image}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\//);
    const maxAge = Number(/max-age=(\d+)/.exec(r.headers.get('cache-control') ?? '')?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(86_400);
  });

  it('GET /category/{id} answers flag 1 and the category; unknown id 404', async () => {
    const r = await api.get(`/category/${phones._id}`);
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(detailOf(r.body, 'category', 'categories')).toMatchObject({
      _id: phones._id,
      slug: 'smart-phones',
    });
    const missing = await api.get('/category/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.flag).toBe(0);
  });

  it('derives the slug from the name with the slug rule when none is sent', async () => {
    const fd = new FormData();
    fd.append('name', 'Ear & Head  Phones!');
    fd.append('Image', file(await png(), 'x.png'));
    const r = await api.call('POST', '/category/create', { token: admin, form: fd });
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    const row = (await categories(admin)).find((c) => c.name === 'Ear & Head  Phones!');
    expect(row?.slug).toBe(slugOf('Ear & Head  Phones!'));
  });

  it('refuses a duplicate slug with 409 and a missing name with 400', async () => {
    const before = (await categories(admin)).length;
    const fd = new FormData();
    fd.append('name', 'Smart Phones');
    fd.append('slug', 'smart-phones');
    fd.append('Image', file(await png(), 'x.png'));
    const dup = await api.call('POST', '/category/create', { token: admin, form: fd });
    expect(dup.status).toBe(409);
    expect(dup.body.flag).toBe(0);
    expect(dup.body.msg).toMatch(/slug|exists|already/i);
    const noName = new FormData();
    noName.append('Image', file(await png(), 'x.png'));
    const bad = await api.call('POST', '/category/create', { token: admin, form: noName });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/name/i);
    expect((await categories(admin)).length).toBe(before);
  });

  it('refuses a text file named .png with 415', async () => {
    const fd = new FormData();
    fd.append('name', 'Fake Image Cat');
    fd.append('Image', file(Buffer.from('just some text, not a picture'), 'fake.png'));
    const r = await api.call('POST', '/category/create', { token: admin, form: fd });
    expect(r.status).toBe(415);
    expect(r.body.flag).toBe(0);
    expect((await categories(admin)).find((c) => c.name === 'Fake Image Cat')).toBeUndefined();
  });

  it('PUT /category/update/{id} (multipart) renames and keeps the image when none is sent', async () => {
    const cat = await createCategory('Tabletz');
    const fd = new FormData();
    fd.append('name', 'Tablets');
    fd.append('slug', 'tablets');
    const r = await api.call('PUT', `/category/update/${cat._id}`, { token: admin, form: fd });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.flag).toBe(1);
    const row = (await categories(admin)).find((c) => c._id === cat._id);
    expect(row).toMatchObject({ name: 'Tablets', slug: 'tablets', Image: cat.Image });

    const withImage = new FormData();
    withImage.append('name', 'Tablets');
    withImage.append('slug', 'tablets');
    withImage.append('Image', file(await png(20, 20, '#00ff00'), 'new.png'));
    const r2 = await api.call('PUT', `/category/update/${cat._id}`, { token: admin, form: withImage });
    expect(r2.status).toBe(200);
    const row2 = (await categories(admin)).find((c) => c._id === cat._id);
    expect(row2.Image).not.toBe(cat.Image);
    expect((await fetch(`${api.base}/images/categories/${row2.Image}`)).status).toBe(200);

    const clash = new FormData();
    clash.append('name', 'Smart Phones');
    clash.append('slug', 'smart-phones');
    const r3 = await api.call('PUT', `/category/update/${cat._id}`, { token: admin, form: clash });
    expect(r3.status).toBe(409);

    const missing = await api.call('PUT', '/category/update/999999', { token: admin, form: fd });
    expect(missing.status).toBe(404);
  });

  it('PATCH /category/status/{id} (empty body) toggles status; inactive is hidden from the public list', async () => {
    const cat = await createCategory('Toggle Cat');
    const r = await api.call('PATCH', `/category/status/${cat._id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect((await categories(admin)).find((c) => c._id === cat._id).status).toBe(false);
    expect((await categories()).find((c) => c._id === cat._id)).toBeUndefined();
    const back = await api.call('PATCH', `/category/status/${cat._id}`, { token: admin });
    expect(back.body.flag).toBe(1);
    expect((await categories()).find((c) => c._id === cat._id)?.status).toBe(true);
    expect((await api.call('PATCH', '/category/status/999999', { token: admin })).status).toBe(404);
  });

  it('DELETE /category/delete/{id} removes it; unknown id 404', async () => {
    const cat = await createCategory('Doomed Cat');
    const r = await api.call('DELETE', `/category/delete/${cat._id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect((await categories(admin)).find((c) => c._id === cat._id)).toBeUndefined();
    expect((await api.get(`/category/${cat._id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/category/delete/${cat._id}`, { token: admin })).status).toBe(404);
  });
});

describe('colours', () => {
  it('POST /color/create (JSON name, slug, hexcode) then list, detail, update, status, delete', async () => {
    const c = await createColor('Midnight Blue', '#191970');
    expect(c).toMatchObject({ name: 'Midnight Blue', slug: 'midnight-blue', status: true });
    expect(String(c.hexcode).toLowerCase()).toBe('#191970');
    expect(typeof c._id).toBe('string');

    const one = await api.get(`/color/${c._id}`);
    expect(one.status).toBe(200);
    expect(one.body.flag).toBe(1);
    expect(detailOf(one.body, 'color', 'colors')).toMatchObject({ _id: c._id, slug: 'midnight-blue' });
    expect((await api.get('/color/999999')).status).toBe(404);

    const up = await api.call('PUT', `/color/update/${c._id}`, {
      token: admin,
      json: { name: 'Navy Blue', slug: 'navy-blue', hexcode: '#000080' },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.flag).toBe(1);
    const row = (await colors(admin)).find((x) => x._id === c._id);
    expect(row).toMatchObject({ name: 'Navy Blue', slug: 'navy-blue' });
    expect(String(row.hexcode).toLowerCase()).toBe('#000080');

    const st = await api.call('PATCH', `/color/status/${c._id}`, { token: admin });
    expect(st.status).toBe(200);
    expect(st.body.flag).toBe(1);
    expect((await colors(admin)).find((x) => x._id === c._id).status).toBe(false);
    expect((await colors()).find((x) => x._id === c._id)).toBeUndefined();

    const del = await api.call('DELETE', `/color/delete/${c._id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.flag).toBe(1);
    expect((await colors(admin)).find((x) => x._id === c._id)).toBeUndefined();
    expect((await api.call('DELETE', `/color/delete/${c._id}`, { token: admin })).status).toBe(404);
  });

  it('refuses a duplicate slug (409), a bad hexcode and a missing name (400)', async () => {
    await createColor('Coral Red', '#ff4040');
    const before = (await colors(admin)).length;
    const dup = await api.call('POST', '/color/create', {
      token: admin,
      json: { name: 'Coral Red', slug: 'coral-red', hexcode: '#ff4041' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.flag).toBe(0);
    const hex = await api.call('POST', '/color/create', {
      token: admin,
      json: { name: 'Bad Hex', slug: 'bad-hex', hexcode: 'blue-ish' },
    });
    expect(hex.status).toBe(400);
    expect(hex.body.msg).toMatch(/hex/i);
    const noName = await api.call('POST', '/color/create', { token: admin, json: { hexcode: '#123456' } });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toMatch(/name/i);
    expect((await colors(admin)).length).toBe(before);
  });

  it('derives the slug when none is sent', async () => {
    const r = await api.call('POST', '/color/create', {
      token: admin,
      json: { name: 'Rose  Gold!', hexcode: '#b76e79' },
    });
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect((await colors(admin)).find((c) => c.name === 'Rose  Gold!')?.slug).toBe('rose-gold');
  });
});

describe('products', () => {
  let cat: Row;
  let cat2: Row;
  let red: Row;
  let black: Row;
  let phone: Row;

  beforeAll(async () => {
    cat = await createCategory('Mobiles');
    cat2 = await createCategory('Laptops');
    red = await createColor('Flame Red', '#e25822');
    black = await createColor('Jet Black', '#0a0a0a');
  });

  it('POST /product/create (multipart, colors as JSON text) computes finalPrice and ignores the client figure', async () => {
    phone = await createProduct({
      name: 'Galaxy S24 Ultra (256GB)!',
      slug: undefined,
      originalPrice: 999,
      discountPercentage: 15,
      finalPrice: 1,
      categoryId: cat._id,
      colors: JSON.stringify([red._id, black._id]),
      brand: 'Samsung',
      stock: 7,
    });
    expect(phone).toMatchObject({
      name: 'Galaxy S24 Ultra (256GB)!',
      slug: 'galaxy-s24-ultra-256gb',
      originalPrice: 999,
      discountPercentage: 15,
      // floor(999 × 0.85) = floor(849.15)
      finalPrice: 849,
      shortDescription: 'A short line',
      longDescription: 'A longer description of the phone',
      stock: 7,
      inStock: true,
      status: true,
    });
    expect(String(phone.categoryId)).toBe(cat._id);
    const colourIds = (phone.colors as Row[]).map((c) => (typeof c === 'object' ? c._id : String(c)));
    expect(colourIds.sort()).toEqual([red._id, black._id].sort());
    expect(Number.isInteger(phone.stock)).toBe(true);
    expect(typeof phone.thumbnail).toBe('string');
    expect(Array.isArray(phone.images)).toBe(true);
    expect(phone.topSelling).toBe(false);
  });

  it('computes the final price without floating-point slips (100 at 33% is 67, not 66)', async () => {
    const p = await createProduct({ originalPrice: 100, discountPercentage: 33, categoryId: cat._id });
    expect(p.finalPrice).toBe(67);
  });

  it('rounds the final price down with decimal prices', async () => {
    const p = await createProduct({ originalPrice: 1499.5, discountPercentage: 10, categoryId: cat._id });
    // floor(1499.5 × 0.9) = floor(1349.55)
    expect(p.finalPrice).toBe(1349);
    expect(p.originalPrice).toBe(1499.5);
  });

  it('serves the thumbnail at /images/product/{thumbnail} with a long cache', async () => {
    const r = await fetch(`${api.base}/images/product/${phone.thumbnail}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\//);
    const maxAge = Number(/max-age=(\d+)/.exec(r.headers.get('cache-control') ?? '')?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(86_400);
  });

  it('GET /product/{id} answers flag 1 and product; unknown id 404 with flag 0', async () => {
    const r = await api.get(`/product/${phone._id}`);
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(r.body.product).toMatchObject({ _id: phone._id, name: phone.name, finalPrice: 849 });
    const missing = await api.get('/product/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.flag).toBe(0);
    expect(missing.body.msg).toMatch(/not found/i);
  });

  it('category productCount counts its products', async () => {
    const row = (await categories()).find((c) => c._id === cat._id);
    expect(row.productCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad prices, discounts, stock, missing name, malformed colours with 400, storing nothing', async () => {
    const before = (await products('?limit=0', admin)).length;
    const cases: [Record<string, string | number | undefined>, RegExp][] = [
      [{ name: undefined }, /name/i],
      [{ originalPrice: -5 }, /price/i],
      [{ originalPrice: 'abc' }, /price/i],
      [{ discountPercentage: 101 }, /discount/i],
      [{ discountPercentage: -1 }, /discount/i],
      [{ stock: -1 }, /stock/i],
      [{ stock: 2.5 }, /stock/i],
      [{ stock: 'lots' }, /stock/i],
      [{ colors: 'not json' }, /colou?r/i],
    ];
    for (const [over, field] of cases) {
      productSeq += 1;
      const form = productForm({
        name: `Invalid ${productSeq}`,
        originalPrice: 1000,
        discountPercentage: 10,
        shortDescription: 's',
        longDescription: 'l',
        categoryId: cat._id,
        thumbnail: file(await png(), 't.png'),
        ...over,
      });
      const r = await api.call('POST', '/product/create', { token: admin, form });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg, JSON.stringify(over)).toMatch(field);
    }
    expect((await products('?limit=0', admin)).length).toBe(before);
  });

  it('refuses an unknown categoryId or colour id', async () => {
    for (const over of [{ categoryId: '999999' }, { colors: JSON.stringify(['999999']) }]) {
      const form = productForm({
        name: `Orphan ${JSON.stringify(over)}`,
        originalPrice: 100,
        discountPercentage: 0,
        categoryId: cat._id,
        thumbnail: file(await png(), 't.png'),
        ...over,
      });
      const r = await api.call('POST', '/product/create', { token: admin, form });
      expect([400, 404, 409], JSON.stringify(over)).toContain(r.status);
      expect(r.body.flag).toBe(0);
    }
  });

  it('refuses a duplicate slug with 409', async () => {
    const form = productForm({
      name: 'Galaxy S24 Ultra (256GB)!',
      slug: 'galaxy-s24-ultra-256gb',
      originalPrice: 1000,
      discountPercentage: 0,
      categoryId: cat._id,
      thumbnail: file(await png(), 't.png'),
    });
    const r = await api.call('POST', '/product/create', { token: admin, form });
    expect(r.status).toBe(409);
    expect(r.body.flag).toBe(0);
  });

  it('PUT /product/update/{id} (multipart, same fields) recomputes finalPrice and keeps the thumbnail', async () => {
    const p = await createProduct({ categoryId: cat._id, colors: JSON.stringify([red._id]) });
    const form = productForm({
      name: 'Renamed Phone',
      slug: 'renamed-phone',
      originalPrice: 2000,
      discountPercentage: 25,
      finalPrice: 5,
      shortDescription: 'new short',
      longDescription: 'new long',
      categoryId: cat2._id,
      colors: JSON.stringify([black._id]),
      // A stock change says which stock it replaces (compare-and-set; an update without stock leaves it alone).
      stock: 3,
      expectedStock: p.stock,
    });
    const r = await api.call('PUT', `/product/update/${p._id}`, { token: admin, form });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.flag).toBe(1);
    const after = await productById(p._id, admin);
    expect(after).toMatchObject({
      name: 'Renamed Phone',
      slug: 'renamed-phone',
      originalPrice: 2000,
      discountPercentage: 25,
      finalPrice: 1500,
      shortDescription: 'new short',
      stock: 3,
      thumbnail: p.thumbnail,
    });
    expect(String(after.categoryId)).toBe(cat2._id);
    expect((after.colors as Row[]).map((c) => (typeof c === 'object' ? c._id : String(c)))).toEqual([
      black._id,
    ]);

    const clash = productForm({
      name: 'Galaxy S24 Ultra (256GB)!',
      slug: 'galaxy-s24-ultra-256gb',
      originalPrice: 1,
      discountPercentage: 0,
    });
    expect((await api.call('PUT', `/product/update/${p._id}`, { token: admin, form: clash })).status).toBe(
      409,
    );
    const bad = productForm({ name: 'X', originalPrice: 1, discountPercentage: 150 });
    expect((await api.call('PUT', `/product/update/${p._id}`, { token: admin, form: bad })).status).toBe(400);
    const missing = productForm({ name: 'Nobody', originalPrice: 10, discountPercentage: 0 });
    expect((await api.call('PUT', '/product/update/999999', { token: admin, form: missing })).status).toBe(
      404,
    );
  });

  it('PATCH /product/status/{id} {flag} toggles status (1), inStock (2), topSelling (3); other flags 400', async () => {
    const p = await createProduct({ categoryId: cat._id });
    const toggle = (flag: unknown) =>
      api.call('PATCH', `/product/status/${p._id}`, { token: admin, json: { flag } });

    const s = await toggle(1);
    expect(s.status).toBe(200);
    expect(s.body.flag).toBe(1);
    expect(typeof s.body.msg).toBe('string');
    expect((await productById(p._id, admin)).status).toBe(false);
    expect((await products('?limit=0')).find((x) => x._id === p._id)).toBeUndefined();
    expect((await products('?limit=0', admin)).find((x) => x._id === p._id)).toBeTruthy();
    expect((await api.get(`/product/${p._id}`)).status).toBe(404);
    await toggle(1);
    expect((await productById(p._id)).status).toBe(true);

    expect((await toggle(2)).body.flag).toBe(1);
    const noStock = await productById(p._id);
    expect(noStock.inStock).toBe(false);
    expect(noStock.stock).toBe(10);

    expect((await toggle(3)).body.flag).toBe(1);
    expect((await productById(p._id)).topSelling).toBe(true);

    for (const flag of [0, 4, '1x', null]) {
      const r = await toggle(flag);
      expect(r.status, String(flag)).toBe(400);
      expect(r.body.flag).toBe(0);
    }
    expect(
      (await api.call('PATCH', '/product/status/999999', { token: admin, json: { flag: 1 } })).status,
    ).toBe(404);
  });

  it('PATCH /product/multiple-images/{id} (multipart images, many) adds gallery images served under /images/product/', async () => {
    const p = await createProduct({ categoryId: cat._id });
    const fd = new FormData();
    fd.append('images', file(await png(30, 30, '#111111'), 'a.png'));
    fd.append('images', file(await png(31, 31, '#222222'), 'b.png'));
    fd.append('images', file(await png(32, 32, '#333333'), 'c.png'));
    const r = await api.call('PATCH', `/product/multiple-images/${p._id}`, { token: admin, form: fd });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.flag).toBe(1);
    const after = await productById(p._id);
    expect(after.images).toHaveLength(3);
    for (const img of after.images) {
      const name = typeof img === 'string' ? img : (img.url ?? img.file ?? img.name);
      const res = await fetch(`${api.base}/images/product/${name}`);
      expect(res.status, String(name)).toBe(200);
    }
  });

  it('multiple-images refuses a text file named .png (415), an oversized file (413), no files (400)', async () => {
    const p = await createProduct({ categoryId: cat._id });
    const text = new FormData();
    text.append('images', file(Buffer.from('hello, I am text'), 'evil.png'));
    const r1 = await api.call('PATCH', `/product/multiple-images/${p._id}`, { token: admin, form: text });
    expect(r1.status).toBe(415);
    expect(r1.body.flag).toBe(0);

    const big = Buffer.alloc(12 * 1024 * 1024, 7);
    (await png()).copy(big, 0);
    const huge = new FormData();
    huge.append('images', file(big, 'huge.png'));
    const r2 = await api.call('PATCH', `/product/multiple-images/${p._id}`, { token: admin, form: huge });
    expect(r2.status).toBe(413);

    const none = await api.call('PATCH', `/product/multiple-images/${p._id}`, {
      token: admin,
      form: new FormData(),
    });
    expect(none.status).toBe(400);
    expect((await productById(p._id)).images).toHaveLength(0);

    const fd = new FormData();
    fd.append('images', file(await png(), 'a.png'));
    expect(
      (await api.call('PATCH', '/product/multiple-images/999999', { token: admin, form: fd })).status,
    ).toBe(404);
  });

  it('DELETE /product/delete/{id} removes it and its image files', async () => {
    const p = await createProduct({ categoryId: cat._id });
    expect((await fetch(`${api.base}/images/product/${p.thumbnail}`)).status).toBe(200);
    const r = await api.call('DELETE', `/product/delete/${p._id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect((await api.get(`/product/${p._id}`)).status).toBe(404);
    expect((await fetch(`${api.base}/images/product/${p.thumbnail}`)).status).toBe(404);
    expect((await api.call('DELETE', `/product/delete/${p._id}`, { token: admin })).status).toBe(404);
  });

  it('refuses to delete a category or colour in use with 409 and a count of products', async () => {
    const c = await api.call('DELETE', `/category/delete/${cat._id}`, { token: admin });
    expect(c.status).toBe(409);
    expect(c.body.flag).toBe(0);
    expect(c.body.msg).toMatch(/\d+ products?/i);
    const k = await api.call('DELETE', `/color/delete/${red._id}`, { token: admin });
    expect(k.status).toBe(409);
    expect(k.body.msg).toMatch(/\d+ products?/i);
    expect((await categories(admin)).find((x) => x._id === cat._id)).toBeTruthy();
  });

  describe('list filters', () => {
    let gadgets: Row;
    let green: Row;
    const made: Row[] = [];
    beforeAll(async () => {
      gadgets = await createCategory('Gadgets');
      green = await createColor('Mint Green', '#98ff98');
      made.push(
        await createProduct({
          name: 'Pixel Buds',
          categoryId: gadgets._id,
          colors: JSON.stringify([green._id]),
          brand: 'Zentrix',
        }),
      );
      made.push(
        await createProduct({
          name: 'Plain Charger',
          categoryId: gadgets._id,
          colors: JSON.stringify([black._id]),
          longDescription: 'Charges with quasarflux technology',
        }),
      );
      made.push(
        await createProduct({
          name: 'Third Gadget',
          categoryId: gadgets._id,
          colors: JSON.stringify([green._id]),
          shortDescription: 'Sparkvolt fast charging',
        }),
      );
    });

    it('limit=N returns at most N; limit=0 returns all', async () => {
      const all = await products('?limit=0');
      expect(all.length).toBeGreaterThanOrEqual(6);
      expect(await products('?limit=2')).toHaveLength(2);
      expect((await products('?limit=24')).length).toBe(Math.min(24, all.length));
      expect((await api.get('/product?limit=-1')).status).toBe(400);
      expect((await api.get('/product?limit=abc')).status).toBe(400);
    });

    it('categorySlug and colorSlug filter and combine', async () => {
      const inCat = await products(`?limit=0&categorySlug=${gadgets.slug}`);
      expect(inCat.map((p) => p._id).sort()).toEqual(made.map((p) => p._id).sort());
      const inGreen = await products(`?limit=0&colorSlug=${green.slug}`);
      expect(inGreen.map((p) => p.name).sort()).toEqual(['Pixel Buds', 'Third Gadget']);
      const both = await products(`?limit=0&categorySlug=${gadgets.slug}&colorSlug=${black.slug}`);
      expect(both.map((p) => p.name)).toEqual(['Plain Charger']);
      expect(await products(`?limit=1&categorySlug=${gadgets.slug}`)).toHaveLength(1);
      expect(await products('?limit=0&categorySlug=no-such-category')).toEqual([]);
    });

    it('q searches name, brand and the short description', async () => {
      expect((await products('?limit=0&q=pixel')).map((p) => p.name)).toEqual(['Pixel Buds']);
      expect((await products('?limit=0&q=zentrix')).map((p) => p.name)).toEqual(['Pixel Buds']);
      expect((await products('?limit=0&q=sparkvolt')).map((p) => p.name)).toEqual(['Third Gadget']);
      // The category's name is searched too: every gadget matches, the one named so comes first.
      const gadgetHits = (await products(`?limit=0&q=gadget&categorySlug=${gadgets.slug}`)).map(
        (p) => p.name,
      );
      expect(gadgetHits[0]).toBe('Third Gadget');
      expect(gadgetHits.sort()).toEqual(made.map((p) => p.name).sort());
      expect(await products('?limit=0&q=nothingmatchesthis')).toEqual([]);
    });

    it('list items carry the fields the store grid shows', async () => {
      const [p] = await products(`?limit=1&categorySlug=${gadgets.slug}`);
      for (const k of [
        '_id',
        'name',
        'slug',
        'thumbnail',
        'finalPrice',
        'originalPrice',
        'discountPercentage',
        'stock',
        'inStock',
      ])
        expect(p, k).toHaveProperty(k);
    });
  });
});

describe('admin mutations need the admin token (401 without, 403 with a customer token)', () => {
  it('every catalogue mutation, and nothing changes', async () => {
    const cat = await createCategory('Guarded Cat');
    const col = await createColor('Guarded Colour', '#abcdef');
    const prod = await createProduct({ categoryId: cat._id, colors: JSON.stringify([col._id]) });
    const snapshot = async () =>
      JSON.stringify([
        (await categories(admin)).map((c) => [c._id, c.name, c.status]),
        (await colors(admin)).map((c) => [c._id, c.name, c.status]),
        (await products('?limit=0', admin)).map((p) => [p._id, p.name, p.status, p.inStock, p.stock]),
        (await productById(prod._id, admin)).images,
      ]);
    const before = await snapshot();

    const catForm = async () => {
      const fd = new FormData();
      fd.append('name', 'Hacked');
      fd.append('slug', 'hacked');
      fd.append('Image', file(await png(), 'h.png'));
      return fd;
    };
    const prodForm = async () =>
      productForm({
        name: 'Hacked',
        originalPrice: 1,
        discountPercentage: 0,
        categoryId: cat._id,
        thumbnail: file(await png(), 'h.png'),
      });
    const imgForm = async () => {
      const fd = new FormData();
      fd.append('images', file(await png(), 'h.png'));
      return fd;
    };
    const calls: [string, string, () => Promise<{ json?: unknown; form?: FormData }>][] = [
      ['POST', '/category/create', async () => ({ form: await catForm() })],
      ['PUT', `/category/update/${cat._id}`, async () => ({ form: await catForm() })],
      ['PATCH', `/category/status/${cat._id}`, async () => ({})],
      ['DELETE', `/category/delete/${cat._id}`, async () => ({})],
      [
        'POST',
        '/color/create',
        async () => ({ json: { name: 'Hacked', slug: 'hacked', hexcode: '#000000' } }),
      ],
      [
        'PUT',
        `/color/update/${col._id}`,
        async () => ({ json: { name: 'Hacked', slug: 'hacked', hexcode: '#000000' } }),
      ],
      ['PATCH', `/color/status/${col._id}`, async () => ({})],
      ['DELETE', `/color/delete/${col._id}`, async () => ({})],
      ['POST', '/product/create', async () => ({ form: await prodForm() })],
      ['PUT', `/product/update/${prod._id}`, async () => ({ form: await prodForm() })],
      ['PATCH', `/product/status/${prod._id}`, async () => ({ json: { flag: 1 } })],
      ['DELETE', `/product/delete/${prod._id}`, async () => ({})],
      ['PATCH', `/product/multiple-images/${prod._id}`, async () => ({ form: await imgForm() })],
    ];
    for (const [method, path, body] of calls) {
      const none = await api.call(method, path, await body());
      expect(none.status, `${method} ${path} without a token`).toBe(401);
      expect(none.body?.flag, `${method} ${path}`).toBe(0);
      const cust = await api.call(method, path, { token: customer, ...(await body()) });
      expect(cust.status, `${method} ${path} with a customer token`).toBe(403);
      expect(cust.body?.flag).toBe(0);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('public answers served from a cache stay correct per caller', () => {
  it('an admin never gets the public answer, a visitor never gets the admin one', async () => {
    const cat = await createCategory('Cache Cat');
    const hidden = await createProduct({ name: 'Cache Hidden', categoryId: cat._id });
    await api.call('PATCH', `/product/status/${hidden._id}`, { token: admin, json: { flag: 1 } });
    const inList = (list: Row[]) => list.some((p) => p._id === hidden._id);
    for (const path of ['?limit=0', `?limit=0&categorySlug=${cat.slug}`, '?limit=24']) {
      expect(inList(await products(path)), `public ${path}`).toBe(false);
      expect(inList(await products(path, admin)), `admin after public ${path}`).toBe(true);
      expect(inList(await products(path)), `public after admin ${path}`).toBe(false);
      expect(inList(await products(path, customer)), `customer ${path}`).toBe(false);
    }
    await api.call('PATCH', `/category/status/${cat._id}`, { token: admin });
    const pubCats = async () => (await categories()).some((c) => c._id === cat._id);
    expect(await pubCats()).toBe(false);
    expect((await categories(admin)).some((c) => c._id === cat._id)).toBe(true);
    expect(await pubCats()).toBe(false);
  });

  it('CORS headers follow each request origin, also for repeated (cached) reads', async () => {
    const read = (origin: string) => fetch(`${api.base}/product?limit=2`, { headers: { origin } });
    for (const origin of [
      'http://localhost:5173',
      'http://localhost:5173',
      'https://evil.example',
      'http://localhost:3000',
    ]) {
      const r = await read(origin);
      expect(r.status).toBe(200);
      const allowed = origin === 'https://evil.example' ? null : origin;
      expect(r.headers.get('access-control-allow-origin'), origin).toBe(allowed);
    }
  });

  it('a change is visible to the next read at once', async () => {
    const cat = await createCategory('Fresh Cat');
    const before = await products(`?limit=0&categorySlug=${cat.slug}`);
    expect(before).toEqual([]);
    const p = await createProduct({ categoryId: cat._id });
    expect((await products(`?limit=0&categorySlug=${cat.slug}`)).map((x) => x._id)).toEqual([p._id]);
    await api.call('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: productForm({ name: 'Fresh Renamed', originalPrice: 1000, discountPercentage: 50 }),
    });
    const [after] = await products(`?limit=0&categorySlug=${cat.slug}`);
    expect(after).toMatchObject({ name: 'Fresh Renamed', finalPrice: 500 });
    expect((await api.get(`/product/${p._id}`)).body.product.finalPrice).toBe(500);
    await api.call('DELETE', `/product/delete/${p._id}`, { token: admin });
    expect(await products(`?limit=0&categorySlug=${cat.slug}`)).toEqual([]);
  });
});
