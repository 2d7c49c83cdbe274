import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { StorePicture } from '../db/seed/seed-catalog';
import { AppError, badRequest } from '../errors';
import { sharedImageNames } from './shared-images-repository';
import { type Folder, randomName, type Storage } from './storage';

/**
 * The image pipeline: every uploaded picture passes through here before it is stored.
 * - the content decides the type (magic bytes), never the file name or the declared MIME type
 * - only JPEG, PNG, WebP and AVIF are accepted (no SVG: it can carry scripts)
 * - each file is limited in bytes (MAX_UPLOAD_MB) and in pixels (MAX_IMAGE_PIXELS, against decompression bombs)
 * - damaged or truncated files are refused instead of being stored half-grey
 * - the output is WebP, auto-rotated from EXIF and with all metadata (EXIF, GPS, ICC) removed
 * - files get random names: `<32 hex>.webp`, plus `<32 hex>-sm.webp` (400 px) for product pictures
 */

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export const FULL_SIZE = 1200;
export const SMALL_SIZE = 400;
export const NOT_AN_IMAGE = 'Upload a JPEG, PNG, WebP or AVIF image.';

// One libvips thread per image and a few images at a time: on a small machine, parallel uploads then
// share the cores instead of each one grabbing all of them, and memory stays bounded.
sharp.concurrency(1);
sharp.cache(false);
const MAX_JOBS = Math.max(1, Math.min(4, availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function imageLimits(config: Pick<Config, 'MAX_UPLOAD_MB' | 'MAX_IMAGE_PIXELS'>): ImageLimits {
  return { maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024), maxPixels: config.MAX_IMAGE_PIXELS };
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The image type from the first bytes of the file, or null when it is none of the accepted ones. */
export function sniffImageType(b: Uint8Array): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    ascii(b, 1, 4) === 'PNG' &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 16 && ascii(b, 4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxSize = Math.min(b.length, ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0);
    const brands = [ascii(b, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(b, i, i + 4));
    if (brands.some((x) => x === 'avif' || x === 'avis')) return 'avif';
  }
  return null;
}

const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

export interface EncodedImage {
  full: Buffer;
  small: Buffer | null;
}

/**
 * Checks and re-encodes one image held in memory. Throws AppError 415 (not an accepted image),
 * 413 (too many bytes) or 400 (too many pixels, damaged file).
 */
export async function encodeImage(
  input: Uint8Array,
  limits: ImageLimits,
  opts: { small?: boolean } = {},
): Promise<EncodedImage> {
  if (input.byteLength > limits.maxBytes) throw tooLarge(limits);
  const type = sniffImageType(input);
  if (!type) throw new AppError(415, 'unsupported_media_type', NOT_AN_IMAGE);
  return withSlot(async () => {
    const load = () => sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' });
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw damaged();
    }
    if (meta.format !== SHARP_FORMAT[type] || (type === 'avif' && meta.compression !== 'av1')) {
      throw new AppError(415, 'unsupported_media_type', NOT_AN_IMAGE);
    }
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (!width || !height) throw damaged();
    if (width * height > limits.maxPixels) {
      const mp = Math.floor(limits.maxPixels / 1_000_000);
      throw badRequest(
        `The image is ${width}×${height} pixels, more than the ${mp > 0 ? `${mp} megapixels` : `${limits.maxPixels} pixels`} allowed. Upload a smaller picture.`,
        'image_too_large',
      );
    }
    try {
      const fit = (size: number) =>
        load()
          .rotate()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82, effort: 4 })
          .toBuffer();
      const full = await fit(FULL_SIZE);
      const small = opts.small ? await fit(SMALL_SIZE) : null;
      return { full, small };
    } catch (e) {
      if (/pixel limit/i.test((e as Error).message)) {
        throw badRequest('The image has too many pixels. Upload a smaller picture.', 'image_too_large');
      }
      throw damaged();
    }
  });
}

