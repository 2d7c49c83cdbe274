import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { formatBytes, SNIFF_BYTES, sniffImageType } from '../shared/image-type';
import { MAX_PICK_BYTES, type PickedImage } from '../shared/ipc-contract';

/** The native open dialog, reduced to what we need (injected: Electron's `dialog.showOpenDialog`). */
export type ShowImageDialog = (opts: { multiple: boolean }) => Promise<string[]>;

export const IMAGE_DIALOG_FILTERS = [
  { name: 'Images (JPEG, PNG, WebP)', extensions: ['jpg', 'jpeg', 'png', 'webp'] },
];

/**
 * Images chosen for a form field (a thumbnail, a category image, a few gallery photos).
 * - each file must be a JPEG, PNG or WebP by content and at most MAX_PICK_BYTES: these are sent whole to the
 *   window, so the size is bounded (bulk uploads never come through here)
 * - at most 20 files (the API's limit per request)
 */
export async function pickImages(
  opts: { multiple: boolean },
  showDialog: ShowImageDialog,
): Promise<PickedImage[]> {
  const paths = (await showDialog(opts)).slice(0, opts.multiple ? 20 : 1);
  const out: PickedImage[] = [];
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
      const bytes = new Uint8Array(size);
      await fh.read(bytes, 0, size, 0);
      const type = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
      if (!type) throw new Error(`${name} is not a JPEG, PNG or WebP image.`);
      out.push({ name, type, size, bytes });
    } finally {
      await fh.close();
    }
  }
  return out;
}
