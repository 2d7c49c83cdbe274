import { finalPricePaise, slugify } from '@voltcart/shared';
import { sql } from 'kysely';
import type { Db } from '../connection';
import { CATEGORIES, type CategorySpec, COLORS, WARRANTIES } from './catalog-data';
import { drawPicture } from './pictures';
import { Prng } from './prng';

/**
 * Stores a drawn picture (SVG text) in the shop's picture storage and returns its stored name; `small` also
 * stores the 400 px copy product lists show. The caller supplies it (lib/images.ts `pictureStore`: rasterised,
 * then the upload pipeline), so that the seed needs nothing beyond the database.
 */
export type StorePicture = (
  folder: 'product' | 'categories',
  svg: string,
  opts?: { small?: boolean },
) => Promise<string>;

/**
 * Brings the search index up to date for products just written, in the same transaction. The caller supplies
 * it (lib/seed-deps.ts: the shop's search engine), so that the seed needs nothing beyond the database.
 */
export type IndexProducts = (trx: Db, productIds: number[]) => Promise<void>;

/** What the seed needs besides the database. */
export interface SeedDeps {
  storePicture: StorePicture;
  indexProducts: IndexProducts;
}

export interface SeedProgress {
  phase: 'pictures' | 'products';
  done: number;
  total: number;
}

export interface SeedCatalogOptions {
  /** How many products to add (default 200). One million works: rows go in batches, pictures are shared. */
  products?: number;
  /**
   * Seed even though the catalogue already has products: adds `products` more (names, slugs and SKUs stay
   * unique). Without it, a catalogue that has any product is left alone.
   */
  force?: boolean;
  /** Seed of the random generator: the same seed and options give the same catalogue (default 20261122). */
  seed?: number;
  /** Products per multi-row INSERT, each batch in its own transaction (default 2000). */
  batchSize?: number;
  /** How many product pictures to draw; products reuse them (default 24, at least one per category). */
  imagePool?: number;
  /** Called after each picture and after each batch of products. */
  onProgress?: (p: SeedProgress) => void;
}

export interface SeedResult {
  /** False when the catalogue already had products and `force` was not given. */
  seeded: boolean;
  categories: number;
  colors: number;
  products: number;
  pictures: number;
  ms: number;
}

const BACKGROUNDS: [string, string][] = [
  ['#eceff1', '#cfd8dc'],
  ['#fff8e1', '#ffe0b2'],
  ['#e3f2fd', '#bbdefb'],
  ['#f3e5f5', '#e1bee7'],
  ['#e8f5e9', '#c8e6c9'],
  ['#fbe9e7', '#ffccbc'],
];
const LAPTOP_CPUS = [
  'Core i3 13th Gen',
  'Core i5 13th Gen',
  'Core i7 13th Gen',
  'Core Ultra 5',
  'Core Ultra 7',
  'Ryzen 5 7535HS',
  'Ryzen 7 8845HS',
];

/**
 * Fills the catalogue with a realistic, reproducible sample: the six categories of the seed (with pictures),
 * twelve named colours, and `products` products with INR prices (₹499 to ₹1,99,999), discounts of 0–40 %,
 * stock 0–200 (some sold out, some switched off), memory options with price steps for phones, tablets and
 * laptops, 1–3 colours each, descriptions and SKUs.
 * - Categories and colours that already exist (same slug) are reused, not duplicated.
 * - Product pictures: a pool of `imagePool` pictures is drawn once, stored through the normal image pipeline
 *   (full and 400 px WebP) and shared by all products; they are registered in `shared_images` so that deleting
 *   one product never deletes a picture others show.
 * - Products are written in multi-row INSERTs of `batchSize` rows with their colours, memory options and
 *   gallery rows, each batch in one transaction; ids are assigned here so that option rows need no lookup.
 *   Run it while nothing else creates products.
 */
