import { MAX_COMPARE } from '@voltcart/shared';

/**
 * The products of a comparison from its address (`ids=1,2,3`) or the browser's list:
 * - ids are trimmed, blanks and repeats dropped, in the order given
 * - at most MAX_COMPARE are kept (the API refuses more)
 */
export function readCompareIds(value: string | null | undefined): string[] {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter((x) => /^[\w-]{1,250}$/.test(x)),
    ),
  ];
  return ids.slice(0, MAX_COMPARE);
}

/** The products chosen with "Compare" in this browser (the seed's `compare` list), as readCompareIds keeps them. */
export function browserCompareIds(): string[] {
  try {
    const list = JSON.parse(window.localStorage.getItem('compare') ?? '[]') as unknown;
    return Array.isArray(list) ? readCompareIds(list.filter((x) => typeof x === 'string').join(',')) : [];
  } catch {
    return [];
  }
}
