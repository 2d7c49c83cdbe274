// Covers search relevance on the deterministic sample catalogue (api/src/db/seed, 200 products): for
// each query typed as a shopper would, what must come first, be in the top 5 and never appear. Names are
// matched by substring so that the set survives changes to how the seed spells its product names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../src/db/seed/seed-catalog';
import { seedDeps } from '../src/lib/seed-deps';
import { LocalStorage } from '../src/lib/storage';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;

interface Hit {
  _id: string;
  name: string;
  finalPrice: number;
  brand: string;
  categoryName: string | null;
  status: boolean;
}

interface Case {
  q: string;
  /** The first result's name contains this (case-insensitive). */
  first?: string;
  /** The first result is in this category. */
  firstCategory?: string;
  /** Each of the top 5 results' names contains one of these. */
  top5?: string[];
  /** Each of the top 5 is of this category or brand. */
  top5Category?: string;
  top5Brand?: string;
  /** No result's name contains any of these. */
  none?: string[];
  /** None of the top 5 names contains any of these. */
  notTop5?: string[];
  /** At least this many results. */
  atLeast?: number;
  /** Exactly this many results. */
  total?: number;
  /** Each of these names is among the first N results (names contain it). */
  within?: [n: number, names: string[]];
  /** The price filter read from the words (the reply's priceFromQuery); every result's price is within it. */
  price?: { min?: number; max?: number; words: string };
  /** Nothing found: the categories (slugs) suggested, from what the words name. */
  hints?: string[];
}

