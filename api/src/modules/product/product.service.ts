import {
  averageRating,
  type BestSellers,
  DEFAULT_GST_RATE_BP,
  fieldLabel,
  finalPricePaise,
  isBlank,
  lowestOptionPricePaise,
  type PictureUpload,
  type Product,
  type ProductBody,
  type ProductList,
  type ProductListQuery,
  type ProductSummary,
  productBody,
  readPricePhrase,
  type StockConflict,
  slugify,
  stockCount,
  toPaise,
  toRupees,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { isDuplicateKey, isMissingReference } from '../../db/errors';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { imageLimits, releaseImages, removeImages } from '../../lib/images';
import { SAFE_NAME, type Storage } from '../../lib/storage';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { productOffers } from '../promotion/promotion-pricing.service';
import { ratingOf } from '../review/review.service';
import { categoriesNamed, type SearchEngine } from '../search/search-engine';
import { lowStockThreshold } from '../settings/settings.service';
import * as repo from './product.repository';
import { commitGallery, picturesMessage, prepareGallery, prepareThumbnail } from './product-pictures.service';
import * as vrepo from './product-variant.repository';
import {
  stockOnVariants,
  syncVariants,
  toShopperVariant,
  toVariant,
  writeProductStock,
} from './product-variant.service';

export interface ProductDeps {
  db: Db;
  storage: Storage;
  config: Config;
  search: SearchEngine;
}

export const PRODUCT_MESSAGES = {
  created: 'Product created successfully.',
  updated: 'Product updated successfully.',
  deleted: 'Product deleted successfully.',
  imagesAdded: picturesMessage,
  imageRemoved: 'Image removed.',
  nothingToChange: 'Send at least one field to change.',
  unknownCategory: 'categoryId does not match any category',
  imageCount: 'Choose between 1 and 20 images (form field "images").',
  emptySlug: 'name must contain at least one letter or digit (a-z, 0-9) so that a slug can be made from it.',
  lowStockForStaff: 'The low-stock filter is for the back office: send an admin token.',
  staffFilter: (name: string) => `The ${name} filter is for the back office: send an admin token.`,
  expectedStockNeeded:
    'expectedStock is required with stock: send the stock you loaded, so that units sold meanwhile are not brought back.',
  expectedStockAlone: 'expectedStock goes with stock: send the new stock as well, or neither.',
  stockChanged: (from: number, to: number) =>
    `Stock changed from ${from} to ${to} while you were editing. Nothing was saved: check the stock and save again.`,
} as const;
const M = PRODUCT_MESSAGES;

/** "All" (limit 0) is capped so that one request can never serialise a million rows. */
const ALL_LIMIT = 10_000;
const MAX_GALLERY_UPLOAD = 20;

// ---------------------------------------------------------------- shapes

/**
 * A product row as the API shows it. Its figures come from its variants: `finalPrice` is the lowest price of the
 * switched-on variants (`priceRange` their lowest and highest), `stock` their units (kept on the row by
 * refreshFigures). Without a switched-on variant the product's own final price stands.
 */
export function toSummary(r: repo.SummaryRow): ProductSummary {
  const own = Number(r.final_price);
  const min = r.price_min === null ? own : Number(r.price_min);
  const max = r.price_max === null ? own : Number(r.price_max);
  return {
    _id: String(r.id),
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    brand: r.brand,
    originalPrice: toRupees(Number(r.original_price)),
    discountPercentage: Number(r.discount_percentage),
    finalPrice: toRupees(min),
    thumbnail: r.thumbnail,
    stock: Number(r.stock),
    inStock: Boolean(r.in_stock),
    status: Boolean(r.status),
    topSelling: Boolean(r.top_selling),
    categoryId: r.category_id === null ? null : String(r.category_id),
    categoryName: r.categoryName,
    categorySlug: r.categorySlug,
    priceRange: { min: toRupees(min), max: toRupees(max) },
    ...ratingOfRow(r),
  };
}

/** A list's rating of a product: present once it has approved reviews. */
function ratingOfRow(r: repo.SummaryRow): Pick<ProductSummary, 'rating'> {
  const count = Number(r.rating_count ?? 0);
  return count > 0 ? { rating: { average: averageRating(Number(r.rating_sum ?? 0), count), count } } : {};
}

// ---------------------------------------------------------------- reads

/** The list's search filters, beyond the plain list's own (`limit`, `page`, `categorySlug`, `colorSlug`). */
const SEARCH_PARAMS = [
  'q',
  'sort',
  'brand',
  'category',
  'color',
  'memory',
  'minPrice',
  'maxPrice',
  'inStock',
  'minDiscount',
  'minRating',
  'status',
  'top',
  'outOfStock',
] as const;

/** More of the list's filters for the back office only (besides `lowStock`). */
const STAFF_FILTERS = ['status', 'top', 'outOfStock'] as const;

/**
 * A page of the list; the query's blank values were already dropped (see resource() in lib/routes.ts).
 * - search, filters, sort, total and facet counts come from the search engine (modules/search)
 * - a list with only the plain list's parameters reads its rows with the tuned list query (product.repository)
 * - `lowStock` (admins only, else 403): products with at most the shop's low-stock threshold of units
 *   (Settings), fewest first, whatever their stock switch; the reply names the threshold
 * - `status`, `top`, `outOfStock` (admins only, else 403): switched on/off, top selling or not, not sellable now
 * - a page beyond the last is empty, with the total and facets
 */
export async function listProducts(
  { db, search }: Pick<ProductDeps, 'db' | 'search'>,
  query: ProductListQuery,
  opts: { admin: boolean },
): Promise<ProductList> {
  if (!opts.admin) {
    const used = STAFF_FILTERS.find((k) => query[k] !== undefined);
    if (used) throw forbidden(M.staffFilter(used));
  }
  let stockAtMost: number | undefined;
  if (query.lowStock) {
    if (!opts.admin) throw forbidden(M.lowStockForStaff);
    stockAtMost = await lowStockThreshold(db);
  }
  const limit = query.limit && query.limit > 0 ? query.limit : ALL_LIMIT;
  const page = query.limit && query.limit > 0 ? (query.page ?? 1) : 1;
  const offset = (page - 1) * limit;
  const categorySlug = query.categorySlug?.trim();
  const colorSlug = query.colorSlug?.trim();
  const searched = SEARCH_PARAMS.some((k) => query[k] !== undefined);
  if (!searched && !query.facets) {
    // The plain list: no COUNT (one row more than asked tells whether another page exists).
    const rows = await repo.listProducts(db, {
      admin: opts.admin,
      limit: limit + 1,
      offset,
      categorySlug,
      colorSlug,
      stockAtMost,
    });
    const plain: ProductList = {
      products: await withOffers(
        db,
        await inChosenColor(
          db,
          await forStaff(db, rows.slice(0, limit).map(toSummary), opts),
          colorSlug ? [colorSlug] : [],
        ),
        opts,
      ),
      hasMore: rows.length > limit,
    };
    if (stockAtMost !== undefined) plain.lowStockThreshold = stockAtMost;
    return plain;
  }
  // "tablet under 20000": the price phrase filters, the words left are searched.
  const phrase = query.q === undefined ? undefined : readPricePhrase(query.q);
  const price = phrase?.price;
  const minPrice = query.minPrice ?? price?.min;
  const maxPrice = query.maxPrice ?? price?.max;
  const found = await search.find(db, {
    admin: opts.admin,
    q: price ? phrase.rest || undefined : query.q,
    sort: query.sort ?? (stockAtMost === undefined ? undefined : 'stock'),
    categorySlug,
    colorSlug,
    brand: query.brand,
    category: query.category,
    color: query.color,
    memory: query.memory,
    minPrice: minPrice === undefined ? undefined : toPaise(minPrice),
    maxPrice: maxPrice === undefined ? undefined : toPaise(maxPrice),
    inStock: query.inStock,
    minDiscount: query.minDiscount,
    minRating: query.minRating,
    stockAtMost,
    status: query.status,
    top: query.top,
    outOfStock: query.outOfStock,
    facets: query.facets === true,
    // The engine reads the page only when it orders or filters beyond the plain list.
    limit: searched ? limit : 0,
    offset,
  });
  const rows = searched
    ? await repo.summariesByIds(db, found.ids)
    : await repo.listProducts(db, { admin: opts.admin, limit, offset, categorySlug, colorSlug, stockAtMost });
  const products = await withOffers(
    db,
    await inChosenColor(db, await forStaff(db, rows.map(toSummary), opts), [
      ...(colorSlug ? [colorSlug] : []),
      ...(query.color ?? []),
    ]),
    opts,
  );
  const list: ProductList = {
    products,
    hasMore: offset + products.length < found.total,
    total: found.total,
  };
  if (query.facets) list.facets = found.facets;
  if (found.didYouMean) list.didYouMean = found.didYouMean;
  if (price) list.priceFromQuery = { ...price, words: phrase.rest };
  if (!opts.admin && found.total === 0 && phrase?.rest)
    list.categoryHints = await categoriesNamed({ db, search }, phrase.rest);
  if (stockAtMost !== undefined) list.lowStockThreshold = stockAtMost;
  return list;
}

/**
 * Shoppers' cards name the running automatic offers for each product (promotion-pricing.service productOffers:
 * checkout's own scope rules); staff lists do not. A running offer starts or ends on the cards within the
 * catalogue cache's seconds; staff changes to offers drop the cache at once.
 */
async function withOffers(
  db: Db,
  products: ProductSummary[],
  opts: { admin: boolean; wholeOrder?: boolean },
): Promise<ProductSummary[]> {
  if (opts.admin || products.length === 0) return products;
  const offers = await productOffers(
    db,
    products.map((p) => ({
      productId: Number(p._id),
      categoryId: p.categoryId === null ? null : Number(p.categoryId),
      brand: p.brand,
    })),
    { wholeOrder: opts.wholeOrder === true },
  );
  return products.map((p) => {
    const words = offers.get(Number(p._id));
    return words ? { ...p, offers: words } : p;
  });
}

/** Staff lists also say how many variants each product has (units are changed in the list only with one). */
async function forStaff(db: Db, products: ProductSummary[], opts: { admin: boolean }) {
  if (!opts.admin || products.length === 0) return products;
  const ids = products.map((p) => Number(p._id));
  const [counts, hsn] = await Promise.all([vrepo.variantCounts(db, ids), repo.hsnCodes(db, ids)]);
  return products.map((p) => {
    const h = hsn.get(Number(p._id));
    return {
      ...p,
      variantCount: counts.get(Number(p._id)) ?? 0,
      hsn: { code: h?.own ?? h?.category ?? '', own: !!h?.own },
    };
  });
}

/**
 * Under a colour filter a card shows that colour's picture: each product's thumbnail becomes the first picture
 * of its gallery in the chosen colour (the first chosen colour that has pictures); products without such a
 * picture keep their own.
 */
async function inChosenColor(
  db: Db,
  list: ProductSummary[],
  colorSlugs: string[],
): Promise<ProductSummary[]> {
  if (colorSlugs.length === 0 || list.length === 0) return list;
  const pictures = await repo.colorThumbnails(
    db,
    list.map((p) => Number(p._id)),
    colorSlugs,
  );
  return list.map((p) => {
    const file = pictures.get(Number(p._id));
    return file ? { ...p, thumbnail: file } : p;
  });
}

/** How many days of orders the BEST SELLER strip counts. */
const BEST_SELLER_DAYS = 30;

/**
 * The home page's strip.
 * - what sold most: units in orders of the last 30 days (sold states only), at most 5, most first (`sales`)
 * - nothing sold in that time: the 5 largest savings (`discount`); the storefront does not call those best
 *   sellers
 */
export async function bestSellers(db: Db): Promise<BestSellers> {
  const sold = await repo.topSold(db, 5, BEST_SELLER_DAYS);
  const shopper = { admin: false };
  if (sold.length > 0)
    return { products: await withOffers(db, sold.map(toSummary), shopper), basis: 'sales' };
  const biggest = (await repo.bestSellers(db, 5)).map(toSummary);
  return { products: await withOffers(db, biggest, shopper), basis: 'discount' };
}

/**
 * One product by numeric id or by slug, with gallery, colours, memory options and category.
 * Shoppers do not see inactive products, products of inactive categories, or inactive colours.
 */
export async function getProduct(
  db: Db,
  idOrSlug: string | number,
  opts: { admin: boolean },
): Promise<Product> {
  const key = String(idOrSlug);
  let found: repo.ProductDetail | undefined;
  if (/^[1-9][0-9]{0,15}$/.test(key)) found = await repo.findProductDetail(db, { id: Number(key) });
  if (!found && key.length <= 250) found = await repo.findProductDetail(db, { slug: key });
  const hiddenFrom = (r: { status: number; categoryStatus: number | null }) =>
    !opts.admin && (!r.status || (r.categoryStatus !== null && !r.categoryStatus));
  if (!found && key.length <= 250) {
    // A slug the product had before a rename: its current address (only where shoppers may see the product).
    const moved = await repo.findByOldSlug(db, key);
    if (moved && !hiddenFrom(moved)) throw productMoved(moved.slug);
  }
  const row = found?.row;
  const hidden = row && hiddenFrom(row);
  if (!found || !row || hidden) throw notFound('Product');
  const { images, colors, memory, colorImages, variants } = found;
  const [rating, [summary], shopLowStock] = await Promise.all([
    ratingOf(db, Number(row.id)),
    withOffers(db, [toSummary(row)], { admin: opts.admin, wholeOrder: true }),
    opts.admin ? lowStockThreshold(db) : undefined,
  ]);
  return {
    ...summary!,
    images,
    colorImages: Object.fromEntries([...colorImages].map(([c, files]) => [String(c), files])),
    variants: opts.admin ? variants.map(toVariant) : variants.filter((v) => v.enabled).map(toShopperVariant),
    colors: colors
      .filter((c) => opts.admin || c.status)
      .map((c) => ({
        _id: String(c.id),
        name: c.name,
        slug: c.slug,
        hexcode: c.hexcode,
        status: Boolean(c.status),
        priceAdj: toRupees(Number(c.price_adj)),
      })),
    memorySizes: memory.map((m) => Number(m.size_gb)),
    memoryPriceAdj: memory.map((m) => toRupees(Number(m.price_adj))),
    videoUrl: row.video_url,
    shortDescription: row.short_description ?? '',
    longDescription: row.long_description ?? '',
    weightGrams: row.weight_grams === null ? null : Number(row.weight_grams),
    ...(opts.admin && {
      lowStockThreshold: shopLowStock,
      tax: {
        hsnCode: row.hsn_code,
        gstRate: row.gst_rate_bp === null ? null : row.gst_rate_bp / 100,
        applies: {
          hsnCode: row.hsn_code ?? row.categoryHsn ?? '',
          gstRate: (row.gst_rate_bp ?? row.categoryRateBp ?? DEFAULT_GST_RATE_BP) / 100,
        },
      },
    }),
    category:
      row.category_id === null || row.categoryName === null
        ? null
        : { _id: String(row.category_id), name: row.categoryName, slug: row.categorySlug ?? '' },
    rating,
  };
}

// ---------------------------------------------------------------- input

type Form = Record<string, unknown>;
/** Text fields where an empty value sent on update means "clear it". */
const CLEARABLE = [
  'sku',
  'brand',
  'videoUrl',
  'shortDescription',
  'longDescription',
  'categoryId',
  'hsnCode',
  'gstRate',
  'weightGrams',
] as const;
const FIELDS = [
  'name',
  'sku',
  'brand',
  'originalPrice',
  'discountPercentage',
  'categoryId',
  'colors',
  'memorySizes',
  'memoryPriceAdj',
  'stock',
  'inStock',
  'status',
  'topSelling',
  'videoUrl',
  'shortDescription',
  'longDescription',
  'hsnCode',
  'gstRate',
  'weightGrams',
] as const;

/** Field-specific wording for list fields, whose zod union errors are too vague to show. */
const LIST_HINT: Record<string, string> = {
  colors: 'colors must be a JSON list of colour ids or {"_id", "priceAdj"} objects',
  memorySizes: 'memorySizes must be a JSON list of sizes in GB, e.g. [128, 256]',
  memoryPriceAdj: 'memoryPriceAdj must be a JSON list of rupee amounts, e.g. [0, 5000]',
};

function parseProduct(input: Form): ProductBody {
  const r = productBody.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  let msg = issue.message;
  if (
    field in LIST_HINT &&
    (issue.code === 'invalid_union' || /^Invalid/.test(msg) || issue.path.length > 1)
  ) {
    // Name the entry at fault when zod points into the list.
    const at = typeof issue.path[1] === 'number' ? ` (entry ${issue.path[1] + 1}: ${msg})` : '';
    throw badRequest(`${LIST_HINT[field]}${at}`);
  }
  if (issue.code === 'invalid_type' && input[field] === undefined) msg = 'is required';
  // Named as the product form labels it ("Video URL must start with…"), for the staff who read it.
  throw badRequest(field ? `${fieldLabel(productBody, issue.path) ?? field} ${msg}` : msg);
}

/** What a create or update asks for, after validation, in database units (paise). */
interface Plan {
  values: Partial<repo.ProductValues>;
  /** Update only: the stock the client loaded; `values.stock` is written only while the stock is still this. */
  expectedStock?: number;
  colors?: { colorId: number; pricePaise: number }[];
  memory?: { sizeGb: number; pricePaise: number }[];
}

function plan(p: ProductBody, sent: Set<string>): Plan {
  const values: Partial<repo.ProductValues> = {};
  if (sent.has('name')) {
    values.name = p.name;
    values.slug = slugify(p.name);
    if (!values.slug) throw badRequest(M.emptySlug);
  }
  if (sent.has('sku')) values.sku = p.sku ? p.sku : null;
  if (sent.has('brand')) values.brand = p.brand ?? '';
  if (sent.has('originalPrice') || sent.has('discountPercentage')) {
    // The column keeps 2 decimals: round first so that the stored discount gives the stored final price.
    const discount = Math.round(p.discountPercentage * 100) / 100;
    const original = toPaise(p.originalPrice);
    values.original_price = original;
    values.discount_percentage = discount;
    values.final_price = finalPricePaise(original, discount);
  }
  if (sent.has('categoryId')) values.category_id = p.categoryId ? Number(p.categoryId) : null;
  if (sent.has('stock')) values.stock = p.stock;
  if (sent.has('inStock')) values.in_stock = p.inStock === false ? 0 : 1;
  if (sent.has('status')) values.status = p.status === false ? 0 : 1;
  if (sent.has('topSelling')) values.top_selling = p.topSelling ? 1 : 0;
  if (sent.has('videoUrl')) values.video_url = p.videoUrl ?? '';
  if (sent.has('shortDescription')) values.short_description = p.shortDescription || null;
  if (sent.has('longDescription')) values.long_description = p.longDescription || null;
  // Empty: the product's category's HSN code or rate applies.
  if (sent.has('hsnCode')) values.hsn_code = p.hsnCode || null;
  if (sent.has('gstRate'))
    values.gst_rate_bp = p.gstRate === '' || p.gstRate === undefined ? null : Math.round(p.gstRate * 100);
  if (sent.has('weightGrams')) values.weight_grams = p.weightGrams || null;

  const out: Plan = { values };
  if (sent.has('colors')) {
    const seen = new Set<number>();
    out.colors = [];
    for (const c of p.colors ?? []) {
      const colorId = Number(c.colorId);
      if (seen.has(colorId)) continue;
      seen.add(colorId);
      out.colors.push({ colorId, pricePaise: toPaise(c.priceAdj) });
    }
  }
  if (sent.has('memorySizes') || sent.has('memoryPriceAdj')) {
    const sizes = p.memorySizes ?? [];
    if (new Set(sizes).size !== sizes.length)
      throw badRequest('memorySizes must not list the same size twice');
    out.memory = sizes.map((sizeGb, i) => ({ sizeGb, pricePaise: toPaise(p.memoryPriceAdj?.[i] ?? 0) }));
  }
  return out;
}

/**
 * The unit-price rule's other half (packages/shared pricing: prices are never clamped): a product is
 * refused when its cheapest choice of options would cost less than ₹0.
 * - the cheapest choice: the final price with the lowest colour and the lowest memory adjustment
 * - the message names the option list(s) whose negative adjustments do it, and what that choice would cost
 */
function refuseBelowZero(finalPaise: number, colorPaise: number[], memoryPaise: number[]): void {
  const lowest = toRupees(lowestOptionPricePaise(finalPaise, colorPaise, memoryPaise));
  if (lowest >= 0) return;
  const fields = [
    ...(Math.min(0, ...colorPaise) < 0 ? ['colors'] : []),
    ...(Math.min(0, ...memoryPaise) < 0 ? ['memoryPriceAdj'] : []),
  ];
  const what = fields.length > 1 ? 'price adjustments' : 'a price adjustment';
  throw badRequest(
    `${fields.join(' and ')}: ${what} may not bring the price below ₹0 (the cheapest choice would cost ₹${lowest}).`,
  );
}

/** Reads a create form: `name` and `originalPrice` are required, everything else has a default. */
export function createInput(form: Form): Plan {
  for (const f of ['name', 'originalPrice'] as const)
    if (isBlank(form[f])) throw badRequest(`${fieldLabel(productBody, [f]) ?? f} is required`);
  const input: Form = {};
  for (const f of FIELDS) if (!isBlank(form[f])) input[f] = form[f];
  const p = parseProduct(input);
  // Every column is written on create, defaults included.
  const out = plan(p, new Set(FIELDS));
  refuseBelowZero(
    out.values.final_price!,
    (out.colors ?? []).map((c) => c.pricePaise),
    (out.memory ?? []).map((m) => m.pricePaise),
  );
  return out;
}

/**
 * Reads an update form: only the fields sent change. The rest of the product is merged in before
 * validation so that the rules (price, discount, memory lists) are checked on the result.
 * An empty text field sent on purpose clears it; other empty fields are ignored (forms send every input).
 * A stock change is compare-and-set: `stock` comes with `expectedStock` (the stock the client loaded), and
 * neither goes without the other. A client that writes back the stock it loaded (an older back office sends
 * every field) is refused rather than allowed to bring back units sold since.
 */
function updateInput(form: Form, current: Product): Plan {
  const sent = new Set<string>();
  const input: Form = {
    name: current.name,
    originalPrice: current.originalPrice,
    discountPercentage: current.discountPercentage,
    stock: current.stock,
    memorySizes: current.memorySizes,
  };
  for (const f of FIELDS) {
    const v = form[f];
    if (v === undefined) continue;
    if (isBlank(v) && !(CLEARABLE as readonly string[]).includes(f)) continue;
    sent.add(f);
    input[f] = v;
  }
  // Adjustments alone apply to the current sizes (already in `input`).
  if (sent.has('memoryPriceAdj')) sent.add('memorySizes');
  else if (sent.has('memorySizes')) {
    // New sizes without adjustments keep the adjustment each size had before.
    const before = new Map(current.memorySizes.map((s, i) => [s, current.memoryPriceAdj[i] ?? 0]));
    const sizes = parseProduct(input).memorySizes ?? [];
    input.memoryPriceAdj = sizes.map((s) => before.get(s) ?? 0);
    sent.add('memoryPriceAdj');
  }
  const out = plan(parseProduct(input), sent);
  const expected = form.expectedStock;
  if (sent.has('stock') && isBlank(expected)) throw badRequest(M.expectedStockNeeded);
  if (!sent.has('stock') && !isBlank(expected)) throw badRequest(M.expectedStockAlone);
  if (!isBlank(expected)) {
    const r = stockCount.safeParse(expected);
    if (!r.success) throw badRequest(`expectedStock ${r.error.issues[0]!.message}`);
    out.expectedStock = r.data;
  }
  // The product as it will be: what changes, and the rest as it is.
  refuseBelowZero(
    out.values.final_price ?? finalPricePaise(toPaise(current.originalPrice), current.discountPercentage),
    out.colors ? out.colors.map((c) => c.pricePaise) : current.colors.map((c) => toPaise(c.priceAdj)),
    out.memory ? out.memory.map((m) => m.pricePaise) : current.memoryPriceAdj.map(toPaise),
  );
  return out;
}

// ---------------------------------------------------------------- writes

function clashError(e: unknown, values: Partial<repo.ProductValues>): AppError | null {
  if (!isDuplicateKey(e)) return null;
  const msg = String((e as { sqlMessage?: string; message?: string }).sqlMessage ?? (e as Error).message);
  if (/'(?:products\.)?sku'/.test(msg)) return skuClash(values.sku ?? '');
  return slugClash(values.slug ?? '');
}

/**
 * A product asked for by a slug it had before a rename: 301 to its current address. The Location is relative
 * (`<slug>` beside the old one), so it holds wherever the API is mounted (e.g. under /api behind a proxy).
 */
const productMoved = (slug: string) =>
  new AppError(
    301,
    'moved',
    `This product's address has changed to "${slug}".`,
    { slug },
    {
      Location: encodeURIComponent(slug),
    },
  );

const slugClash = (slug: string) =>
  conflict(`A product with the slug "${slug}" already exists. Choose a different name.`, 'duplicate_slug');
const skuClash = (sku: string) =>
  conflict(`A product with the SKU "${sku}" already exists.`, 'duplicate_sku');

/** The references and unique fields of a plan, checked before any image work is done. */
async function checkPlan(db: Db, p: Plan, exceptId?: number): Promise<void> {
  const v = p.values;
  if (v.category_id && !(await repo.categoryExists(db, v.category_id))) throw badRequest(M.unknownCategory);
  if (p.colors?.length) {
    const found = await repo.existingColorIds(
      db,
      p.colors.map((c) => c.colorId),
    );
    const missing = p.colors.find((c) => !found.has(c.colorId));
    if (missing) throw badRequest(`colors contains an unknown colour id: ${missing.colorId}`);
  }
  if (v.slug && (await repo.slugTaken(db, v.slug, exceptId))) throw slugClash(v.slug);
  if (v.sku && (await repo.skuTaken(db, v.sku, exceptId))) throw skuClash(v.sku);
}

/** A foreign key that vanished between the check and the write (a category or colour just deleted). */
function referenceError(e: unknown): AppError | null {
  if (!isMissingReference(e)) return null;
  const msg = String((e as { sqlMessage?: string }).sqlMessage ?? '');
  return /categor/.test(msg)
    ? badRequest(M.unknownCategory)
    : badRequest('colors contains an unknown colour id');
}

/**
 * Creates a product: the row, its colours and memory options in one transaction. Images are processed first;
 * if the transaction fails they are deleted again, so nothing is left in storage.
 */
export async function createProduct(
  deps: ProductDeps,
  actor: Actor,
  p: Plan,
  files: { thumbnail: File | null; images: File[] },
): Promise<{ product: Product; uploads: PictureUpload[] }> {
  if (files.images.length > MAX_GALLERY_UPLOAD) throw badRequest(M.imageCount);
  await checkPlan(deps.db, p);
  const limits = imageLimits(deps.config);
  const stored: string[] = [];
  try {
    const thumb = await prepareThumbnail(deps.db, deps.storage, null, files.thumbnail, limits);
    if (thumb?.set) stored.push(thumb.set.file);
    const gallery = await prepareGallery(deps.db, deps.storage, null, files.images, limits);
    stored.push(...gallery.added.map((a) => a.file));
    const id = await deps.db.transaction().execute(async (trx) => {
      const id = await repo.insertProduct(trx, {
        ...(p.values as repo.ProductValues),
        thumbnail: thumb?.set?.file ?? '',
        thumbnail_hash: thumb?.set?.hash ?? null,
      });
      await repo.replaceColors(trx, id, p.colors ?? []);
      await repo.replaceMemory(trx, id, p.memory ?? []);
      // A create without variants gets one per colour × memory size; the stock sent goes to the first.
      await syncVariants(trx, id, p.values.stock ?? 0, actor.id);
      await commitGallery(trx, id, gallery);
      await deps.search.indexProducts(trx, [id]);
      const made = await getProduct(trx, id, { admin: true });
      await recordAudit(trx, {
        actor,
        action: 'product.create',
        kind: 'product',
        objectId: id,
        summary: `Created product ${made.name}`,
        after: productAuditFields(made),
      });
      return id;
    });
    const uploads = [...(thumb ? [thumb.outcome] : []), ...gallery.outcomes];
    return { product: await getProduct(deps.db, id, { admin: true }), uploads };
  } catch (e) {
    await removeImages(deps.storage, 'product', stored);
    throw clashError(e, p.values) ?? referenceError(e) ?? e;
  }
}

/** What the history keeps of a product (the fields the form edits; pictures by file name). */
function productAuditFields(p: Product) {
  return {
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    brand: p.brand,
    originalPrice: p.originalPrice,
    discountPercentage: p.discountPercentage,
    finalPrice: p.finalPrice,
    stock: p.stock,
    status: p.status,
    inStock: p.inStock,
    topSelling: p.topSelling,
    category: p.categoryName,
    colors: p.colors.map((c) => c.name),
    memorySizes: p.memorySizes,
    thumbnail: p.thumbnail,
    images: p.images,
    videoUrl: p.videoUrl,
    shortDescription: p.shortDescription,
    longDescription: p.longDescription,
  };
}

export async function updateProduct(
  deps: ProductDeps,
  actor: Actor,
  id: number,
  form: Form,
  files: { thumbnail: File | null; images: File[] },
): Promise<{ product: Product; uploads: PictureUpload[] }> {
  const current = await getProduct(deps.db, id, { admin: true });
  const p = updateInput(form, current);
  // Refused before any image work when the stock has already moved; checked again under a lock below.
  if (p.expectedStock !== undefined && current.stock !== p.expectedStock)
    throw stockChanged(p.expectedStock, current);
  // Writing back the stock as loaded changes nothing (the back office's form sends every field).
  if (p.values.stock !== undefined && p.values.stock === p.expectedStock) delete p.values.stock;
  // A product-level stock write is the single variant's; with several variants it is refused (see writeProductStock).
  if (p.values.stock !== undefined && (current.variants?.length ?? 0) !== 1)
    throw stockOnVariants(current.variants?.length ?? 0);
  if (
    Object.keys(p.values).length === 0 &&
    !p.colors &&
    !p.memory &&
    !files.thumbnail &&
    files.images.length === 0
  )
    throw badRequest(M.nothingToChange);
  if (files.images.length > MAX_GALLERY_UPLOAD) throw badRequest(M.imageCount);
  if (p.values.slug === current.slug) delete p.values.slug;
  if (p.values.sku !== undefined && p.values.sku === current.sku) delete p.values.sku;
  await checkPlan(deps.db, p, id);
  const limits = imageLimits(deps.config);
  const stored: string[] = [];
  let uploads: PictureUpload[] = [];
  let dropped: string[] = [];
  try {
    const thumb = await prepareThumbnail(
      deps.db,
      deps.storage,
      { id, thumbnail: current.thumbnail },
      files.thumbnail,
      limits,
    );
    if (thumb?.set) {
      p.values.thumbnail = thumb.set.file;
      p.values.thumbnail_hash = thumb.set.hash;
      stored.push(thumb.set.file);
    }
    const gallery = await prepareGallery(deps.db, deps.storage, id, files.images, limits);
    stored.push(...gallery.added.map((a) => a.file));
    dropped = await deps.db.transaction().execute(async (trx) => {
      if (p.expectedStock !== undefined) {
        // The row stays locked until the write commits: an order cannot take a unit in between.
        const now = await repo.lockStock(trx, id);
        if (now === undefined) throw notFound('Product');
        if (now !== p.expectedStock) throw new StockMoved();
      }
      const { stock, ...values } = p.values;
      await repo.updateProduct(trx, id, values);
      if (values.slug) await repo.keepOldSlug(trx, id, current.slug, values.slug);
      if (p.colors) await repo.replaceColors(trx, id, p.colors);
      if (p.memory) await repo.replaceMemory(trx, id, p.memory);
      if (p.colors || p.memory) await syncVariants(trx, id);
      if (stock !== undefined) await writeProductStock(trx, id, stock, actor.id);
      await vrepo.refreshFigures(trx, id);
      await deps.search.indexProducts(trx, [id]);
      const dropping = await commitGallery(trx, id, gallery);
      await recordAudit(trx, {
        actor,
        action: 'product.update',
        kind: 'product',
        objectId: id,
        summary: `Saved product ${values.name ?? current.name}`,
        before: productAuditFields(current),
        after: productAuditFields(await getProduct(trx, id, { admin: true })),
      });
      return dropping;
    });
    uploads = [...(thumb ? [thumb.outcome] : []), ...gallery.outcomes];
  } catch (e) {
    await removeImages(deps.storage, 'product', stored);
    if (e instanceof StockMoved)
      throw stockChanged(p.expectedStock!, await getProduct(deps.db, id, { admin: true }));
    throw clashError(e, p.values) ?? referenceError(e) ?? e;
  }
  await removeImages(deps.storage, 'product', dropped);
  if (p.values.thumbnail && current.thumbnail)
    await releaseImages(deps.db, deps.storage, 'product', [current.thumbnail]);
  return { product: await getProduct(deps.db, id, { admin: true }), uploads };
}

/** The stock moved between the client's load and the locked read (rolls the transaction back). */
class StockMoved extends Error {}

/** 409 `stock_changed`: nothing was saved; the reply carries the product as it is now (StockConflict). */
function stockChanged(expectedStock: number, product: Product): AppError {
  const body: StockConflict = { expectedStock, currentStock: product.stock, product };
  return new AppError(409, 'stock_changed', M.stockChanged(expectedStock, product.stock), { ...body });
}

const TOGGLES: Record<1 | 2 | 3, { column: repo.ToggleColumn; on: string; off: string }> = {
  1: { column: 'status', on: 'is now active', off: 'is now inactive' },
  2: { column: 'in_stock', on: 'is now in stock', off: 'is now out of stock' },
  3: { column: 'top_selling', on: 'is now marked as top selling', off: 'is no longer top selling' },
};

/** Flag 1 toggles status, 2 the merchant's in-stock switch, 3 top selling: the product list's three switches. */
export async function toggleProduct(
  db: Db,
  actor: Actor,
  id: number,
  flag: number,
): Promise<{ product: Product; msg: string }> {
  const t = TOGGLES[flag as 1 | 2 | 3];
  const switchOf = (p: Product) =>
    t.column === 'status' ? p.status : t.column === 'in_stock' ? p.inStock : p.topSelling;
  const field = t.column === 'status' ? 'status' : t.column === 'in_stock' ? 'inStock' : 'topSelling';
  const product = await transaction(db, async (trx) => {
    if (!(await repo.toggleColumn(trx, id, t.column))) throw notFound('Product');
    const after = await getProduct(trx, id, { admin: true });
    await recordAudit(trx, {
      actor,
      action: 'product.switch',
      kind: 'product',
      objectId: id,
      summary: `"${after.name}" ${switchOf(after) ? t.on : t.off}`,
      before: { [field]: !switchOf(after) },
      after: { [field]: switchOf(after) },
    });
    return after;
  });
  const on = switchOf(product);
  return { product, msg: `"${product.name}" ${on ? t.on : t.off}.` };
}

/** Deletes the product (its colours, memory options, gallery rows and cart lines go with it) and its files. */
export async function deleteProduct(deps: ProductDeps, actor: Actor, id: number): Promise<void> {
  const current = await getProduct(deps.db, id, { admin: true });
  await transaction(deps.db, async (trx) => {
    if (!(await repo.deleteProduct(trx, id))) throw notFound('Product');
    await recordAudit(trx, {
      actor,
      action: 'product.delete',
      kind: 'product',
      objectId: id,
      summary: `Deleted product ${current.name}`,
      before: productAuditFields(current),
    });
  });
  await releaseImages(deps.db, deps.storage, 'product', [
    current.thumbnail,
    ...current.images,
    ...Object.values(current.colorImages ?? {}).flat(),
  ]);
}

/** Appends 1–20 pictures to the gallery; files the product already shows are skipped (product-pictures.service). */
export async function addImages(
  deps: ProductDeps,
  actor: Actor,
  id: number,
  files: File[],
  colorId: number | null = null,
): Promise<{ product: Product; uploads: PictureUpload[] }> {
  if (files.length < 1 || files.length > MAX_GALLERY_UPLOAD) throw badRequest(M.imageCount);
  const product = await getProduct(deps.db, id, { admin: true });
  // A colour gallery belongs to one of the product's own colours.
  if (colorId !== null && !product.colors.some((c) => c._id === String(colorId)))
    throw badRequest(
      'colorId: this product has no such colour. Add the colour to the product first.',
      'invalid_option',
    );
  const gallery = await prepareGallery(deps.db, deps.storage, id, files, imageLimits(deps.config));
  let dropped: string[];
  try {
    dropped = await deps.db.transaction().execute(async (trx) => {
      const skipped = await commitGallery(trx, id, gallery, colorId);
      const added = gallery.added.map((a) => a.file).filter((f) => !skipped.includes(f));
      if (added.length) {
        const color = product.colors.find((c) => c._id === String(colorId))?.name;
        const key = color === undefined ? 'images' : `images (${color})`;
        const shown = (p: Product) =>
          colorId === null ? p.images : (p.colorImages?.[String(colorId)] ?? []);
        await recordAudit(trx, {
          actor,
          action: 'product.pictures_add',
          kind: 'product',
          objectId: id,
          summary: `Added ${added.length} ${added.length === 1 ? 'picture' : 'pictures'} to ${product.name}${color === undefined ? '' : ` (${color})`}`,
          before: { [key]: shown(product) },
          after: { [key]: shown(await getProduct(trx, id, { admin: true })) },
        });
      }
      return skipped;
    });
  } catch (e) {
    await removeImages(
      deps.storage,
      'product',
      gallery.added.map((a) => a.file),
    );
    // The product was deleted while its images were being processed.
    if (isMissingReference(e)) throw notFound('Product');
    throw e;
  }
  await removeImages(deps.storage, 'product', dropped);
  return { product: await getProduct(deps.db, id, { admin: true }), uploads: gallery.outcomes };
}

/** Removes one gallery picture (or the thumbnail) and its files; the history keeps the list before and after. */
export async function removeImage(
  deps: ProductDeps,
  actor: Actor,
  id: number,
  file: string,
): Promise<Product> {
  if (!SAFE_NAME.test(file)) throw notFound('Image');
  const current = await getProduct(deps.db, id, { admin: true });
  const colorFiles = Object.values(current.colorImages ?? {}).flat();
  const pictureFields = (p: Product) => ({
    thumbnail: p.thumbnail,
    images: p.images,
    colorImages: p.colorImages ?? {},
  });
  await transaction(deps.db, async (trx) => {
    if (current.images.includes(file) || colorFiles.includes(file)) {
      if (!(await repo.removeImageRow(trx, id, file))) throw notFound('Image');
    } else if (current.thumbnail === file) {
      await repo.updateProduct(trx, id, { thumbnail: '', thumbnail_hash: null });
    } else {
      throw notFound('Image');
    }
    await recordAudit(trx, {
      actor,
      action: 'product.picture_remove',
      kind: 'product',
      objectId: id,
      summary: `Removed picture ${file} from ${current.name}`,
      before: pictureFields(current),
      after: pictureFields(await getProduct(trx, id, { admin: true })),
    });
  });
  await releaseImages(deps.db, deps.storage, 'product', [file]);
  return getProduct(deps.db, id, { admin: true });
}
