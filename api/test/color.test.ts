// Covers: colours (GET /color, GET /color/{id}, POST /color/create, PUT /color/update/{id},
// PATCH /color/status/{id}, DELETE /color/delete/{id}): reply shapes, slug from the name, hexcode checked
// and stored as lowercase #rrggbb, duplicate slugs (409), inactive colours hidden from shoppers but shown to
// admins, in-use delete (409, counted), unknown ids (404), access (401/403), refused requests change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;
let customer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  customer = (await ctx.customer()).token;
});
afterAll(() => ctx.close());

async function create(name: string, hexcode = '#123456') {
  const r = await ctx.req('POST', '/color/create', { token: admin, body: { name, hexcode } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.color;
}

async function productWith(colorIds: string[]) {
  const r = await ctx.db
    .insertInto('products')
    .values({
      name: `P ${Math.random()}`,
      slug: `p-${Math.random().toString(36).slice(2)}`,
      sku: null,
      original_price: 100,
      discount_percentage: 0,
      final_price: 100,
      short_description: null,
      long_description: null,
      category_id: null,
    })
    .executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  for (const c of colorIds) {
    await ctx.db
      .insertInto('product_colors')
      .values({ product_id: id, color_id: Number(c) })
      .execute();
  }
}

describe('POST /color/create', () => {
  it('creates a colour from JSON with a derived slug and a normalised hexcode', async () => {
    const r = await ctx.req('POST', '/color/create', {
      token: admin,
      body: { name: ' Sky Blue ', slug: 'ignored', hexcode: '#ABC' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Colour created successfully.',
      color: { name: 'Sky Blue', slug: 'sky-blue', hexcode: '#aabbcc', status: true },
    });
    expect(r.body.color._id).toMatch(/^[1-9]\d*$/);
    expect((await create('Lime', '#A1B2C3')).hexcode).toBe('#a1b2c3');
  });

  it('accepts a multipart form too', async () => {
    const f = new FormData();
    f.append('name', 'Form Green');
    f.append('hexcode', '#00ff00');
    const r = await ctx.req('POST', '/color/create', { token: admin, form: f });
    expect(r.status).toBe(201);
    expect(r.body.color.slug).toBe('form-green');
  });

  it('refuses missing, malformed and oversized fields, and duplicate slugs, changing nothing', async () => {
    await create('Crimson', '#dc143c');
    const before = await ctx.snapshot();
    const cases: [unknown, number, RegExp][] = [
      [{ hexcode: '#fff' }, 400, /^name is required$/],
      [{ name: 'Teal' }, 400, /^hexcode is required$/],
      [{ name: 'Teal', hexcode: 'teal' }, 400, /^hexcode must be a hex colour/],
      [{ name: 'Teal', hexcode: '#12345' }, 400, /^hexcode must be a hex colour/],
      [{ name: 'Teal', hexcode: '#gggggg' }, 400, /^hexcode must be a hex colour/],
      [{ name: 7, hexcode: '#fff' }, 400, /^name must be text$/],
      [{ name: 'n'.repeat(61), hexcode: '#fff' }, 400, /^name must be at most 60 characters$/],
      [{ name: 'CRIMSON', hexcode: '#fff' }, 409, /"crimson" already exists/],
      ['not json', 415, /JSON/],
    ];
    for (const [body, status, msg] of cases) {
      const r = await ctx.req('POST', '/color/create', {
        token: admin,
        body,
        headers: typeof body === 'string' ? { 'content-type': 'text/plain' } : {},
      });
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(msg);
    }
    // 10 MB of text: the body limit (413) or the schema (400) refuses it.
    const huge = await ctx.req('POST', '/color/create', {
      token: admin,
      body: { name: 'x'.repeat(10 * 1024 * 1024), hexcode: '#fff' },
    });
    expect([400, 413]).toContain(huge.status);
    expect(huge.body.flag).toBe(0);
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('needs an admin token', async () => {
    const before = await ctx.snapshot();
    const body = { name: 'Sneaky', hexcode: '#000' };
    expect((await ctx.req('POST', '/color/create', { body })).status).toBe(401);
    expect((await ctx.req('POST', '/color/create', { body, token: customer })).status).toBe(403);
    expect((await ctx.req('POST', '/color/create', { body, token: 'not.a.token' })).status).toBe(401);
    expect(await ctx.snapshot()).toEqual(before);
  });
});

describe('GET /color and GET /color/{id}', () => {
  it('lists active colours by name for shoppers and every colour for admins', async () => {
    const off = await create('Zzz Faded', '#eeeeee');
    await ctx.req('PATCH', `/color/status/${off._id}`, { token: admin });
    const pub = await ctx.req('GET', '/color');
    expect(pub.status).toBe(200);
    expect(pub.body.flag).toBe(1);
    const names = pub.body.colors.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).not.toContain('Zzz Faded');
    expect(Object.keys(pub.body.colors[0]).sort()).toEqual(['_id', 'hexcode', 'name', 'slug', 'status']);
    const adm = await ctx.req('GET', '/color', { token: admin });
    expect(adm.body.colors.map((c: { name: string }) => c.name)).toContain('Zzz Faded');
  });

  it('returns one colour alone and in a list; 404 when unknown or inactive for shoppers', async () => {
    const c = await create('Amber', '#ffbf00');
    const r = await ctx.req('GET', `/color/${c._id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, color: c, colors: [c] });
    expect((await ctx.req('GET', '/color/999999')).status).toBe(404);
    expect((await ctx.req('GET', '/color/red')).status).toBe(404);
    await ctx.req('PATCH', `/color/status/${c._id}`, { token: admin });
    expect((await ctx.req('GET', `/color/${c._id}`)).status).toBe(404);
    expect((await ctx.req('GET', `/color/${c._id}`, { token: admin })).body.color.status).toBe(false);
  });
});

describe('PUT /color/update/{id}', () => {
  it('renames (new slug) and changes the hexcode', async () => {
    const c = await create('Navy', '#000080');
    const r = await ctx.req('PUT', `/color/update/${c._id}`, {
      token: admin,
      body: { name: 'Navy Blue', hexcode: '#00F' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Colour updated successfully.',
      color: { _id: c._id, name: 'Navy Blue', slug: 'navy-blue', hexcode: '#0000ff' },
    });
    const hexOnly = await ctx.req('PUT', `/color/update/${c._id}`, {
      token: admin,
      body: { hexcode: '#111111' },
    });
    expect(hexOnly.body.color).toMatchObject({ name: 'Navy Blue', hexcode: '#111111' });
  });

  it('refuses clashes, bad values, empty updates, unknown ids and non-admins', async () => {
    const a = await create('Silver', '#c0c0c0');
    await create('Gold', '#ffd700');
    const before = await ctx.snapshot();
    const put = (body: unknown, token: string | null = admin, id = a._id) =>
      ctx.req('PUT', `/color/update/${id}`, { token: token ?? undefined, body });
    expect((await put({ name: 'GOLD' })).status).toBe(409);
    expect((await put({ hexcode: 'silver' })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await put({ name: 'X' }, admin, '999999')).status).toBe(404);
    expect((await put({ name: 'X' }, null)).status).toBe(401);
    expect((await put({ name: 'X' }, customer)).status).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
    expect((await ctx.req('GET', `/color/${a._id}`)).body.color).toMatchObject({
      name: 'Silver',
      hexcode: '#c0c0c0',
    });
  });
});

describe('PATCH /color/status/{id}', () => {
  it('toggles both ways; 404 unknown; admin only', async () => {
    const c = await create('Blink', '#abcdef');
    const off = await ctx.req('PATCH', `/color/status/${c._id}`, { token: admin });
    expect(off.body).toMatchObject({
      flag: 1,
      msg: 'Colour "Blink" is now inactive.',
      color: { status: false },
    });
    const on = await ctx.req('PATCH', `/color/status/${c._id}`, { token: admin });
    expect(on.body).toMatchObject({ flag: 1, msg: 'Colour "Blink" is now active.', color: { status: true } });
    expect((await ctx.req('PATCH', '/color/status/999999', { token: admin })).status).toBe(404);
    expect((await ctx.req('PATCH', `/color/status/${c._id}`)).status).toBe(401);
    expect((await ctx.req('PATCH', `/color/status/${c._id}`, { token: customer })).status).toBe(403);
  });
});

describe('DELETE /color/delete/{id}', () => {
  it('deletes an unused colour', async () => {
    const c = await create('Temporary', '#010101');
    const r = await ctx.req('DELETE', `/color/delete/${c._id}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ flag: 1, msg: 'Colour deleted successfully.' });
    expect((await ctx.req('GET', `/color/${c._id}`, { token: admin })).status).toBe(404);
  });

  it('refuses to delete a colour products use (409 with the count), changing nothing', async () => {
    const c = await create('Popular', '#020202');
    await productWith([c._id]);
    await productWith([c._id]);
    await productWith([c._id]);
    const before = await ctx.snapshot();
    const r = await ctx.req('DELETE', `/color/delete/${c._id}`, { token: admin });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      flag: 0,
      code: 'in_use',
      msg: 'This colour is used by 3 products. Remove it from them first.',
    });
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('answers 404 for unknown ids and refuses non-admins', async () => {
    const c = await create('Guarded Grey', '#808080');
    const before = await ctx.snapshot();
    expect((await ctx.req('DELETE', '/color/delete/999999', { token: admin })).status).toBe(404);
    expect((await ctx.req('DELETE', `/color/delete/${c._id}`)).status).toBe(401);
    expect((await ctx.req('DELETE', `/color/delete/${c._id}`, { token: customer })).status).toBe(403);
    expect(await ctx.snapshot()).toEqual(before);
  });
});