export async function seedCatalog(
  db: Db,
  { storePicture, indexProducts }: SeedDeps,
  opts: SeedCatalogOptions = {},
): Promise<SeedResult> {
  const started = performance.now();
  const total = Math.max(0, Math.floor(opts.products ?? 200));
  const batchSize = Math.max(1, Math.min(5000, Math.floor(opts.batchSize ?? 2000)));
  const hasProducts =
    (await db.selectFrom('products').select('id').limit(1).executeTakeFirst()) !== undefined;
  if (hasProducts && !opts.force) {
    return { seeded: false, categories: 0, colors: 0, products: 0, pictures: 0, ms: elapsed(started) };
  }
  const rng = new Prng(opts.seed ?? 20261122);

  const categoryIds = await ensureCategories(db, storePicture, rng);
  const colors = await ensureColors(db);

  const perCategory = Math.max(1, Math.ceil((opts.imagePool ?? 24) / CATEGORIES.length));
  const pool = new Map<string, string[]>();
  let drawn = 0;
  for (const c of CATEGORIES) {
    const names: string[] = [];
    for (let i = 0; i < perCategory; i++) {
      // No brand on shared pictures: many products of different brands show the same one.
      const svg = drawPicture({
        kind: c.silhouette,
        body: rng.pick(COLORS).hexcode,
        background: rng.pick(BACKGROUNDS),
      });
      const name = await storePicture('product', svg, { small: true });
      await db.insertInto('shared_images').values({ folder: 'product', name }).execute();
      names.push(name);
      opts.onProgress?.({ phase: 'pictures', done: ++drawn, total: perCategory * CATEGORIES.length });
    }
    pool.set(c.key, names);
  }

  const taken = hasProducts ? await existingKeys(db) : null;
  const maxId = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  let nextId = Number(maxId?.max ?? 0) + 1;
  const names = new Map<string, number>();
  const weights = CATEGORIES.reduce<number[]>((acc, c) => {
    acc.push((acc.at(-1) ?? 0) + c.weight);
    return acc;
  }, []);
  const weightSum = weights.at(-1)!;

  for (let done = 0; done < total; ) {
    const size = Math.min(batchSize, total - done);
    const products: Record<string, unknown>[] = [];
    const productColors: { product_id: number; color_id: number; position: number; price_adj: number }[] = [];
    const memory: { product_id: number; size_gb: number; position: number; price_adj: number }[] = [];
    const gallery: { product_id: number; file: string; position: number }[] = [];
    const variants: {
      product_id: number;
      sku: string;
      color_id: number;
      memory_size: number;
      stock: number;
      position: number;
    }[] = [];
    for (let i = 0; i < size; i++) {
      const roll = rng.next() * weightSum;
      const spec = CATEGORIES[weights.findIndex((w) => roll < w)]!;
      const id = nextId++;
      const p = makeProduct(rng, spec, colors.length);
      const base = p.name;
      const baseSlug = slugify(base);
      // "<slug>-<n>" could only equal another base slug if a model's name ended in " <n>": none does.
      let k = names.get(baseSlug) ?? 0;
      let name: string;
      let slug: string;
      do {
        k++;
        name = k === 1 ? base : `${base} (${k})`;
        slug = k === 1 ? baseSlug : `${baseSlug}-${k}`;
      } while (taken?.slugs.has(slug));
      names.set(baseSlug, k);
      let sku = `VC-${spec.code}-${String(id).padStart(7, '0')}`;
      while (taken?.skus.has(sku)) sku = `${sku}X`;
      const pictures = pool.get(spec.key)!;
      const [thumb, ...extra] = rng.sample(
        pictures,
        Math.min(pictures.length, 1 + (rng.chance(0.4) ? rng.int(1, 2) : 0)),
      );
      // One variant per colour × memory size (or one without options): SKU from the product's, the stock
      // spread over them (the first ones get the remainder), prices from the option adjustments.
      const finalPaise = finalPricePaise(p.originalPaise, p.discount);
      const combos: { color: (typeof colors)[number] | null; memory: (typeof p.memory)[number] | null }[] =
        [];
      for (const ci of p.colorIndexes.length ? p.colorIndexes : [null])
        for (const m of p.memory.length ? p.memory : [null])
          combos.push({ color: ci === null ? null : colors[ci]!, memory: m });
      const prices = combos.map(
        (c) => finalPaise + (c.color?.priceAdjPaise ?? 0) + (c.memory?.adjPaise ?? 0),
      );
      combos.forEach((c, position) => {
        const share = Math.floor(p.stock / combos.length) + (position < p.stock % combos.length ? 1 : 0);
        variants.push({
          product_id: id,
          sku: [sku, c.color?.slug.toUpperCase(), c.memory ? `${c.memory.sizeGb}GB` : null]
            .filter(Boolean)
            .join('-'),
          color_id: c.color?.id ?? 0,
          memory_size: c.memory?.sizeGb ?? 0,
          stock: share,
          position,
        });
      });
      products.push({
        id,
        price_min: Math.min(...prices),
        price_max: Math.max(...prices),
        name,
        slug,
        sku,
        brand: p.brand,
        original_price: p.originalPaise,
        discount_percentage: p.discount,
        final_price: finalPricePaise(p.originalPaise, p.discount),
        thumbnail: thumb ?? '',
        video_url: '',
        short_description: p.short,
        long_description: p.long,
        category_id: categoryIds.get(spec.key)!,
        stock: p.stock,
        in_stock: p.inStock ? 1 : 0,
        status: p.active ? 1 : 0,
        top_selling: p.topSelling ? 1 : 0,
      });
      p.colorIndexes.forEach((ci, position) => {
        const c = colors[ci]!;
        productColors.push({ product_id: id, color_id: c.id, position, price_adj: c.priceAdjPaise });
      });
      p.memory.forEach((m, position) => {
        memory.push({ product_id: id, size_gb: m.sizeGb, position, price_adj: m.adjPaise });
      });
      extra.forEach((file, position) => {
        gallery.push({ product_id: id, file, position });
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('products')
        .values(products as never)
        .execute();
      if (productColors.length) await trx.insertInto('product_colors').values(productColors).execute();
      if (memory.length) await trx.insertInto('product_memory').values(memory).execute();
      if (gallery.length) await trx.insertInto('product_images').values(gallery).execute();
      await trx.insertInto('product_variants').values(variants).execute();
      await indexProducts(
        trx,
        products.map((p) => Number(p.id)),
      );
    });
    done += size;
    opts.onProgress?.({ phase: 'products', done, total });
  }

  return {
    seeded: true,
    categories: categoryIds.size,
    colors: colors.length,
    products: total,
    pictures: drawn,
    ms: elapsed(started),
  };
}

/** A small catalogue for tests and demos: 30 products, one picture per category, fast. */
export function seedDemoCatalog(
  db: Db,
  deps: SeedDeps,
  opts: Omit<SeedCatalogOptions, 'imagePool'> = {},
): Promise<SeedResult> {
  return seedCatalog(db, deps, { products: 30, ...opts, imagePool: CATEGORIES.length });
}

const elapsed = (t0: number) => Math.round(performance.now() - t0);

async function ensureCategories(db: Db, storePicture: StorePicture, rng: Prng): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const existing = await db
    .selectFrom('categories')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      CATEGORIES.map((c) => slugify(c.name)),
    )
    .execute();
  const bySlug = new Map(existing.map((r) => [r.slug, Number(r.id)]));
  for (const [i, c] of CATEGORIES.entries()) {
    const slug = slugify(c.name);
    let id = bySlug.get(slug);
    if (id === undefined) {
      const svg = drawPicture({
        kind: c.silhouette,
        body: rng.pick(COLORS).hexcode,
        background: BACKGROUNDS[i % BACKGROUNDS.length]!,
        label: c.name,
      });
      const image = await storePicture('categories', svg);
      const r = await db
        .insertInto('categories')
        .values({ name: c.name, slug, image })
        .executeTakeFirstOrThrow();
      id = Number(r.insertId);
    }
    ids.set(c.key, id);
  }
  return ids;
}

