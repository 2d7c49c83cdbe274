import type { PictureUpload } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';
import { type HashedUpload, type ImageLimits, readUpload, storeImage, storeImages } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import * as repo from './product.repository';
import * as pictures from './product-pictures.repository';

/**
 * Idempotent picture uploads (every route that adds pictures to a product: create, update, multiple-images).
 * - a file is known by the sha256 of its bytes as uploaded (before re-encoding), stored with the picture
 * - a gallery file whose hash is the thumbnail's or a gallery picture's is not stored again: `already_there`
 * - a thumbnail whose hash is the current thumbnail's is not stored again (it would replace itself)
 * - the same file twice in one request is stored once
 * - pictures stored before hashes were kept have none and never match
 * - the check runs before the slow re-encoding, and again under a lock on the product row when the rows are
 *   written, so two uploads of one file at the same moment still add it once
 */

/** At most this many pictures in one upload (create, update, add pictures). */
export const MAX_GALLERY_UPLOAD = 20;

export interface GalleryPlan {
  /** Pictures stored for this request, not yet in the database. */
  added: { file: string; hash: string }[];
  /** One per uploaded file, in upload order. */
  outcomes: PictureUpload[];
}

/** Reads and hashes the gallery files, and stores (re-encoded) those the product does not have yet. */
export async function prepareGallery(
  db: Db,
  storage: Storage,
  productId: number | null,
  files: File[],
  limits: ImageLimits,
): Promise<GalleryPlan> {
  const uploads: HashedUpload[] = [];
  for (const f of files) uploads.push(await readUpload(f, limits));
  const known = productId === null ? new Map<string, string>() : await pictures.pictureHashes(db, productId);
  const fresh = new Map<string, HashedUpload>();
  for (const u of uploads) if (!known.has(u.hash) && !fresh.has(u.hash)) fresh.set(u.hash, u);
  const list = [...fresh.values()];
  const names = await storeImages(
    storage,
    'product',
    list.map((u) => u.bytes),
    limits,
    { small: true },
  );
  const added = list.map((u, i) => ({ file: names[i]!, hash: u.hash }));
  const fileOf = new Map(added.map((a) => [a.hash, a.file]));
  const first = new Set<string>();
  const outcomes = uploads.map((u): PictureUpload => {
    const there = known.get(u.hash);
    const isNew = there === undefined && !first.has(u.hash);
    first.add(u.hash);
    return {
      role: 'gallery',
      status: isNew ? 'added' : 'already_there',
      file: there ?? fileOf.get(u.hash)!,
    };
  });
  return { added, outcomes };
}

/**
 * Writes the plan's gallery rows, the product row locked; returns the stored files that another upload added
 * meanwhile (their outcomes turn to `already_there`): the caller removes them once the transaction is over.
 */
export async function commitGallery(
  trx: Db,
  productId: number,
  plan: GalleryPlan,
  colorId: number | null = null,
): Promise<string[]> {
  if (plan.added.length === 0) return [];
  if (!(await pictures.lockProduct(trx, productId))) throw notFound('Product');
  const known = await pictures.pictureHashes(trx, productId);
  const rows: { file: string; hash: string }[] = [];
  const dropped: string[] = [];
  for (const a of plan.added) {
    const there = known.get(a.hash);
    if (there === undefined) {
      rows.push(a);
      continue;
    }
    dropped.push(a.file);
    for (const o of plan.outcomes) {
      if (o.file !== a.file) continue;
      o.status = 'already_there';
      o.file = there;
    }
  }
  await repo.appendImages(trx, productId, rows, colorId);
  return dropped;
}

export interface ThumbnailPlan {
  outcome: PictureUpload;
  /** The new picture to set (stored already), or null when the file is the thumbnail already. */
  set: { file: string; hash: string } | null;
}

/** Reads and hashes a thumbnail upload and stores it, unless it is the product's thumbnail already. */
export async function prepareThumbnail(
  db: Db,
  storage: Storage,
  current: { id: number; thumbnail: string } | null,
  file: File | null,
  limits: ImageLimits,
): Promise<ThumbnailPlan | null> {
  if (!file) return null;
  const u = await readUpload(file, limits);
  if (current?.thumbnail && (await pictures.thumbnailHash(db, current.id)) === u.hash) {
    return {
      outcome: { role: 'thumbnail', status: 'already_there', file: current.thumbnail },
      set: null,
    };
  }
  const stored = await storeImage(storage, 'product', u.bytes, limits, { small: true });
  return {
    outcome: { role: 'thumbnail', status: 'added', file: stored },
    set: { file: stored, hash: u.hash },
  };
}

/** What the reply says about the uploads, e.g. "2 images added, 1 already there (not added again)." */
export function picturesMessage(outcomes: PictureUpload[]): string {
  const added = outcomes.filter((o) => o.status === 'added').length;
  const there = outcomes.length - added;
  const images = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;
  if (there === 0) return `${images(added)} added.`;
  if (added === 0) return `Already there: ${images(there)} not added again.`;
  return `${images(added)} added, ${there} already there (not added again).`;
}