function tooLarge(limits: ImageLimits) {
  const mb = Math.round((limits.maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError(413, 'too_large', `Each image must be at most ${mb} MB. Upload a smaller file.`);
}

function damaged() {
  return badRequest(
    'The image could not be read: the file is damaged or incomplete. Upload it again or choose another one.',
    'invalid_image',
  );
}

/** The name of the 400 px version of a stored picture. */
export const smallNameOf = (name: string) => name.replace(/\.webp$/, '-sm.webp');

/**
 * An uploaded form field as a file, or null when nothing was chosen. Browsers send an empty part
 * (no name, no bytes) for an empty file input, and edit forms send the current file name as text:
 * both mean "keep what is there".
 */
export function uploadedFile(value: unknown): File | null {
  if (Array.isArray(value)) return uploadedFile(value[0]);
  if (value instanceof File && value.size > 0) return value;
  return null;
}

/** Every file of a repeated form field (e.g. several `images`). */
export function uploadedFiles(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map(uploadedFile).filter((f): f is File => f !== null);
}

/** An upload read into memory with the sha256 (hex) of its bytes: the same file always gives the same hash. */
export interface HashedUpload {
  bytes: Uint8Array;
  hash: string;
}

const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Reads an upload and hashes it; an oversized file is refused by its declared size before it is read. */
export async function readUpload(file: File, limits: ImageLimits): Promise<HashedUpload> {
  if (file.size > limits.maxBytes) throw tooLarge(limits);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { bytes, hash: contentHash(bytes) };
}

/**
 * Checks, re-encodes and stores one upload; returns the stored name (`<hex>.webp`).
 * With `small`, a 400 px copy is stored as `<hex>-sm.webp`. Nothing is left behind when a step fails.
 */
export async function storeImage(
  storage: Storage,
  folder: Folder,
  file: File | Uint8Array,
  limits: ImageLimits,
  opts: { small?: boolean } = {},
): Promise<string> {
  // Refuse by the declared size first, so that an oversized file is never copied again.
  if (file instanceof File && file.size > limits.maxBytes) throw tooLarge(limits);
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : file;
  const encoded = await encodeImage(bytes, limits, opts);
  const name = `${randomName()}.webp`;
  const written: string[] = [];
  try {
    await storage.put(folder, name, encoded.full, 'image/webp');
    written.push(name);
    if (encoded.small) {
      await storage.put(folder, smallNameOf(name), encoded.small, 'image/webp');
      written.push(smallNameOf(name));
    }
  } catch (e) {
    await Promise.allSettled(written.map((n) => storage.delete(folder, n)));
    throw e;
  }
  return name;
}

/** Stores several uploads; when one fails, the ones already stored are removed before the error is thrown. */
export async function storeImages(
  storage: Storage,
  folder: Folder,
  files: (File | Uint8Array)[],
  limits: ImageLimits,
  opts: { small?: boolean } = {},
): Promise<string[]> {
  const names: string[] = [];
  try {
    for (const f of files) names.push(await storeImage(storage, folder, f, limits, opts));
  } catch (e) {
    await removeImages(storage, folder, names);
    throw e;
  }
  return names;
}

/** Removes stored pictures and their small versions. Best effort: a missing file is not an error. */
export async function removeImages(storage: Storage, folder: Folder, names: Iterable<string>): Promise<void> {
  const all: string[] = [];
  for (const n of names) {
    if (!n) continue;
    all.push(n);
    if (n.endsWith('.webp') && !n.endsWith('-sm.webp')) all.push(smallNameOf(n));
  }
  await Promise.allSettled(all.map((n) => storage.delete(folder, n)));
}

/**
 * Removes the files of a deleted or replaced picture, except files listed in `shared_images`
 * (the sample catalogue shows one pool of pictures on many products).
 */
export async function releaseImages(
  db: Db,
  storage: Storage,
  folder: Folder,
  names: Iterable<string>,
): Promise<void> {
  const list = [...new Set([...names].filter(Boolean))];
  if (list.length === 0) return;
  const keep = await sharedImageNames(db, folder, list);
  await removeImages(
    storage,
    folder,
    list.filter((n) => !keep.has(n)),
  );
}

/** Generated pictures are ours and small: generous limits, unlike uploads. */
const GENERATED_LIMITS: ImageLimits = { maxBytes: 20 * 1024 * 1024, maxPixels: 10_000_000 };

/**
 * How the sample catalogue (db/seed) stores the pictures it draws: the SVG rasterised with sharp, then the upload
 * pipeline (full and, with `small`, 400 px WebP) with generous limits.
 */
export function pictureStore(storage: Storage): StorePicture {
  return async (folder, svg, opts = {}) =>
    storeImage(storage, folder, await sharp(Buffer.from(svg)).png().toBuffer(), GENERATED_LIMITS, opts);
}