async function ensureColors(db: Db): Promise<{ id: number; slug: string; priceAdjPaise: number }[]> {
  const slugs = COLORS.map((c) => slugify(c.name));
  const existing = await db.selectFrom('colors').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  const bySlug = new Map(existing.map((r) => [r.slug, Number(r.id)]));
  const out: { id: number; slug: string; priceAdjPaise: number }[] = [];
  for (const c of COLORS) {
    const slug = slugify(c.name);
    let id = bySlug.get(slug);
    if (id === undefined) {
      const r = await db
        .insertInto('colors')
        .values({ name: c.name, slug, hexcode: c.hexcode })
        .executeTakeFirstOrThrow();
      id = Number(r.insertId);
    }
    out.push({ id, slug, priceAdjPaise: c.priceAdj * 100 });
  }
  return out;
}

/** Slugs and SKUs already in use, read in id order a chunk at a time (only when adding to a catalogue). */
async function existingKeys(db: Db): Promise<{ slugs: Set<string>; skus: Set<string> }> {
  const slugs = new Set<string>();
  const skus = new Set<string>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'slug', 'sku'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(50_000)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      slugs.add(r.slug);
      if (r.sku) skus.add(r.sku);
    }
    after = Number(rows.at(-1)!.id);
  }
  return { slugs, skus };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface MadeProduct {
  name: string;
  brand: string;
  originalPaise: number;
  discount: number;
  stock: number;
  inStock: boolean;
  active: boolean;
  topSelling: boolean;
  short: string;
  long: string;
  colorIndexes: number[];
  memory: { sizeGb: number; adjPaise: number }[];
}

