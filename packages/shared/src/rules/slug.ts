/**
 * Turns a name into a URL slug: the one rule for categories, colours and products, in the API and the back office.
 * - lowercase the name
 * - accented letters keep their base letter (`é` → `e`, `Ö` → `o`): the name is decomposed (NFKD) and the
 *   combining marks dropped, so `Café Édition` is `cafe-edition`, not `caf-dition`
 * - every run of whitespace becomes one hyphen
 * - every character other than a-z, 0-9 and hyphen is removed
 * - surrounding whitespace is trimmed first; nothing else is collapsed (`a & b` → `a--b`, so slugs made by
 *   earlier versions stay the same)
 */
export function slugify(name: string): string {
  return name
    .trim()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}