const CASES: Case[] = [
  { q: 'laptop', firstCategory: 'Laptops', top5Category: 'Laptops', atLeast: 25 },
  { q: 'laptops', firstCategory: 'Laptops', top5Category: 'Laptops', atLeast: 25 },
  { q: 'Laptop', top5Category: 'Laptops', atLeast: 25 },
  { q: 'lapt', top5Category: 'Laptops', atLeast: 25 },
  { q: 'laptpo', top5Category: 'Laptops', atLeast: 25 },
  { q: 'notebook', top5Category: 'Laptops', atLeast: 25 },
  { q: 'phones', top5Category: 'Phones', atLeast: 30 },
  { q: 'phone', top5Category: 'Phones', atLeast: 30 },
  { q: 'mobile', top5Category: 'Phones', atLeast: 30 },
  { q: 'smartphone', top5Category: 'Phones', atLeast: 30 },
  { q: 'tablet', top5Category: 'Tablets', atLeast: 15 },
  { q: 'tablets', top5Category: 'Tablets', atLeast: 15 },
  { q: 'tabl', top5Category: 'Tablets' },
  // The sample has four iPhones: they come before accessories whose descriptions mention one.
  { q: 'iphone', first: 'iPhone', notTop5: ['SmartTag', 'Cable', 'Case'] },
  { q: 'iphone 15', first: 'iPhone 15', top5: ['iPhone 15'] },
  { q: 'iphone 15 pro max', first: 'iPhone 15 Pro Max' },
  { q: 'samsung', top5Brand: 'Samsung', none: ['Apple', 'Sony'] },
  { q: 'samsng', top5Brand: 'Samsung' },
  { q: 'SAMSUNG galaxy', top5Brand: 'Samsung', top5: ['Galaxy'] },
  { q: 'galaxy buds', first: 'Galaxy Buds' },
  { q: 'headphones', top5: ['Headphones'], none: ['Keyboard'] },
  { q: 'headphone', top5: ['Headphones'] },
  { q: 'hedphones', top5: ['Headphones'] },
  { q: 'earbuds', top5: ['Earbuds'], top5Category: 'Audio' },
  { q: 'earphones', top5: ['Earbuds'] },
  { q: 'macbook', first: 'MacBook' },
  { q: 'thinkpad', first: 'ThinkPad', top5Category: 'Laptops' },
  { q: 'ipad', first: 'iPad' },
  { q: 'pixel', first: 'Pixel', top5: ['Pixel'] },
  { q: 'pixel 9 pro', first: 'Pixel 9 Pro' },
  { q: 'airpods', first: 'AirPods' },
  { q: 'charger', first: 'Charger' },
  { q: 'chargers', first: 'Charger' },
  { q: 'cable', top5: ['Cable'] },
  { q: 'usb-c cable', top5: ['Cable'], first: 'USB-C' },
  { q: 'power bank', first: 'Power Bank', top5Category: 'Accessories' },
  { q: 'keyboard', first: 'Keyboard' },
  { q: 'kyboard', first: 'Keyboard' },
  { q: 'mouse', first: 'Mouse' },
  { q: 'speaker', top5: ['Speaker'] },
  { q: 'speakers', top5: ['Speaker'] },
  { q: 'sony', top5Brand: 'Sony' },
  { q: 'playstation', first: 'PlayStation' },
  // The model the synonym's number names comes first, not the Portal.
  { q: 'ps5', first: 'PlayStation 5', top5Brand: 'Sony' },
  { q: 'led tv', top5Category: 'TVs', atLeast: 8 },
  { q: 'smart band', top5Category: 'Smart Watches' },
  { q: 'external ssd', first: 'Portable SSD' },
  { q: 'memory card', first: 'microSD Card' },
  { q: 'controller', first: 'Controller' },
  { q: 'lenovo tab', first: 'Lenovo Tab', top5Category: 'Tablets' },
  { q: 'dell xps', first: 'Dell XPS' },
  { q: 'redmi note', first: 'Redmi Note' },
  { q: 'nothing phone', first: 'Nothing Phone', top5: ['Nothing Phone'] },
  { q: 'oneplus', top5Brand: 'OnePlus' },
  { q: 'samsung tablet', first: 'Galaxy Tab', top5Brand: 'Samsung' },
  { q: 'apple phone', first: 'iPhone' },
  // Laptops in the gaming sense, named so or not.
  {
    q: 'gaming laptop',
    firstCategory: 'Laptops',
    top5Category: 'Laptops',
    within: [8, ['ROG Strix', 'Legion 5', 'Katana', 'G15 Gaming']],
  },
  { q: 'ssd', first: 'SSD' },
  { q: 'zzzzqqq', total: 0 },
  { q: '+apple -"iphone*', first: 'iPhone', top5Brand: 'Apple' },
  { q: '📱 phone', top5Category: 'Phones' },
  // Price phrases filter and leave the other words; product types rank their products first.
  {
    q: 'tablet under 20000',
    top5Category: 'Tablets',
    atLeast: 3,
    price: { max: 20000, words: 'tablet' },
  },
  { q: 'tablet below ₹20k', top5Category: 'Tablets', atLeast: 3, price: { max: 20000, words: 'tablet' } },
  { q: 'under 20k', atLeast: 20, price: { max: 20000, words: '' } },
  { q: 'between 10000 and 20000', atLeast: 10, price: { min: 10000, max: 20000, words: '' } },
  { q: '20k-30k', atLeast: 10, price: { min: 20000, max: 30000, words: '' } },
  { q: 'above 50000', atLeast: 20, price: { min: 50000, words: '' } },
  { q: 'tablet under 2000', total: 0, price: { max: 2000, words: 'tablet' }, hints: ['tablets'] },
  {
    q: 'bluetooth speaker',
    top5: ['Speaker'],
    top5Category: 'Audio',
    within: [6, ['Bose SoundLink Flex', 'JBL Flip 6', 'JBL Charge 5']],
  },
  { q: 'iphone 15 pro', first: 'iPhone 15 Pro', top5: ['iPhone 15 Pro'] },
  // Ten more from the sample catalogue.
  { q: 'phone under 20k', top5Category: 'Phones', atLeast: 5, price: { max: 20000, words: 'phone' } },
  {
    q: 'laptop between 40000 and 60000',
    top5Category: 'Laptops',
    atLeast: 5,
    price: { min: 40000, max: 60000, words: 'laptop' },
  },
  { q: 'headphones above 20000', top5: ['Headphones'], price: { min: 20000, words: 'headphones' } },
  { q: 'jbl speaker', first: 'Speaker', top5Brand: 'JBL', within: [2, ['Flip 6', 'Charge 5']] },
  { q: 'sony speaker', first: 'ULT Field 1 Speaker', top5Brand: 'Sony' },
  { q: 'gaming mouse', first: 'Mouse', top5: ['Mouse'] },
  { q: 'gaming monitor', top5Category: 'Monitors', top5: ['Gaming Monitor'] },
  { q: 'samsung tv', top5Category: 'TVs', top5Brand: 'Samsung' },
  { q: 'speaker under 5000', first: 'Stone 1200 Speaker', price: { max: 5000, words: 'speaker' } },
  { q: 'playstation 5', first: 'PlayStation 5 Slim Console', total: 1 },
  { q: 'smart watch under 5k', top5Category: 'Smart Watches', price: { max: 5000, words: 'smart watch' } },
];

