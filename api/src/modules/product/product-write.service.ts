import type { PictureUpload, Product, StockConflict } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { isDuplicateKey, isMissingReference } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { imageLimits, releaseImages, removeImages } from '../../lib/images';
import type { Actor } from '../audit/audit.service';
import * as repo from './product.repository';
import { getProduct, PRODUCT_MESSAGES as M, type ProductDeps, productHistory } from './product.service';
import { type Form, type Plan, updateInput } from './product-form.service';
import {
  commitGallery,
  MAX_GALLERY_UPLOAD,
  prepareGallery,
  prepareThumbnail,
} from './product-pictures.service';
import * as vrepo from './product-variant.repository';
import { stockOnVariants, syncVariants, writeProductStock } from './product-variant.service';

/** Writes of a product's create and update forms (read by product-form.service), pictures included. */

function clashError(e: unknown, values: Partial<repo.ProductValues>): AppError | null {
  if (!isDuplicateKey(e)) return null;
  const msg = String((e as { sqlMessage?: string; message?: string }).sqlMessage ?? (e as Error).message);
  if (/'(?:products\.)?sku'/.test(msg)) return skuClash(values.sku ?? '');
  return slugClash(values.slug ?? '');
}

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
      await productHistory.created(trx, actor, id, await getProduct(trx, id, { admin: true }));
      return id;
    });
    const uploads = [...(thumb ? [thumb.outcome] : []), ...gallery.outcomes];
    return { product: await getProduct(deps.db, id, { admin: true }), uploads };
  } catch (e) {
    await removeImages(deps.storage, 'product', stored);
    throw clashError(e, p.values) ?? referenceError(e) ?? e;
  }
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
      await productHistory.saved(trx, actor, id, current, await getProduct(trx, id, { admin: true }));
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
