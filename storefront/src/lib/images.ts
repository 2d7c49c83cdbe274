import { imageUrl } from '@voltcart/shared';
import { env } from '../config/env';

/** Neutral placeholder used when a product has no image or its file fails to load. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#eef1f6"/><g fill="none" stroke="#aab3c5" stroke-width="10" stroke-linejoin="round"><rect x="130" y="90" width="140" height="220" rx="22"/><path d="M185 280h30"/></g></svg>',
  );

/** A product picture on the API host (the shared imageUrl rule); `sm` is the 400 px copy the grids use. */
export function productImage(file: string | null | undefined, size: 'sm' | 'full' = 'full'): string {
  return imageUrl(env().apiUrl, 'product', file, size) ?? PLACEHOLDER_IMAGE;
}

/** A category picture on the API host, or null when the category has none. */
export function categoryImage(file: string | null | undefined): string | null {
  return imageUrl(env().apiUrl, 'categories', file);
}
