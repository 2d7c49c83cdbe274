// Covers the list's filters, facets and sorts on the sample catalogue: for random combinations of
// filters (with and without a search), `total`, the page and every facet count equal a brute-force count over
// the database's rows; bad values give a clear 400, unknown values an empty list with the facets still shown.
import { PRODUCT_SORTS } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../src/db/seed/seed-catalog';
import { bumpCatalogVersion } from '../src/lib/catalog-version-repository';
import { seedDeps } from '../src/lib/seed-deps';
import { LocalStorage } from '../src/lib/storage';
import { MariaDbSearch } from '../src/modules/search/search-engine';
import { createTestContext, type TestContext } from './context';
import { pollUntil, sleep } from './support';

let ctx: TestContext;

interface Row {
  id: number;
  brand: string;
  category: string | null;
  colors: string[];
  memory: number[];
  price: number;
  discount: number;
  sellable: boolean;
}

let rows: Row[];

/** Every product a shopper can see, read with plain queries (no search code involved). */
async function loadRows(): Promise<Row[]> {
  const products = await ctx.db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.brand',
      'c.slug as category',
      'c.status as cstatus',
      'p.final_price',
      'p.price_min',
      'p.discount_percentage',
      'p.in_stock',
      'p.stock',
    ])
    .where('p.status', '=', 1)
    .execute();
  const colors = await ctx.db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as co', 'co.id', 'pc.color_id')
    .select(['pc.product_id', 'co.slug'])
    .where('co.status', '=', 1)
    .execute();
  const memory = await ctx.db.selectFrom('product_memory').select(['product_id', 'size_gb']).execute();
  return products
    .filter((p) => p.category === null || p.cstatus === 1)
    .map((p) => ({
      id: Number(p.id),
      brand: p.brand,
      category: p.category,
      colors: colors.filter((c) => Number(c.product_id) === Number(p.id)).map((c) => c.slug),
      memory: memory.filter((m) => Number(m.product_id) === Number(p.id)).map((m) => m.size_gb),
      price: Number(p.price_min ?? p.final_price) / 100,
      discount: Number(p.discount_percentage),
      sellable: p.in_stock === 1 && p.stock > 0,
    }));
}

interface Filters {
  brand?: string[];
  category?: string[];
  color?: string[];
  memory?: number[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  minDiscount?: number;
}

type Dim = 'brand' | 'category' | 'color' | 'memory' | 'price' | 'inStock' | 'minDiscount';

function passes(r: Row, f: Filters, except?: Dim): boolean {
  if (except !== 'brand' && f.brand && !f.brand.includes(r.brand)) return false;
  if (except !== 'category' && f.category && !f.category.includes(r.category ?? '')) return false;
  if (except !== 'color' && f.color && !r.colors.some((c) => f.color!.includes(c))) return false;
  if (except !== 'memory' && f.memory && !r.memory.some((m) => f.memory!.includes(m))) return false;
  if (except !== 'price' && f.minPrice !== undefined && r.price < f.minPrice) return false;
  if (except !== 'price' && f.maxPrice !== undefined && r.price > f.maxPrice) return false;
  if (except !== 'inStock' && f.inStock && !r.sellable) return false;
  if (except !== 'minDiscount' && f.minDiscount !== undefined && r.discount < f.minDiscount) return false;
  return true;
}

function queryString(f: Filters): string {
  const p = new URLSearchParams();
  for (const k of ['brand', 'category', 'color', 'memory'] as const) if (f[k]) p.set(k, f[k]!.join(','));
  if (f.minPrice !== undefined) p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== undefined) p.set('maxPrice', String(f.maxPrice));
  if (f.inStock) p.set('inStock', '1');
  if (f.minDiscount !== undefined) p.set('minDiscount', String(f.minDiscount));
  return p.toString();
}

/** A small deterministic generator, so that a failing combination can be replayed. */
function prng(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const pick = <T>(list: T[], n: number) => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, pick };
}

const countBy = <T extends string | number>(list: Row[], values: (r: Row) => T[]) => {
  const m = new Map<string, number>();
  for (const r of list) for (const v of new Set(values(r))) m.set(String(v), (m.get(String(v)) ?? 0) + 1);
  return m;
};