const includes = (name: string, part: string) => name.toLowerCase().includes(part.toLowerCase());

async function search(
  q: string,
  extra = '',
): Promise<{
  products: Hit[];
  total: number;
  didYouMean?: string;
  priceFromQuery?: Case['price'];
  categoryHints?: { slug: string }[];
}> {
  const r = await ctx.req('GET', `/product?limit=0&q=${encodeURIComponent(q)}${extra}`);
  expect(r.status, `${q}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCatalog(ctx.db, seedDeps(new LocalStorage(ctx.uploadDir), ctx.search), {
    products: 200,
    picturesPerColor: 1,
  });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('search relevance on the sample catalogue', () => {
  it('has at least 40 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('$q', async (c) => {
    const { products, total, priceFromQuery, categoryHints } = await search(c.q);
    const names = products.map((p) => p.name);
    const top5 = products.slice(0, 5);
    const why = `${c.q} → ${names.slice(0, 8).join(' | ')}`;
    expect(total, why).toBe(products.length);
    // Shoppers never find inactive products.
    expect(
      products.every((p) => p.status),
      why,
    ).toBe(true);
    if (c.total !== undefined) expect(total, why).toBe(c.total);
    if (c.atLeast !== undefined) expect(total, why).toBeGreaterThanOrEqual(c.atLeast);
    if (c.first) expect(includes(names[0] ?? '', c.first), why).toBe(true);
    if (c.firstCategory) expect(products[0]?.categoryName, why).toBe(c.firstCategory);
    if (c.top5) {
      expect(top5.length, why).toBeGreaterThan(0);
      for (const p of top5)
        expect(
          c.top5.some((t) => includes(p.name, t)),
          why,
        ).toBe(true);
    }
    if (c.top5Category) for (const p of top5) expect(p.categoryName, why).toBe(c.top5Category);
    if (c.top5Brand) for (const p of top5) expect(p.brand, why).toBe(c.top5Brand);
    for (const bad of c.none ?? [])
      expect(
        names.some((n) => includes(n, bad)),
        why,
      ).toBe(false);
    if (c.within) {
      const [n, wanted] = c.within;
      for (const w of wanted)
        expect(
          names.slice(0, n).some((name) => includes(name, w)),
          `${w} in the first ${n}: ${why}`,
        ).toBe(true);
    }
    expect(priceFromQuery, why).toEqual(c.price);
    if (c.price)
      for (const p of products) {
        expect(p.finalPrice, why).toBeGreaterThanOrEqual(c.price.min ?? 0);
        expect(p.finalPrice, why).toBeLessThanOrEqual(c.price.max ?? Number.POSITIVE_INFINITY);
      }
    if (c.hints)
      expect(
        categoryHints?.map((h) => h.slug),
        why,
      ).toEqual(c.hints);
    for (const bad of c.notTop5 ?? [])
      expect(
        top5.some((p) => includes(p.name, bad)),
        why,
      ).toBe(false);
  });

  it('finds a product by its SKU, first', async () => {
    const row = await ctx.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('status', '=', 1)
      .where('sku', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const q of [row.sku!, row.sku!.toLowerCase()]) {
      const { products } = await search(q);
      expect(products[0]?._id, q).toBe(String(row.id));
    }
  });

  it('reads "256gb" and "256 GB" alike: products with a 256 GB option', async () => {
    const a = await search('256gb');
    const b = await search('256 GB');
    expect(a.total).toBeGreaterThan(0);
    expect(b.products.map((p) => p._id)).toEqual(a.products.map((p) => p._id));
    const with256 = await ctx.db
      .selectFrom('product_memory')
      .select('product_id')
      .where('size_gb', '=', 256)
      .execute();
    const ids = new Set(with256.map((r) => String(r.product_id)));
    expect(a.products.every((p) => ids.has(p._id))).toBe(true);
  });

  it('puts products that can be bought before sold-out ones among equally good matches', async () => {
    const { products } = await search('laptop', '&limit=0');
    const rows = await ctx.db
      .selectFrom('products')
      .select(['id', 'stock', 'in_stock'])
      .where(
        'id',
        'in',
        products.map((p) => Number(p._id)),
      )
      .execute();
    const sellable = new Map(rows.map((r) => [String(r.id), r.in_stock === 1 && r.stock > 0]));
    // Every laptop matches by its category only, or by name too: within the name matches, sellable come first.
    const byName = products.filter(
      (p) => includes(p.name, 'laptop') === false && p.categoryName === 'Laptops',
    );
    const flags = byName.map((p) => sellable.get(p._id));
    const firstSoldOut = flags.indexOf(false);
    if (firstSoldOut >= 0) expect(flags.slice(firstSoldOut).every((f) => f === false)).toBe(true);
  });

  it('offers "did you mean" when nothing matches', async () => {
    const r = await search('lapptopp');
    expect(r.total).toBe(0);
    expect(r.didYouMean).toBe('laptop');
    const none = await search('zzzzqqq');
    expect(none.didYouMean).toBeUndefined();
  });

  it('never answers 500 for symbols, operators, emoji or very long queries', async () => {
    for (const q of [
      '%_',
      '"',
      '+-*~<>()@',
      "'; DROP TABLE products; --",
      '🙂🙂',
      'a'.repeat(200),
      '\\',
      '*',
    ]) {
      const r = await ctx.req('GET', `/product?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
    }
    // Nothing but symbols, operators or emoji: no word to search for, so nothing is found (not everything).
    for (const q of ['%_', '"', '+-*~<>()@', '🙂🙂', '\\', '*', '+++'])
      expect((await search(q)).total, q).toBe(0);
    // Cut at 100 characters: the rest is ignored.
    const long = `laptop ${' '.repeat(100)}${'x'.repeat(50)}`;
    expect((await search(long)).total).toBe((await search('laptop')).total);
  });

  it('keeps the index in step with product writes (name, category rename, colour rename, variant SKU, delete)', async () => {
    const admin = await ctx.adminToken();
    const form = new FormData();
    form.set('name', 'Quasarix Widget');
    form.set('originalPrice', '999');
    const made = await ctx.req('POST', '/product/create', { token: admin, form });
    expect(made.status).toBe(201);
    const id = made.body.product._id as string;
    expect((await search('quasarix')).products.map((p) => p._id)).toEqual([id]);

    const update = new FormData();
    update.set('name', 'Nebulon Widget');
    expect((await ctx.req('PUT', `/product/update/${id}`, { token: admin, form: update })).status).toBe(200);
    // Its variants keep the SKUs they were given (made from the first name), which are searched too.
    expect((await search('nebulon')).products.map((p) => p._id)).toEqual([id]);

    const cat = await ctx.db
      .selectFrom('categories')
      .select(['id'])
      .where('slug', '=', 'gaming')
      .executeTakeFirstOrThrow();
    const rename = new FormData();
    rename.set('name', 'Gamezone Gear');
    expect((await ctx.req('PUT', `/category/update/${cat.id}`, { token: admin, form: rename })).status).toBe(
      200,
    );
    expect((await search('gamezone')).total).toBeGreaterThan(0);

    const color = await ctx.db
      .selectFrom('colors')
      .select(['id'])
      .where('slug', '=', 'lavender')
      .executeTakeFirstOrThrow();
    expect(
      (await ctx.req('PUT', `/color/update/${color.id}`, { token: admin, body: { name: 'Lilacine' } }))
        .status,
    ).toBe(200);
    expect((await search('lilacine')).total).toBeGreaterThan(0);

    // A variant's SKU, changed on its own route, is found at once.
    const variants = await ctx.req('GET', `/product/${id}/variants`, { token: admin });
    const variantId = variants.body.variants[0]._id as string;
    const sku = await ctx.req('PUT', `/product/${id}/variants/${variantId}`, {
      token: admin,
      body: { sku: 'NEB-XQ-777' },
    });
    expect(sku.status, JSON.stringify(sku.body)).toBe(200);
    expect((await search('NEB-XQ-777')).products[0]?._id).toBe(id);

    expect((await ctx.req('DELETE', `/product/delete/${id}`, { token: admin })).status).toBe(200);
    expect((await search('nebulon')).total).toBe(0);
  });

  it('suggests up to 5 products with picture and price, and matching categories and brands', async () => {
    const r = await ctx.req('GET', '/product/suggest?q=lapt');
    expect(r.status).toBe(200);
    expect(r.body.products.length).toBeGreaterThan(0);
    expect(r.body.products.length).toBeLessThanOrEqual(5);
    for (const p of r.body.products) {
      expect(typeof p.thumbnail).toBe('string');
      expect(typeof p.finalPrice).toBe('number');
    }
    expect(r.body.categories.map((c: { slug: string }) => c.slug)).toContain('laptops');
    const brands = await ctx.req('GET', '/product/suggest?q=sams');
    expect(brands.body.brands).toEqual(['Samsung']);
    const typo = await ctx.req('GET', '/product/suggest?q=samsng');
    expect(typo.body.brands).toEqual(['Samsung']);
    const empty = await ctx.req('GET', `/product/suggest?q=${encodeURIComponent('%%')}`);
    expect(empty.body).toMatchObject({ products: [], categories: [], brands: [] });
    expect((await ctx.req('GET', '/product/suggest')).status).toBe(400);
  });

  it('suggests each product at the price its card and page show (the lowest of its variants)', async () => {
    for (const q of ['iphone 15 pro max', 'laptop', 'speaker']) {
      const typed = await ctx.req('GET', `/product/suggest?q=${encodeURIComponent(q)}`);
      const list = await search(q);
      const listed = new Map(list.products.map((p) => [p._id, p.finalPrice]));
      expect(typed.body.products.length, q).toBeGreaterThan(0);
      for (const p of typed.body.products) expect(p.finalPrice, `${q}: ${p.name}`).toBe(listed.get(p._id));
      const page = await ctx.req('GET', `/product/${typed.body.products[0]._id}`);
      expect(page.status).toBe(200);
      expect(page.body.product.finalPrice, q).toBe(typed.body.products[0].finalPrice);
    }
  });

  it('filters suggestions by a price phrase, and lets an explicit price filter win over the words', async () => {
    const typed = await ctx.req('GET', `/product/suggest?q=${encodeURIComponent('tablet under 20k')}`);
    expect(typed.body.products.length).toBeGreaterThan(0);
    for (const p of typed.body.products) expect(p.finalPrice).toBeLessThanOrEqual(20000);
    expect(typed.body.categories.map((c: { slug: string }) => c.slug)).toEqual(['tablets']);
    const both = await search('tablet under 20000', '&maxPrice=15000');
    expect(both.priceFromQuery).toEqual({ max: 20000, words: 'tablet' });
    expect(both.total).toBeGreaterThan(0);
    for (const p of both.products) expect(p.finalPrice).toBeLessThanOrEqual(15000);
    // Searching the words alone drops the filter.
    const words = await search('tablet');
    expect(words.priceFromQuery).toBeUndefined();
    expect(words.total).toBeGreaterThan(both.total);
  });

  it('lets staff edit the synonyms, and search follows at once', async () => {
    const admin = await ctx.adminToken();
    const before = await ctx.req('GET', '/search/synonyms', { token: admin });
    expect(before.status).toBe(200);
    expect(before.body.synonyms).toContainEqual({ term: 'notebook', alternatives: ['laptop'] });
    expect((await search('gizmos')).total).toBe(0);
    const put = await ctx.req('PUT', '/search/synonyms', {
      token: admin,
      body: { synonyms: [...before.body.synonyms, { term: 'Gizmos', alternatives: ['Speakers'] }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.synonyms).toContainEqual({ term: 'gizmo', alternatives: ['speaker'] });
    const found = await search('gizmos');
    expect(found.total).toBeGreaterThan(0);
    expect(found.products.slice(0, 5).every((p) => includes(p.name, 'speaker'))).toBe(true);
    const bad = await ctx.req('PUT', '/search/synonyms', {
      token: admin,
      body: { synonyms: [{ term: 'two words', alternatives: ['x'] }] },
    });
    expect(bad.status).toBe(400);
    expect((await ctx.req('PUT', '/search/synonyms', { body: { synonyms: [] } })).status).toBe(401);
  });
});
