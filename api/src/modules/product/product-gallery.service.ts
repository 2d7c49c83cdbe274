import type { PictureUpload, Product } from '@voltcart/shared';
import { isMissingReference } from '../../db/errors';
import { badRequest, notFound } from '../../errors';
import { imageLimits, releaseImages, removeImages } from '../../lib/images';
import { SAFE_NAME } from '../../lib/storage';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import * as repo from './product.repository';
import { getProduct, PRODUCT_MESSAGES as M, type ProductDeps } from './product.service';
import { commitGallery, MAX_GALLERY_UPLOAD, prepareGallery } from './product-pictures.service';

/** The gallery's own routes: pictures added to a product (or one of its colours) and removed from it. */

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