function makeProduct(rng: Prng, spec: CategorySpec, colorCount: number): MadeProduct {
  const brand = rng.pick(Object.keys(spec.brands));
  const [model, usual] = rng.pick(spec.brands[brand]!);
  // Listings vary ±8 % around the model's usual price; `tier` (0 cheap … 1 dear) picks RAM and storage.
  const [lo, hi] = spec.price;
  const tier = Math.min(1, Math.max(0, Math.log(usual / lo) / Math.log(hi / lo)));
  const rupees = Math.min(hi, Math.max(lo, Math.round((usual * (0.92 + rng.next() * 0.16)) / 100) * 100 - 1));

  // Colours are variants now, not part of the name: 1–4 for phones, tablets and laptops, one for accessories
  // (a single variant), 1–3 elsewhere.
  const most = spec.key === 'accessories' ? 1 : ['phones', 'tablets', 'laptops'].includes(spec.key) ? 4 : 3;
  const colorIndexes = rng.sample(
    Array.from({ length: colorCount }, (_, i) => i),
    rng.int(1, most),
  );

  let name: string;
  if (spec.key === 'phones' || spec.key === 'tablets') {
    // Apple does not advertise RAM; everyone else does.
    const ram = [4, 6, 8, 12, 16][Math.min(4, Math.floor(tier * 4.5 + rng.next()))]!;
    name = brand === 'Apple' ? `${brand} ${model}` : `${brand} ${model} ${ram}GB RAM`;
  } else if (spec.key === 'laptops') {
    const ram = [8, 16, 16, 32][Math.min(3, Math.floor(tier * 3.5 + rng.next()))]!;
    const cpu = brand === 'Apple' ? '' : ` ${rng.pick(LAPTOP_CPUS)}`;
    name = `${brand} ${model}${cpu} ${ram}GB RAM`;
  } else {
    name = `${brand} ${model}`;
  }

  const memory: { sizeGb: number; adjPaise: number }[] = [];
  if (spec.memory) {
    const { sizes, steps } = spec.memory;
    const rungs = rng.int(1, Math.min(3, steps.length));
    const start = Math.min(sizes.length - rungs, Math.floor(tier * (sizes.length - rungs + 1)));
    for (let j = 0; j < rungs; j++) memory.push({ sizeGb: sizes[start + j]!, adjPaise: steps[j]! * 100 });
  }

  const [f1, f2, f3] = rng.sample(spec.features, 3);
  const warranty = rng.pick(WARRANTIES);
  const stock = rng.chance(0.1) ? 0 : rng.int(1, 200);
  return {
    name,
    brand,
    originalPaise: rupees * 100,
    discount: rng.chance(0.25) ? 0 : rng.int(5, 40),
    stock,
    inStock: !rng.chance(0.05),
    active: !rng.chance(0.03),
    topSelling: rng.chance(0.08),
    short: `${capitalise(f1!)}, ${f2} and ${f3}.`,
    long:
      `The ${brand} ${model} brings ${f1}, ${f2} and ${f3}. ` +
      `${brand} backs it with a ${warranty} warranty in India, and every order ships with a GST invoice. ` +
      'Prices include GST.',
    colorIndexes,
    memory,
  };
}

/** Row counts of the catalogue tables (for reports). */
export async function catalogCounts(db: Db): Promise<Record<string, number>> {
  const r = await sql<{
    categories: number;
    colors: number;
    products: number;
  }>`SELECT (SELECT COUNT(*) FROM categories) AS categories, (SELECT COUNT(*) FROM colors) AS colors,
       (SELECT COUNT(*) FROM products) AS products`.execute(db);
  const row = r.rows[0]!;
  return { categories: Number(row.categories), colors: Number(row.colors), products: Number(row.products) };
}
