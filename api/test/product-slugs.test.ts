// Covers product addresses across renames: a product's slug keeps accented letters
// (`Café Édition` → `cafe-edition`); after a rename GET /product/<old-slug> answers 301 with a Location of the
// current slug (relative, so it holds wherever the API is mounted) and `code: moved`; the current slug and the
// id answer 200; a slug taken back (by the product itself or by another product) answers that product; an old
// slug of a switched-off product is not revealed to shoppers (404) and a deleted product's old slugs go with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;

function form(fields: Record<string, string | number>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  return f;
}

async function create(name: string) {
  const r = await ctx.req('POST', '/product/create', {
    token: admin,
    form: form({ name, originalPrice: 1000 }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.product as { _id: string; slug: string };
}

async function rename(id: string, name: string) {
  const r = await ctx.req('PUT', `/product/update/${id}`, { token: admin, form: form({ name }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product as { _id: string; slug: string };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(async () => {
  await ctx?.close();
});

describe('product slugs', () => {
  it('keep the letters of accented names', async () => {
    const p = await create('Café Édition Speaker');
    expect(p.slug).toBe('cafe-edition-speaker');
    const r = await ctx.req('GET', '/product/cafe-edition-speaker');
    expect(r.status).toBe(200);
    expect(r.body.product._id).toBe(p._id);
  });
});

describe('a renamed product', () => {
  it('answers 301 from its old slug to its current one', async () => {
    const p = await create('Aero Buds');
    const renamed = await rename(p._id, 'Aero Buds Pro');
    expect(renamed.slug).toBe('aero-buds-pro');

    const old = await ctx.req('GET', '/product/aero-buds');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('aero-buds-pro');
    expect(old.body).toMatchObject({ flag: 0, code: 'moved', slug: 'aero-buds-pro' });
    // The Location resolves beside the old address, under any prefix the API is mounted at.
    expect(new URL(old.headers.get('location')!, 'https://shop.example/api/product/aero-buds').pathname).toBe(
      '/api/product/aero-buds-pro',
    );

    expect((await ctx.req('GET', '/product/aero-buds-pro')).status).toBe(200);
    expect((await ctx.req('GET', `/product/${p._id}`)).body.product.slug).toBe('aero-buds-pro');

    // A second rename: both earlier addresses lead to the current one.
    await rename(p._id, 'Aero Buds Max');
    for (const slug of ['aero-buds', 'aero-buds-pro']) {
      const r = await ctx.req('GET', `/product/${slug}`);
      expect(r.status, slug).toBe(301);
      expect(r.headers.get('location')).toBe('aero-buds-max');
    }
  });

  it('answers its current slug again when it takes an old name back', async () => {
    const p = await create('Nova Tab');
    await rename(p._id, 'Nova Tab 2');
    await rename(p._id, 'Nova Tab');
    const r = await ctx.req('GET', '/product/nova-tab');
    expect(r.status).toBe(200);
    expect(r.body.product._id).toBe(p._id);
    expect((await ctx.req('GET', '/product/nova-tab-2')).headers.get('location')).toBe('nova-tab');
  });

  it('gives an old slug to another product that takes it as its name', async () => {
    const first = await create('Orbit Watch');
    await rename(first._id, 'Orbit Watch Classic');
    const second = await create('Orbit Watch');
    const r = await ctx.req('GET', '/product/orbit-watch');
    expect(r.status).toBe(200);
    expect(r.body.product._id).toBe(second._id);
    // Renamed away again, the address is the second product's old one now.
    await rename(second._id, 'Orbit Watch Sport');
    expect((await ctx.req('GET', '/product/orbit-watch')).headers.get('location')).toBe('orbit-watch-sport');
  });

  it('does not reveal the new address of a switched-off product, and forgets a deleted one', async () => {
    const p = await create('Hidden Cam');
    await rename(p._id, 'Hidden Cam Secret');
    const off = await ctx.req('PATCH', `/product/status/${p._id}`, { token: admin, body: { flag: 1 } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const shopper = await ctx.req('GET', '/product/hidden-cam');
    expect(shopper.status).toBe(404);
    expect(shopper.headers.get('location')).toBeNull();
    // Staff still follow it.
    expect((await ctx.req('GET', '/product/hidden-cam', { token: admin })).status).toBe(301);

    const del = await ctx.req('DELETE', `/product/delete/${p._id}`, { token: admin });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await ctx.req('GET', '/product/hidden-cam', { token: admin })).status).toBe(404);
    const left = await ctx.db.selectFrom('product_old_slugs').select('slug').where('slug', '=', 'hidden-cam');
    expect(await left.execute()).toEqual([]);
  });
});
