// Covers: categories (GET /category, GET /category/{id}, POST /category/create, PUT /category/update/{id},
// PATCH /category/status/{id}, DELETE /category/delete/{id}): reply shapes, slug derived from the name,
// duplicate slugs (409), name sorting, productCount of active products, inactive categories hidden from
// shoppers and shown to admins, image upload/replace/delete on disk, refused uploads, access (401/403),
// in-use delete (409), and that refused requests change nothing.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { file, png } from './support';

let ctx: TestContext;
let admin: string;
let customer: string;
beforeAll(async () => {
  ctx = await createTestContext({ MAX_UPLOAD_MB: '0.5', MAX_IMAGE_PIXELS: '4000000' });
  admin = await ctx.adminToken();
  customer = (await ctx.customer()).token;
});
afterAll(() => ctx.close());

function form(fields: Record<string, string | Buffer>, fileName = 'picture.png'): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, file(v, fileName));
  }
  return f;
}

const files = async (folder: string) => {
  const dir = join(ctx.uploadDir, folder);
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
};

async function create(name: string, extra: Record<string, string | Buffer> = {}) {
  const r = await ctx.req('POST', '/category/create', { token: admin, form: form({ name, ...extra }) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.category;
}

async function addProduct(categoryId: string, status = 1) {
  await ctx.db
    .insertInto('products')
    .values({
      name: `P ${Math.random()}`,
      slug: `p-${Math.random().toString(36).slice(2)}`,
      sku: null,
      original_price: 10000,
      discount_percentage: 0,
      final_price: 10000,
      short_description: null,
      long_description: null,
      category_id: Number(categoryId),
      status,
    })
    .execute();
}

describe('POST /category/create', () => {
  it('creates a category with a slug derived from the name (the sent slug is ignored) and an image', async () => {
    const r = await ctx.req('POST', '/category/create', {
      token: admin,
      form: form({ name: '  Smart Phones & Tablets ', slug: 'ignored', Image: await png() }),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Category created successfully.',
      category: {
        name: 'Smart Phones & Tablets',
        slug: 'smart-phones--tablets',
        status: true,
        productCount: 0,
      },
    });
    expect(r.body.category._id).toMatch(/^[1-9]\d*$/);
    expect(r.body.category.Image).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(await files('categories')).toEqual([r.body.category.Image]);
    const img = await ctx.req('GET', `/images/categories/${r.body.category.Image}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
  });

  it('creates a category without an image', async () => {
    const c = await create('Audio');
    expect(c.Image).toBe('');
  });

  it('refuses a duplicate slug with 409 and changes nothing', async () => {
    const before = await ctx.snapshot();
    const r = await ctx.req('POST', '/category/create', { token: admin, form: form({ name: 'AUDIO' }) });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ flag: 0, code: 'duplicate_slug' });
    expect(r.body.msg).toContain('"audio"');
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('refuses missing, empty, wrongly typed and oversized names', async () => {
    const before = await ctx.snapshot();
    const cases: [FormData | undefined, unknown, RegExp][] = [
      [form({}), undefined, /^name is required$/],
      [form({ name: '   ' }), undefined, /^name is required$/],
      [form({ name: '!!!' }), undefined, /^name must contain/],
      [form({ name: 'x'.repeat(101) }), undefined, /^name must be at most 100 characters$/],
      [undefined, { name: 42 }, /^name must be text$/],
    ];
    for (const [f, body, msg] of cases) {
      const r = await ctx.req('POST', '/category/create', { token: admin, form: f, body });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(msg);
    }
    // 10 MB of text: refused by the body limit (413) or by the schema (400), never stored.
    const huge = await ctx.req('POST', '/category/create', {
      token: admin,
      form: form({ name: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect([400, 413]).toContain(huge.status);
    expect(huge.body.flag).toBe(0);
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('refuses a text file named .png (415), an oversized image (413) and a pixel flood (400)', async () => {
    const before = await ctx.snapshot();
    const stored = await files('categories');
    const text = await ctx.req('POST', '/category/create', {
      token: admin,
      form: form({ name: 'Fake', Image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') }),
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ flag: 0, msg: 'Upload a JPEG, PNG, WebP or AVIF image.' });

    const noise = await sharp(
      Buffer.from(Array.from({ length: 600 * 600 * 3 }, (_, i) => (i * 7919) % 251)),
      {
        raw: { width: 600, height: 600, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(0.5 * 1024 * 1024);
    const big = await ctx.req('POST', '/category/create', {
      token: admin,
      form: form({ name: 'Big', Image: noise }),
    });
    expect(big.status).toBe(413);
    expect(big.body.flag).toBe(0);

    const flood = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const fl = await ctx.req('POST', '/category/create', {
      token: admin,
      form: form({ name: 'Flood', Image: flood }),
    });
    expect(fl.status).toBe(400);
    expect(fl.body).toMatchObject({ flag: 0, code: 'image_too_large' });

    expect(await ctx.snapshot()).toEqual(before);
    expect(await files('categories')).toEqual(stored);
  });

  it('needs an admin token: 401 without, 403 with a customer token, 401 tampered or expired', async () => {
    const before = await ctx.snapshot();
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('voltcart')
      .setAudience('voltcart-admin')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(ctx.config.JWT_SECRET));
    const [h, p, s] = admin.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -3)}${s!.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const [token, status] of [
      [undefined, 401],
      [customer, 403],
      [tampered, 401],
      [expired, 401],
    ] as const) {
      const r = await ctx.req('POST', '/category/create', { token, form: form({ name: 'Nope' }) });
      expect(r.status).toBe(status);
      expect(r.body.flag).toBe(0);
    }
    expect(await ctx.snapshot()).toEqual(before);
  });
});

describe('GET /category', () => {
  it('sorts by name, counts active products, hides inactive categories from shoppers but not admins', async () => {
    const zed = await create('Zed Gadgets');
    const acc = await create('Accessories');
    await addProduct(acc._id);
    await addProduct(acc._id);
    await addProduct(acc._id, 0);
    const hidden = await create('Hidden Stuff');
    await ctx.req('PATCH', `/category/status/${hidden._id}`, { token: admin });

    const pub = await ctx.req('GET', '/category');
    expect(pub.status).toBe(200);
    expect(pub.body.flag).toBe(1);
    const names = pub.body.categories.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toContain('Zed Gadgets');
    expect(names).not.toContain('Hidden Stuff');
    const a = pub.body.categories.find((c: { _id: string }) => c._id === acc._id);
    expect(a).toEqual({
      _id: acc._id,
      name: 'Accessories',
      slug: 'accessories',
      Image: '',
      status: true,
      productCount: 2,
    });
    expect(pub.body.categories.find((c: { _id: string }) => c._id === zed._id).productCount).toBe(0);

    const adm = await ctx.req('GET', '/category', { token: admin });
    expect(adm.body.categories.map((c: { name: string }) => c.name)).toContain('Hidden Stuff');
    // A customer token gives no admin view.
    const cust = await ctx.req('GET', '/category', { token: customer });
    expect(cust.body.categories.map((c: { name: string }) => c.name)).not.toContain('Hidden Stuff');
  });
});

describe('GET /category/{id}', () => {
  it('returns the category alone and in a one-item list', async () => {
    const c = await create('Gaming');
    const r = await ctx.req('GET', `/category/${c._id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, category: c, categories: [c] });
  });

  it('answers 404 for unknown or malformed ids, and for inactive categories unless admin', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      const r = await ctx.req('GET', `/category/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ flag: 0, code: 'not_found' });
    }
    const c = await create('Dormant');
    await ctx.req('PATCH', `/category/status/${c._id}`, { token: admin });
    expect((await ctx.req('GET', `/category/${c._id}`)).status).toBe(404);
    const adm = await ctx.req('GET', `/category/${c._id}`, { token: admin });
    expect(adm.status).toBe(200);
    expect(adm.body.category.status).toBe(false);
  });
});

describe('PUT /category/update/{id}', () => {
  it('renames (new slug) and replaces the image, deleting the old file', async () => {
    const c = await create('Laptops', { Image: await png(64, 64, '#ff0000') });
    const r = await ctx.req('PUT', `/category/update/${c._id}`, {
      token: admin,
      form: form({ name: 'Laptops & Notebooks', slug: 'whatever', Image: await png(64, 64, '#00ff00') }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Category updated successfully.',
      category: { _id: c._id, name: 'Laptops & Notebooks', slug: 'laptops--notebooks' },
    });
    expect(r.body.category.Image).not.toBe(c.Image);
    const stored = await files('categories');
    expect(stored).toContain(r.body.category.Image);
    expect(stored).not.toContain(c.Image);
  });

  it('keeps the image when the form sends the current file name as text', async () => {
    const c = await create('Cameras', { Image: await png() });
    const r = await ctx.req('PUT', `/category/update/${c._id}`, {
      token: admin,
      form: form({ name: 'Cameras & Drones', Image: c.Image }),
    });
    expect(r.status).toBe(200);
    expect(r.body.category.Image).toBe(c.Image);
  });

  it('refuses a slug clash (409), an empty update (400), a bad image (415), unknown ids (404), no admin', async () => {
    const a = await create('Wearables');
    await create('Smart Home');
    const before = await ctx.snapshot();
    const stored = await files('categories');
    const clash = await ctx.req('PUT', `/category/update/${a._id}`, {
      token: admin,
      form: form({ name: 'smart home' }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('duplicate_slug');
    const empty = await ctx.req('PUT', `/category/update/${a._id}`, {
      token: admin,
      form: form({ name: '' }),
    });
    expect(empty.status).toBe(400);
    const bad = await ctx.req('PUT', `/category/update/${a._id}`, {
      token: admin,
      form: form({ Image: Buffer.from('just text') }),
    });
    expect(bad.status).toBe(415);
    const missing = await ctx.req('PUT', '/category/update/999999', {
      token: admin,
      form: form({ name: 'X' }),
    });
    expect(missing.status).toBe(404);
    expect((await ctx.req('PUT', `/category/update/${a._id}`, { form: form({ name: 'Y' }) })).status).toBe(
      401,
    );
    expect(
      (await ctx.req('PUT', `/category/update/${a._id}`, { token: customer, form: form({ name: 'Y' }) }))
        .status,
    ).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files('categories')).toEqual(stored);
    expect((await ctx.req('GET', `/category/${a._id}`)).body.category.name).toBe('Wearables');
  });
});

describe('PATCH /category/status/{id}', () => {
  it('toggles the status both ways and says so', async () => {
    const c = await create('Toggle Me');
    const off = await ctx.req('PATCH', `/category/status/${c._id}`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      flag: 1,
      msg: 'Category "Toggle Me" is now inactive.',
      category: { status: false },
    });
    const on = await ctx.req('PATCH', `/category/status/${c._id}`, { token: admin });
    expect(on.body).toMatchObject({
      flag: 1,
      msg: 'Category "Toggle Me" is now active.',
      category: { status: true },
    });
  });

  it('answers 404 for an unknown id and 401/403 without an admin token', async () => {
    expect((await ctx.req('PATCH', '/category/status/999999', { token: admin })).status).toBe(404);
    const c = await create('Guarded');
    expect((await ctx.req('PATCH', `/category/status/${c._id}`)).status).toBe(401);
    expect((await ctx.req('PATCH', `/category/status/${c._id}`, { token: customer })).status).toBe(403);
    expect((await ctx.req('GET', `/category/${c._id}`)).body.category.status).toBe(true);
  });
});

describe('DELETE /category/delete/{id}', () => {
  it('deletes the category and its image file', async () => {
    const c = await create('Short Lived', { Image: await png() });
    expect(await files('categories')).toContain(c.Image);
    const r = await ctx.req('DELETE', `/category/delete/${c._id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ flag: 1, msg: 'Category deleted successfully.' });
    expect(await files('categories')).not.toContain(c.Image);
    expect((await ctx.req('GET', `/category/${c._id}`, { token: admin })).status).toBe(404);
    expect((await ctx.req('GET', `/images/categories/${c.Image}`)).status).toBe(404);
  });

  it('refuses to delete a category used by products (409, counting inactive ones too)', async () => {
    const c = await create('Busy', { Image: await png() });
    await addProduct(c._id);
    await addProduct(c._id, 0);
    const before = await ctx.snapshot();
    const r = await ctx.req('DELETE', `/category/delete/${c._id}`, { token: admin });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      flag: 0,
      code: 'in_use',
      msg: 'This category is used by 2 products. Move or delete them first.',
    });
    expect(await ctx.snapshot()).toEqual(before);
    expect(await files('categories')).toContain(c.Image);
  });

  it('answers 404 for an unknown id and 401/403 without an admin token', async () => {
    const c = await create('Protected');
    const before = await ctx.snapshot();
    expect((await ctx.req('DELETE', '/category/delete/999999', { token: admin })).status).toBe(404);
    expect((await ctx.req('DELETE', `/category/delete/${c._id}`)).status).toBe(401);
    expect((await ctx.req('DELETE', `/category/delete/${c._id}`, { token: customer })).status).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
  });
});