const asMap = (facet: { value: string; count: number }[]) => new Map(facet.map((f) => [f.value, f.count]));

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCatalog(ctx.db, seedDeps(new LocalStorage(ctx.uploadDir), ctx.search), {
    products: 200,
    picturesPerColor: 1,
  });
  rows = await loadRows();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /product filters and facets', () => {
  // Without a search the facets are counted over the products; with one, in one pass over its matches
  // (search-facets.repository.ts matchFacets): both against the same brute force.
  it.each([
    ['no search', ''],
    ['a search', 'phone'],
    ['a prefix search', 'pro'],
  ])(
    'counts every facet value like a brute-force count, for 30 random filter combinations (%s)',
    async (_, q) => {
      const matched = q
        ? new Set(
            (await ctx.req('GET', `/product?limit=0&q=${q}`)).body.products.map((p: { _id: string }) =>
              Number(p._id),
            ),
          )
        : undefined;
      if (matched) expect(matched.size).toBeGreaterThan(10);
      const scope = rows.filter((r) => !matched || matched.has(r.id));
      const rnd = prng(16);
      const brands = [...new Set(scope.map((r) => r.brand))];
      const categories = [...new Set(scope.map((r) => r.category!))];
      const colors = [...new Set(scope.flatMap((r) => r.colors))];
      const sizes = [...new Set(scope.flatMap((r) => r.memory))];
      for (let i = 0; i < 30; i++) {
        const f: Filters = {};
        const maybe = () => rnd.next() < 0.4;
        if (maybe()) f.brand = rnd.pick(brands, 1 + Math.floor(rnd.next() * 3));
        if (maybe()) f.category = rnd.pick(categories, 1 + Math.floor(rnd.next() * 2));
        if (maybe()) f.color = rnd.pick(colors, 1 + Math.floor(rnd.next() * 2));
        if (maybe()) f.memory = rnd.pick(sizes, 1 + Math.floor(rnd.next() * 2));
        if (maybe()) f.minPrice = Math.floor(rnd.next() * 50_000);
        if (maybe()) f.maxPrice = (f.minPrice ?? 0) + Math.floor(rnd.next() * 100_000);
        if (maybe()) f.inStock = true;
        if (maybe()) f.minDiscount = rnd.pick([10, 20, 30], 1)[0];
        const qs = `${queryString(f)}${q ? `&q=${q}` : ''}`;
        const r = await ctx.req('GET', `/product?limit=0&facets=1&${qs}`);
        expect(r.status, qs).toBe(200);
        const want = scope.filter((x) => passes(x, f));
        expect(r.body.total, qs).toBe(want.length);
        expect(r.body.products.map((p: { _id: string }) => Number(p._id)).sort(), qs).toEqual(
          want.map((x) => x.id).sort(),
        );
        const facets = r.body.facets;
        const under = (d: Dim) => scope.filter((x) => passes(x, f, d));
        expect(asMap(facets.brand), `${qs} brand`).toEqual(
          countBy(
            under('brand').filter((x) => x.brand !== ''),
            (x) => [x.brand],
          ),
        );
        expect(asMap(facets.category), `${qs} category`).toEqual(
          countBy(under('category'), (x) => [x.category!]),
        );
        expect(asMap(facets.color), `${qs} color`).toEqual(countBy(under('color'), (x) => x.colors));
        expect(asMap(facets.memory), `${qs} memory`).toEqual(countBy(under('memory'), (x) => x.memory));
        expect(facets.inStock, `${qs} inStock`).toBe(under('inStock').filter((x) => x.sellable).length);
        const disc = under('minDiscount');
        expect(asMap(facets.minDiscount), `${qs} minDiscount`).toEqual(
          new Map([10, 20, 30].map((d) => [String(d), disc.filter((x) => x.discount >= d).length])),
        );
        const prices = under('price').map((x) => x.price);
        expect(facets.price, `${qs} price`).toEqual(
          prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
        );
      }
    },
  );

  it('applies filters on top of a search, counting within its matches', async () => {
    const matched = new Set(
      (await ctx.req('GET', '/product?limit=0&q=phone')).body.products.map((p: { _id: string }) =>
        Number(p._id),
      ),
    );
    const f: Filters = { brand: ['Samsung', 'Apple', 'Google'], inStock: true };
    const r = await ctx.req('GET', `/product?limit=0&facets=1&q=phone&${queryString(f)}`);
    const want = rows.filter((x) => matched.has(x.id) && passes(x, f));
    expect(r.body.total).toBe(want.length);
    expect(asMap(r.body.facets.brand)).toEqual(
      countBy(
        rows.filter((x) => matched.has(x.id) && passes(x, f, 'brand')),
        (x) => [x.brand],
      ),
    );
  });

  it('sorts by price, discount and newest; pages carry total and hasMore', async () => {
    const list = async (qs: string) => (await ctx.req('GET', `/product?${qs}`)).body;
    const asc = (await list('limit=0&sort=price_asc')).products.map(
      (p: { finalPrice: number }) => p.finalPrice,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('limit=0&sort=price_desc')).products.map(
      (p: { finalPrice: number }) => p.finalPrice,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const disc = (await list('limit=0&sort=discount')).products.map(
      (p: { discountPercentage: number }) => p.discountPercentage,
    );
    expect(disc).toEqual([...disc].sort((a, b) => b - a));
    const newest = (await list('limit=0&sort=newest')).products.map((p: { _id: string }) => Number(p._id));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    expect((await list('limit=0&sort=popularity')).total).toBe(rows.length);

    const page2 = await list('limit=24&page=2&sort=price_asc');
    expect(page2.total).toBe(rows.length);
    expect(page2.products.map((p: { finalPrice: number }) => p.finalPrice)).toEqual(asc.slice(24, 48));
    expect(page2.hasMore).toBe(rows.length > 48);
    const beyond = await list('limit=24&page=99&facets=1');
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(rows.length);
    expect(beyond.hasMore).toBe(false);
    // The plain list keeps its shape, with total and facets added.
    const plain = await list('limit=20&facets=1');
    expect(plain.products).toHaveLength(20);
    expect(plain.total).toBe(rows.length);
    expect(plain.facets.category.length).toBeGreaterThan(0);
    // Without facets=1 the list spends no query on counts.
    expect((await list('limit=20')).facets).toBeUndefined();
  });

  it("reads a search's pages beyond those kept in the same order as the kept ones, in every sort", async () => {
    const kept = new MariaDbSearch({ cacheMs: 0 });
    const few = new MariaDbSearch({ cacheMs: 0, rankedKept: 10 });
    for (const sort of PRODUCT_SORTS) {
      const all = await kept.find(ctx.db, { admin: false, q: 'pro', sort, limit: 200, offset: 0 });
      expect(all.total).toBeGreaterThan(30);
      const paged: number[] = [];
      for (let offset = 0; offset < all.total; offset += 7)
        paged.push(...(await few.find(ctx.db, { admin: false, q: 'pro', sort, limit: 7, offset })).ids);
      expect(paged, sort).toEqual(all.ids);
    }
  });

  it('reads the same pages whether a list walks its sort index or sorts its matches (large and small lists)', async () => {
    const walk = new MariaDbSearch({ cacheMs: 0, walkFrom: 0 });
    const filter = new MariaDbSearch({ cacheMs: 0, walkFrom: Number.POSITIVE_INFINITY });
    const rnd = prng(1600);
    const brands = [...new Set(rows.map((r) => r.brand))];
    const categories = [...new Set(rows.map((r) => r.category!))];
    const colors = [...new Set(rows.flatMap((r) => r.colors))];
    const sorts = ['price_asc', 'price_desc', 'discount', 'newest'] as const;
    for (let i = 0; i < 24; i++) {
      const one = rnd.next() < 0.5;
      const query = {
        admin: false,
        sort: sorts[i % sorts.length],
        categorySlug: one ? rnd.pick(categories, 1)[0] : undefined,
        category: !one && rnd.next() < 0.3 ? rnd.pick(categories, 2) : undefined,
        brand: rnd.next() < 0.5 ? rnd.pick(brands, 2) : undefined,
        color: rnd.next() < 0.3 ? rnd.pick(colors, 1) : undefined,
        inStock: rnd.next() < 0.5 ? true : undefined,
        minDiscount: rnd.next() < 0.4 ? 10 : undefined,
        limit: 5,
        offset: 5 * Math.floor(rnd.next() * 3),
      };
      const label = JSON.stringify(query);
      const a = await walk.find(ctx.db, query);
      const b = await filter.find(ctx.db, query);
      expect(a.ids, label).toEqual(b.ids);
      expect(a.total, label).toBe(b.total);
      const want = rows
        .filter((x) =>
          passes(x, {
            brand: query.brand,
            color: query.color,
            inStock: query.inStock,
            minDiscount: query.minDiscount,
          }),
        )
        .filter((x) => (query.categorySlug ? x.category === query.categorySlug : true))
        .filter((x) => (query.category ? query.category.includes(x.category!) : true));
      expect(a.total, label).toBe(want.length);
    }
  });

  it('answers 400 for bad values and an empty list, facets shown, for unknown ones', async () => {
    for (const qs of [
      'sort=cheapest',
      'minPrice=500&maxPrice=100',
      'minPrice=-1',
      'minPrice=abc',
      'minDiscount=15',
      'inStock=maybe',
      'memory=lots',
      'facets=yes',
    ]) {
      const r = await ctx.req('GET', `/product?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.body.flag, qs).toBe(0);
    }
    const r = await ctx.req('GET', '/product?facets=1&brand=NoSuchBrand&category=no-such-category');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(0);
    expect(r.body.products).toEqual([]);
    // Each filter's values are counted under the other: the shopper sees what to choose instead.
    expect(r.body.facets.brand).toEqual([]);
    const onlyBrand = await ctx.req('GET', '/product?facets=1&brand=NoSuchBrand');
    expect(onlyBrand.body.total).toBe(0);
    expect(onlyBrand.body.facets.brand.length).toBeGreaterThan(1);
    expect(onlyBrand.body.facets.category).toEqual([]);
  });
});

describe('GET /product after back-office writes', () => {
  it('follows every product write at once: stock switch, variant price and stock, status, delete', async () => {
    const admin = await ctx.adminToken();
    const form = new FormData();
    form.set('name', 'Keyfollow Phone');
    form.set('brand', 'Keyfollow');
    form.set('originalPrice', '1000');
    form.set('stock', '3');
    const made = await ctx.req('POST', '/product/create', { token: admin, form });
    expect(made.status, made.text).toBe(201);
    const id = made.body.product._id as string;
    const variant = made.body.product.variants[0]._id as string;
    const found = async (qs: string) => {
      const r = await ctx.req('GET', `/product?q=keyfollow&facets=1&${qs}`);
      expect(r.status, r.text).toBe(200);
      return { total: r.body.total as number, facets: r.body.facets };
    };
    expect((await found('inStock=1')).total).toBe(1);
    expect((await found('maxPrice=900')).total).toBe(0);
    // The merchant's stock switch (flag 2): out of the in-stock list and its count.
    expect(
      (await ctx.req('PATCH', `/product/status/${id}`, { token: admin, body: { flag: 2 } })).status,
    ).toBe(200);
    const off = await found('inStock=1');
    expect(off.total).toBe(0);
    expect(off.facets.inStock).toBe(0);
    expect(
      (await ctx.req('PATCH', `/product/status/${id}`, { token: admin, body: { flag: 2 } })).status,
    ).toBe(200);
    // A variant's price: the price filter and the price range follow.
    const priced = await ctx.req('PUT', `/product/${id}/variants/${variant}`, {
      token: admin,
      body: { priceOverride: 800 },
    });
    expect(priced.status, priced.text).toBe(200);
    const cheap = await found('maxPrice=900');
    expect(cheap.total).toBe(1);
    expect(cheap.facets.price).toEqual({ min: 800, max: 800 });
    // A variant's stock to 0: sold out.
    const emptied = await ctx.req('PUT', `/product/${id}/variants/${variant}`, {
      token: admin,
      body: { stock: 0, expectedStock: 3 },
    });
    expect(emptied.status, emptied.text).toBe(200);
    expect((await found('inStock=1')).total).toBe(0);
    expect((await found('')).total).toBe(1);
    // Switched off, then deleted: gone from shoppers' lists.
    expect(
      (await ctx.req('PATCH', `/product/status/${id}`, { token: admin, body: { flag: 1 } })).status,
    ).toBe(200);
    expect((await found('')).total).toBe(0);
    expect((await ctx.req('DELETE', `/product/delete/${id}`, { token: admin })).status).toBe(200);
    expect((await found('')).total).toBe(0);
  });
});

describe('kept search answers', () => {
  /** A "<brand> Lamp" of 2 units made through the back office; its id. */
  const lamp = async (brand: string) => {
    const form = new FormData();
    form.set('name', `${brand} Lamp`);
    form.set('brand', brand);
    form.set('originalPrice', '500');
    form.set('stock', '2');
    const made = await ctx.req('POST', '/product/create', { token: await ctx.adminToken(), form });
    expect(made.status, made.text).toBe(201);
    return Number(made.body.product._id);
  };

  it('answer a checkout-only change after their time (old answer while reloading), a back-office write at once', async () => {
    const id = await lamp('Keepcheck');
    const engine = new MariaDbSearch({ cacheMs: 1500 });
    const inStock = async () =>
      (await engine.find(ctx.db, { admin: false, q: 'keepcheck', inStock: true, limit: 5, offset: 0 })).total;
    expect(await inStock()).toBe(1);
    // Units taken without a back-office write (as a checkout does): kept until the entry's time is up.
    await ctx.db.updateTable('products').set({ stock: 0 }).where('id', '=', id).execute();
    expect(await inStock()).toBe(1);
    await sleep(1600);
    // Past its time: the old answer once, while it reloads; then the new one.
    expect(await inStock()).toBe(1);
    await pollUntil(inStock, 0, 5000);
    // A back-office write (the catalogue version moves on) is seen by the next request.
    await ctx.db.updateTable('products').set({ stock: 2 }).where('id', '=', id).execute();
    expect(await inStock()).toBe(0);
    await bumpCatalogVersion(ctx.db);
    expect(await inStock()).toBe(1);
  });

  it('keep an answer past its time while no units have moved (no reload), up to ten times that', async () => {
    const id = await lamp('Stillkept');
    const engine = new MariaDbSearch({ cacheMs: 300 });
    const visible = async () =>
      (await engine.find(ctx.db, { admin: false, q: 'stillkept', limit: 5, offset: 0 })).total;
    expect(await visible()).toBe(1);
    // Switched off by hand, without a back-office write or a change of units: nothing tells the cache, and an
    // entry whose units have not moved is kept past its time, so the old answer stays (it was not reloaded).
    await ctx.db.updateTable('products').set({ status: 0 }).where('id', '=', id).execute();
    await sleep(400);
    expect(await visible()).toBe(1);
    await sleep(400);
    expect(await visible()).toBe(1);
    // Past ten times its time (3 s) it is reloaded all the same: a change made by hand shows, not before.
    expect(await pollUntil(visible, 0, 6000)).toBeGreaterThan(1500);
  });
});

describe('GET /product search and filters behind the catalogue cache', () => {
  it('keeps each combination of parameters apart, and a product write shows at once', async () => {
    const cachedCtx = await createTestContext({ CATALOG_CACHE_SECONDS: '60' });
    try {
      const admin = await cachedCtx.adminToken();
      const make = async (name: string, brand: string) => {
        const form = new FormData();
        form.set('name', name);
        form.set('brand', brand);
        form.set('originalPrice', '1000');
        form.set('stock', '3');
        expect((await cachedCtx.req('POST', '/product/create', { token: admin, form })).status).toBe(201);
      };
      await make('Zentrix Phone', 'Zentrix');
      await make('Orbix Phone', 'Orbix');
      const total = async (qs: string) => (await cachedCtx.req('GET', `/product?${qs}`)).body.total;
      expect(await total('q=phone')).toBe(2);
      expect(await total('q=phone&brand=Zentrix')).toBe(1);
      expect(await total('q=phone&brand=Zentrix,Orbix&sort=price_asc')).toBe(2);
      expect(await total('q=phone&brand=Nobody')).toBe(0);
      // Asked again: answered from the cache, still apart.
      expect(await total('q=phone&brand=Zentrix')).toBe(1);
      await make('Zentrix Phone Two', 'Zentrix');
      expect(await total('q=phone&brand=Zentrix')).toBe(2);
      const suggest = await cachedCtx.req('GET', '/product/suggest?q=zentrix');
      expect(suggest.body.products).toHaveLength(2);
    } finally {
      await cachedCtx.close();
    }
  });
});
