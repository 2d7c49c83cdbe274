import { finalPricePaise, slugify } from '@voltcart/shared';
import { sql } from 'kysely';
import { type BulkLoad, type Cell, loadRows, startLoad } from '../bulk-load';
import type { Db } from '../connection';
import { CATEGORIES, type CategorySpec, COLORS, formOf, type Silhouette, WARRANTIES } from './catalog-data';
import { drawPicture, VIEWS } from './pictures';
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
type IndexProducts = (trx: Db, productIds: number[]) => Promise<void>;

/** What the search index reads of a product (search-text.ts `IndexSource`), with its id. */
interface IndexedProduct {
  id: number;
  name: string;
  brand: string;
  sku: string | null;
  variantSkus: string[];
  category: string | null;
  colors: string[];
  memoryGb: number[];
  shortDescription: string | null;
  longDescription: string | null;
}

/**
 * Writes the search index of the products of an empty catalogue being filled, on connections and in transactions
 * of its own, from what the seed made (nothing read back): `add` each batch, then `end`, then `commit` (or
 * `rollback`). One loader serves one load.
 */
interface LoadIndex {
  add(products: IndexedProduct[]): Promise<void>;
  end(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** What the seed needs besides the database. */
export interface SeedDeps {
  storePicture: StorePicture;
  indexProducts: IndexProducts;
  /** A fresh bulk loader of the search index (lib/seed-deps.ts: the search engine's `bulkLoader`). */
  indexLoader: (db: Db) => LoadIndex;
}

export interface SeedProgress {
  /** Pictures drawn, products written, products in the search index (after the products). */
  phase: 'pictures' | 'products' | 'indexed';
  done: number;
  total: number;
}

export interface SeedCatalogOptions {
  /** How many products to add (default 200: every model once). One million works: rows go in batches. */
  products?: number;
  /**
   * Seed even though the catalogue already has products: adds `products` more (names, slugs and SKUs stay
   * unique). Without it, a catalogue that has any product is left alone.
   */
  force?: boolean;
  /** Seed of the random generator: the same seed and options give the same catalogue (default 20261122). */
  seed?: number;
  /** Products made at a time: one batch of every table's rows, and one transaction when adding (default 5000). */
  batchSize?: number;
  /** Pictures per colour: the front, the back and a turned view (1–3, default 3). */
  picturesPerColor?: number;
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
/** Product pictures stand on one soft grey, so that every body colour reads as itself. */
const PRODUCT_BACKGROUND: [string, string] = ['#f5f7f8', '#dfe4e8'];
const LAPTOP_CPUS = [
  'Core i3 13th Gen',
  'Core i5 13th Gen',
  'Core i7 13th Gen',
  'Core Ultra 5',
  'Core Ultra 7',
  'Ryzen 5 7535HS',
  'Ryzen 7 8845HS',
];

type Color = { id: number; name: string; slug: string; priceAdjPaise: number };
type Model = { brand: string; model: string; rupees: number };

/**
 * Fills the catalogue with a realistic, reproducible sample: eleven categories (with pictures), twelve named
 * colours, and `products` products with INR prices (₹499 to ₹2,49,999) and discounts of 0–40 %.
 * - Models: the categories' models are listed in turn, each category as often as it has models, so that the
 *   first 200 products are the 200 models once each (no colour or memory in a name); later products are later
 *   marks of the same models ("… Mk 2").
 * - Variants: each product comes in 1–4 colours of its category's palette (one for accessories) × 1–3 memory
 *   sizes (phones, tablets, laptops); some combinations are not sold, some variants are sold out (0 units) or
 *   switched off. The product's stock is the units of its switched-on variants, its price range theirs.
 * - Pictures: every colour of every category's palette is drawn in that colour from `picturesPerColor` angles,
 *   once, through the normal image pipeline (full and 400 px WebP), and registered in `shared_images` so that
 *   deleting one product never deletes a picture others show. A product's colour galleries hold its colours'
 *   pictures; its thumbnail is its first colour's front.
 * - Products are made `batchSize` at a time with their colours, memory options, variants and gallery rows; ids
 *   are assigned here so that option rows need no lookup. An empty catalogue is loaded in bulk, each table and
 *   the search index in one statement of its own transaction, all at once (db/bulk-load.ts); products added to
 *   a catalogue go a batch per transaction with their search index. Run it while nothing else creates products.
 */
export async function seedCatalog(
  db: Db,
  { storePicture, indexProducts, indexLoader }: SeedDeps,
  opts: SeedCatalogOptions = {},
): Promise<SeedResult> {
  const started = performance.now();
  const total = Math.max(0, Math.floor(opts.products ?? 200));
  const batchSize = Math.max(1, Math.min(5000, Math.floor(opts.batchSize ?? 5000)));
  const views = VIEWS.slice(0, Math.max(1, Math.min(VIEWS.length, Math.floor(opts.picturesPerColor ?? 3))));
  const hasProducts =
    (await db.selectFrom('products').select('id').limit(1).executeTakeFirst()) !== undefined;
  if (hasProducts && !opts.force) {
    return { seeded: false, categories: 0, colors: 0, products: 0, pictures: 0, ms: elapsed(started) };
  }
  const rng = new Prng(opts.seed ?? 20261122);

  const categoryIds = await ensureCategories(db, storePicture, rng);
  const colors = await ensureColors(db);
  const colorByName = new Map(COLORS.map((c, i) => [c.name, colors[i]!]));

  // Each category's models in a shuffled order, visited in turn (smooth weighted round robin, weight = models).
  const lines = CATEGORIES.map((spec) => ({
    spec,
    palette: spec.palette.map((n) => colorByName.get(n)!),
    models: rng.sample(
      Object.entries(spec.brands).flatMap(([brand, models]) =>
        models.map(([model, rupees]): Model => ({ brand, model, rupees })),
      ),
      Infinity,
    ),
  }));
  const modelCount = lines.reduce((n, l) => n + l.models.length, 0);

  // The pictures of the kinds of product and colours the catalogue shows, each from every angle (a picture is
  // its silhouette in a colour, shared by every product of that kind and colour): for up to 200 products the
  // ones its products use (found by a dry run of the same sequence), beyond that every one a model could take.
  const wanted = new Map<string, { kind: Silhouette; color: Color }>();
  const want = (kind: Silhouette, color: Color) => wanted.set(pictureKey(kind, color), { kind, color });
  if (total > modelCount) {
    for (const l of lines)
      for (const m of l.models)
        for (const c of l.palette) want(formOf(l.spec, m.brand, m.model).silhouette, c);
  } else {
    const dry = planner(rng.fork(), lines);
    for (let i = 0; i < total; i++) {
      const { made } = dry();
      for (const c of made.colors) want(made.silhouette, c);
    }
  }
  // All asked for at once: the picture pipeline encodes a few at a time (lib/images.ts), one per core.
  let drawn = 0;
  const pictures = new Map(
    await Promise.all(
      [...wanted].map(
        async ([key, { kind, color }]) =>
          [
            key,
            await Promise.all(
              views.map(async (view) => {
                const svg = drawPicture({
                  kind,
                  body: COLORS.find((c) => c.name === color.name)!.hexcode,
                  background: PRODUCT_BACKGROUND,
                  view,
                });
                const name = await storePicture('product', svg, { small: true });
                opts.onProgress?.({ phase: 'pictures', done: ++drawn, total: wanted.size * views.length });
                return name;
              }),
            ),
          ] as const,
      ),
    ),
  );
  if (pictures.size)
    await db
      .insertInto('shared_images')
      .values([...pictures.values()].flat().map((name) => ({ folder: 'product' as const, name })))
      .execute();
  const next = planner(rng, lines);

  const taken = hasProducts ? await existingKeys(db) : null;
  // Ids are given here, after the largest in use: rows loaded with LOAD DATA get auto-increment ids in blocks,
  // with gaps between statements, and the ids of the sample must not depend on the batches.
  const after = async (table: 'products' | 'product_variants' | 'product_images') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    ) + 1;
  let nextId = await after('products');
  let nextVariantId = await after('product_variants');
  const firstVariantId = nextVariantId;
  let nextImageId = await after('product_images');
  const marks = new Map<string, number>();
  // The names the index reads: those in the database (a category or colour kept from before may be renamed).
  const categoryNames = new Map(
    (await db.selectFrom('categories').select(['id', 'name']).execute()).map((r) => [Number(r.id), r.name]),
  );
  const colorNames = new Map(
    (await db.selectFrom('colors').select(['id', 'name']).execute()).map((r) => [Number(r.id), r.name]),
  );

  /** The next `size` products with their option, gallery and variant rows. */
  const build = (size: number) => {
    const products: Cell[][] = [];
    const productColors: Cell[][] = [];
    const memory: Cell[][] = [];
    const gallery: Cell[][] = [];
    const variants: Cell[][] = [];
    const indexed: IndexedProduct[] = [];
    for (let i = 0; i < size; i++) {
      const { spec, made: p } = next();
      const id = nextId++;
      // A model listed again is a later mark of it; marks already in the catalogue are skipped.
      let k = marks.get(p.name) ?? 0;
      let name: string;
      let slug: string;
      do {
        k++;
        name = k === 1 ? p.name : `${p.name} Mk ${k}`;
        slug = slugify(name);
      } while (taken?.slugs.has(slug));
      marks.set(p.name, k);
      let sku = `VC-${spec.code}-${String(id).padStart(7, '0')}`;
      while (taken?.skus.has(sku)) sku = `${sku}X`;

      const finalPaise = finalPricePaise(p.originalPaise, p.discount);
      const variantSkus: string[] = [];
      let stock = 0;
      let low = Infinity;
      let high = 0;
      p.variants.forEach((v, position) => {
        const price = finalPaise + (v.color?.priceAdjPaise ?? 0) + (v.memory?.adjPaise ?? 0);
        if (v.enabled) {
          stock += v.stock;
          low = Math.min(low, price);
          high = Math.max(high, price);
        }
        const variantSku = [sku, v.color?.slug.toUpperCase(), v.memory ? `${v.memory.sizeGb}GB` : null]
          .filter(Boolean)
          .join('-');
        variantSkus.push(variantSku);
        variants.push([
          nextVariantId++,
          id,
          variantSku,
          v.color?.id ?? 0,
          v.memory?.sizeGb ?? 0,
          v.stock,
          v.enabled ? 1 : 0,
          position,
        ]);
      });
      const thumbnail = pictures.get(pictureKey(p.silhouette, p.colors[0]!))![0]!;
      products.push([
        id,
        low,
        high,
        name,
        slug,
        sku,
        p.brand,
        p.originalPaise,
        p.discount,
        finalPaise,
        thumbnail,
        '',
        p.short,
        p.long,
        categoryIds.get(spec.key)!,
        stock,
        p.inStock ? 1 : 0,
        p.active ? 1 : 0,
        p.topSelling ? 1 : 0,
      ]);
      p.colors.forEach((c, position) => {
        productColors.push([id, c.id, position, c.priceAdjPaise]);
        for (const [j, file] of pictures.get(pictureKey(p.silhouette, c))!.entries())
          gallery.push([nextImageId++, id, file, j, c.id]);
      });
      p.memory.forEach((m, position) => {
        memory.push([id, m.sizeGb, position, m.adjPaise]);
      });
      indexed.push({
        id,
        name,
        brand: p.brand,
        sku,
        variantSkus,
        category: categoryNames.get(categoryIds.get(spec.key)!) ?? null,
        colors: p.colors.map((c) => colorNames.get(c.id)!),
        memoryGb: p.memory.map((m) => m.sizeGb),
        shortDescription: p.short,
        longDescription: p.long,
      });
    }
    const rows = { products, productColors, memory, gallery, variants };
    const write = async (trx: Db) => {
      for (const [key, columns] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, readonly string[]][])
        await loadRows(trx, TABLES[key], columns, rows[key]);
      return products.map((p) => p[0] as number);
    };
    return { rows, write, indexed };
  };

  if (hasProducts) {
    // Adding to a catalogue: each batch and its search index in one transaction.
    for (let done = 0; done < total; ) {
      const size = Math.min(batchSize, total - done);
      const { write } = build(size);
      await db.transaction().execute(async (trx) => indexProducts(trx, await write(trx)));
      done += size;
      opts.onProgress?.({ phase: 'products', done, total });
    }
  } else {
    // An empty catalogue: each table is loaded in one statement of its own transaction, all at once, fed batch
    // by batch as the products are made (db/bulk-load.ts `startLoad`: InnoDB loads an empty table in bulk only in
    // a transaction's first statement on it), the search index from the products as made. The rows are made
    // unique and consistent here, so key checks are off. All commit once everything is written; a failure
    // before that rolls all back. It takes eight connections of the pool at once.
    const index = indexLoader(db);
    const tables = Object.entries(COLUMNS) as [keyof typeof COLUMNS, readonly string[]][];
    const loads = new Map<keyof typeof COLUMNS, BulkLoad>();
    try {
      for (const [key, columns] of tables) loads.set(key, await startLoad(db, TABLES[key], columns));
      for (let done = 0; done < total; ) {
        const size = Math.min(batchSize, total - done);
        const { rows, indexed } = build(size);
        await Promise.all([...tables.map(([key]) => loads.get(key)!.add(rows[key])), index.add(indexed)]);
        done += size;
        opts.onProgress?.({ phase: 'products', done, total });
        opts.onProgress?.({ phase: 'indexed', done, total });
      }
      await Promise.all([...[...loads.values()].map((l) => l.end()), index.end()]);
      await Promise.all([...[...loads.values()].map((l) => l.commit()), index.commit()]);
    } catch (e) {
      await Promise.allSettled([...[...loads.values()].map((l) => l.rollback()), index.rollback()]);
      throw e;
    }
    // The sample's units start the stock ledger, as a migration's opening count does.
    await sql`INSERT INTO stock_movements
        (variant_id, product_id, sku, delta, units_before, units_after, reason, actor, note)
      SELECT id, product_id, sku, stock, 0, stock, 'opening', 'system', 'Sample catalogue'
      FROM product_variants WHERE id >= ${firstVariantId} AND stock <> 0 ORDER BY id`.execute(db);
    // Statistics of the tables as they are now, not as they were empty: the first searches and lists are
    // planned with them.
    await sql`ANALYZE TABLE products, product_colors, product_memory, product_variants, product_images,
      search_terms, search_docs, search_words`.execute(db);
  }
  // A catalogue write like the back office's: API processes already running drop what they keep of the old one.
  await sql`UPDATE catalog_version SET version = version + 1 WHERE id = 1`.execute(db);

  return {
    seeded: true,
    categories: categoryIds.size,
    colors: colors.length,
    products: total,
    pictures: drawn,
    ms: elapsed(started),
  };
}

/** A small catalogue for tests and demos: 30 products, one picture per colour, fast. */
export function seedDemoCatalog(
  db: Db,
  deps: SeedDeps,
  opts: Omit<SeedCatalogOptions, 'picturesPerColor'> = {},
): Promise<SeedResult> {
  return seedCatalog(db, deps, { products: 30, ...opts, picturesPerColor: 1 });
}

/** The tables `build` makes rows for. */
const TABLES = {
  products: 'products',
  productColors: 'product_colors',
  memory: 'product_memory',
  gallery: 'product_images',
  variants: 'product_variants',
} as const;

/** The columns of the rows `build` makes, in their order. */
const COLUMNS = {
  products: [
    'id',
    'price_min',
    'price_max',
    'name',
    'slug',
    'sku',
    'brand',
    'original_price',
    'discount_percentage',
    'final_price',
    'thumbnail',
    'video_url',
    'short_description',
    'long_description',
    'category_id',
    'stock',
    'in_stock',
    'status',
    'top_selling',
  ],
  productColors: ['product_id', 'color_id', 'position', 'price_adj'],
  memory: ['product_id', 'size_gb', 'position', 'price_adj'],
  gallery: ['id', 'product_id', 'file', 'position', 'color_id'],
  variants: ['id', 'product_id', 'sku', 'color_id', 'memory_size', 'stock', 'enabled', 'position'],
} as const;

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

async function ensureColors(db: Db): Promise<Color[]> {
  const slugs = COLORS.map((c) => slugify(c.name));
  const existing = await db.selectFrom('colors').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  const bySlug = new Map(existing.map((r) => [r.slug, Number(r.id)]));
  const out: Color[] = [];
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
    out.push({ id, name: c.name, slug, priceAdjPaise: c.priceAdj * 100 });
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
const pictureKey = (kind: Silhouette, color: Color) => `${kind}|${color.id}`;

interface MadeVariant {
  color: Color | null;
  memory: { sizeGb: number; adjPaise: number } | null;
  stock: number;
  enabled: boolean;
}

interface MadeProduct {
  name: string;
  /** The kind of thing it is, as its pictures show it. */
  silhouette: Silhouette;
  brand: string;
  originalPaise: number;
  discount: number;
  inStock: boolean;
  active: boolean;
  topSelling: boolean;
  short: string;
  long: string;
  colors: Color[];
  memory: { sizeGb: number; adjPaise: number }[];
  variants: MadeVariant[];
}

interface Line {
  spec: CategorySpec;
  palette: Color[];
  models: Model[];
}

/**
 * The catalogue's products one after the other: each category in turn as often as it has models (smooth
 * weighted round robin), its models in their order, each made with `rng`.
 */
function planner(rng: Prng, lines: Line[]): () => { spec: CategorySpec; made: MadeProduct } {
  const total = lines.reduce((n, l) => n + l.models.length, 0);
  const credit = lines.map(() => 0);
  const visits = lines.map(() => 0);
  return () => {
    let best = 0;
    for (let i = 0; i < lines.length; i++) {
      credit[i]! += lines[i]!.models.length;
      if (credit[i]! > credit[best]!) best = i;
    }
    credit[best]! -= total;
    const line = lines[best]!;
    const model = line.models[visits[best]!++ % line.models.length]!;
    return { spec: line.spec, made: makeProduct(rng, line.spec, model, line.palette) };
  };
}

function makeProduct(
  rng: Prng,
  spec: CategorySpec,
  { brand, model, rupees: usual }: Model,
  palette: Color[],
): MadeProduct {
  // Listings vary ±8 % around the model's usual price; `tier` (0 cheap … 1 dear) picks RAM and storage.
  const [lo, hi] = spec.price;
  const tier = Math.min(1, Math.max(0, Math.log(usual / lo) / Math.log(hi / lo)));
  const rupees = Math.min(hi, Math.max(lo, Math.round((usual * (0.92 + rng.next() * 0.16)) / 100) * 100 - 1));
  const colors = rng.sample(palette, rng.int(1, Math.min(spec.colors, palette.length)));

  // RAM and processor are part of the model, said in the description (names carry no colour or memory).
  let spec1 = '';
  if (spec.key === 'phones' || spec.key === 'tablets') {
    const ram = [4, 6, 8, 12, 16][Math.min(4, Math.floor(tier * 4.5 + rng.next()))]!;
    // Apple does not advertise RAM; everyone else does.
    if (brand !== 'Apple') spec1 = ` It has ${ram} GB of RAM.`;
  } else if (spec.key === 'laptops') {
    const ram = [8, 16, 16, 32][Math.min(3, Math.floor(tier * 3.5 + rng.next()))]!;
    spec1 =
      brand === 'Apple'
        ? ` It has ${ram} GB of unified memory.`
        : ` It runs on an ${rng.pick(LAPTOP_CPUS)} processor with ${ram} GB of RAM.`;
  }

  const memory: { sizeGb: number; adjPaise: number }[] = [];
  if (spec.memory) {
    const { sizes, steps } = spec.memory;
    const rungs = rng.int(1, Math.min(3, steps.length));
    const start = Math.min(sizes.length - rungs, Math.floor(tier * (sizes.length - rungs + 1)));
    for (let j = 0; j < rungs; j++) memory.push({ sizeGb: sizes[start + j]!, adjPaise: steps[j]! * 100 });
  }

  // Every colour × memory size, but some shops do not sell the last colour in the largest size; a few
  // variants are sold out or switched off (never the first: the one a product page and a cart line without
  // options take has 5 units or more), and a few products are sold out altogether.
  const soldOut = rng.chance(0.06);
  const skipLast = colors.length > 1 && memory.length > 1 && rng.chance(0.3);
  const variants: MadeVariant[] = [];
  for (const [ci, color] of colors.entries())
    for (const [mi, m] of (memory.length ? memory : [null]).entries()) {
      if (skipLast && ci === colors.length - 1 && mi === memory.length - 1) continue;
      const first = variants.length === 0;
      variants.push({
        color,
        memory: m,
        stock: soldOut || (!first && rng.chance(0.12)) ? 0 : rng.int(first ? 5 : 1, 40),
        enabled: first || !rng.chance(0.06),
      });
    }

  const form = formOf(spec, brand, model);
  const [f1, f2, f3] = rng.sample(form.features, 3);
  const warranty = rng.pick(WARRANTIES);
  return {
    name: `${brand} ${model}`,
    silhouette: form.silhouette,
    brand,
    originalPaise: rupees * 100,
    discount: rng.chance(0.25) ? 0 : rng.int(5, 40),
    inStock: !rng.chance(0.03),
    active: !rng.chance(0.03),
    topSelling: rng.chance(0.08),
    short: `${capitalise(f1!)}, ${f2} and ${f3}.`,
    long:
      `The ${brand} ${model} brings ${f1}, ${f2} and ${f3}.${spec1} ` +
      `${brand} backs it with a ${warranty} warranty in India.`,
    colors,
    memory,
    variants,
  };
}
