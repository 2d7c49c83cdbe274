import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { formatBytes, SNIFF_BYTES, sniffImageType } from '../shared/image-type';
import {
  MAX_PICK_BYTES,
  MAX_PICK_TOTAL_BYTES,
  type PickedImage,
  type PickedImages,
} from '../shared/ipc-contract';

/** The native open dialog, reduced to what we need (injected: Electron's `dialog.showOpenDialog`). */
export type ShowImageDialog = (opts: { multiple: boolean }) => Promise<string[]>;

export const IMAGE_DIALOG_FILTERS = [
  { name: 'Images (JPEG, PNG, WebP)', extensions: ['jpg', 'jpeg', 'png', 'webp'] },
];

/**
 * Images chosen for a form field (a thumbnail, a category image, gallery photos).
 * - every chosen file is taken (the gallery screen uploads them in requests of at most 20, the API's limit)
 * - each file must be a JPEG, PNG or WebP by content and at most MAX_PICK_BYTES: these are sent whole to the
 *   window, so the size is bounded (bulk uploads never come through here)
 * - together at most `maxTotalBytes` (MAX_PICK_TOTAL_BYTES): the files past it are left out, and `leftOut`
 *   says how many, for the screen to say so
 * - a single-image field takes the first file only
 */
export async function pickImages(
  opts: { multiple: boolean },
  showDialog: ShowImageDialog,
  { maxTotalBytes = MAX_PICK_TOTAL_BYTES }: { maxTotalBytes?: number } = {},
): Promise<PickedImages> {
  const chosen = await showDialog(opts);
  const paths = opts.multiple ? chosen : chosen.slice(0, 1);
  const images: PickedImage[] = [];
  let total = 0;
  let leftOut = 0;
  for (const path of paths) {
    const name = basename(path);
    const fh = await open(path, 'r');
    try {
      const { size } = await fh.stat();
      if (size > MAX_PICK_BYTES) {
        throw new Error(
          `${name} is ${formatBytes(size)}; images must be at most ${formatBytes(MAX_PICK_BYTES)}.`,
        );
      }
      if (total + size > maxTotalBytes) {
        leftOut++;
        continue;
      }
      const bytes = new Uint8Array(size);
      await fh.read(bytes, 0, size, 0);
      const type = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
      if (!type) throw new Error(`${name} is not a JPEG, PNG or WebP image.`);
      images.push({ name, type, size, bytes });
      total += size;
    } finally {
      await fh.close();
    }
  }
  return { images, leftOut };
}
