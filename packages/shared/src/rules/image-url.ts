export type ImageKind = 'product' | 'categories';

/**
 * The address of a stored picture on the API host (docs/api.md: /images/product/{file}, /images/categories/{file}).
 * - null when there is no file (each UI shows its own placeholder)
 * - a file name is URL-encoded; an absolute http(s) address is used as it is (pictures kept elsewhere)
 * - `sm` is the 400 px copy of a product picture that grids and lists use (`/images/product/sm/{file}`)
 */
export function imageUrl(
  apiBase: string,
  kind: ImageKind,
  file: string | null | undefined,
  size: 'full' | 'sm' = 'full',
): string | null {
  if (!file) return null;
  if (/^https?:\/\//i.test(file)) return file;
  const small = size === 'sm' && kind === 'product' ? 'sm/' : '';
  return `${apiBase.replace(/\/+$/, '')}/images/${kind}/${small}${encodeURIComponent(file)}`;
}
