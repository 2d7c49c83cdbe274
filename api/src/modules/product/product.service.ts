import { DEFAULT_GST_RATE_BP, type Product, toRupees } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { AppError, notFound } from '../../errors';
import { releaseImages } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { transaction } from '../../lib/transaction';
import { type Actor, catalogHistory, recordAudit } from '../audit/audit.service';
import { ratingOf } from '../review/review.service';
import type { SearchEngine } from '../search/search-engine';
import { lowStockThreshold } from '../settings/settings.service';
import * as repo from './product.repository';
import { picturesMessage } from './product-pictures.service';
import { toSummary, withOffers } from './product-summary.service';
import { toShopperVariant, toVariant } from './product-variant.service';

/**
 * The product: one product read whole, its three switches and its deletion. The rest of the module is filed by
 * what it does: the list and best sellers (product-list.service), the create and update forms
 * (product-form.service) and their writes (product-write.service), the gallery's own routes
 * (product-gallery.service), variants (product-variant.service).
 */

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

/** The history of products' creates, saves and deletes, worded as every catalogue object's are. */
export const productHistory = catalogHistory('product', 'product', productAuditFields);

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
    await productHistory.deleted(trx, actor, id, current);
  });
  await releaseImages(deps.db, deps.storage, 'product', [
    current.thumbnail,
    ...current.images,
    ...Object.values(current.colorImages ?? {}).flat(),
  ]);
}
