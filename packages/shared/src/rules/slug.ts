/**
 * Turns a name into a URL slug (seed §3).
 * - lowercase the name
 * - every run of whitespace becomes one hyphen
 * - every character other than a-z, 0-9 and hyphen is removed
 * - surrounding whitespace is trimmed first; nothing else is collapsed (the seed keeps `a--b` for `a & b`)
 */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}
