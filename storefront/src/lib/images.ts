import { env } from '../config/env';

/** Neutral placeholder used when a product has no image or its file fails to load. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#eef1f6"/><g fill="none" stroke="#aab3c5" stroke-width="10" stroke-linejoin="round"><rect x="130" y="90" width="140" height="220" rx="22"/><path d="M185 280h30"/></g></svg>',
  );

/** Product image URL on the API host; `sm` is the 400 px version the grids use. */
export function productImage(file: string | null | undefined, size: 'sm' | 'full' = 'full'): string {
  if (!file) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//.test(file)) return file;
  const name = encodeURIComponent(file);
  return `${env().apiUrl}/images/product/${size === 'sm' ? `sm/${name}` : name}`;
}

export function categoryImage(file: string | null | undefined): string | null {
  if (!file) return null;
  return `${env().apiUrl}/images/categories/${encodeURIComponent(file)}`;
}
