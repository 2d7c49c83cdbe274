/**
 * The words of a product or a query, as the search index holds them. Pure functions, shared by the indexer
 * and the query side so that both fold text the same way.
 */

/**
 * The version of what the index stores for a product (search_terms, search_docs, search_words rows). Bump it by
 * hand with any change to those rows (`productTerms`, `words`, `singular`, `nameKey`, `deletionKeys`, the
 * documents the engine writes) that no migration brings existing rows to: stored catalogues keyed on it, such as
 * the benchmark's, then have their index built again (MariaDbSearch.reloadAll). Query-side changes (ranking, typo
 * tolerance, caching) leave it alone.
 */
export const SEARCH_INDEX_VERSION = 1;

/** Queries are cut here before anything else (a pasted paragraph is not a search). */
const MAX_QUERY_LENGTH = 100;
/** At most this many words of a query are used. */
const MAX_QUERY_WORDS = 8;
/** Words shorter than this are never corrected for a typo (too many neighbours). */
export const TYPO_MIN_LENGTH = 5;
/** Units glued to a number ("256 GB" → "256gb"), so that both spellings find the same products. */
const UNITS = new Set(['gb', 'tb', 'mb', 'mah', 'w', 'hz', 'mp', 'inch', 'mm', 'g', 'kg', 'v', 'k']);
/** Words too common to mean anything in a product search. */
const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'in', 'on', 'to', 'by', 'or', 'at']);

/**
 * Folds a plural to its singular ("laptops" → "laptop", "batteries" → "battery", "watches" → "watch").
 * - only words of letters longer than 3 are folded ("gps", "bus" stay)
 * - "ss", "us" and "is" endings are not plurals ("glass", "status", "chassis")
 */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The words of a text, lower-cased, accents removed, plurals folded.
 * - every run of letters and digits is a word; everything else (operators, emoji, quotes) separates words
 * - a number followed by a unit becomes one word ("256 GB" and "256GB" → "256gb")
 * - stopwords are dropped
 */
export function words(text: string): string[] {
  const raw = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i]!;
    const next = raw[i + 1];
    if (/^\d+$/.test(w) && next && UNITS.has(next)) {
      out.push(`${w}${next}`);
      i++;
      continue;
    }
    if (STOPWORDS.has(w)) continue;
    // The index column is varchar(64): a longer "word" is noise.
    out.push(singular(w).slice(0, 64));
  }
  return out;
}

/** The words of a query (cut at MAX_QUERY_LENGTH characters, at most MAX_QUERY_WORDS, each once). */
export function queryWords(q: string): string[] {
  return [...new Set(words(q.slice(0, MAX_QUERY_LENGTH)))].slice(0, MAX_QUERY_WORDS);
}

/** A name as one comparable key ("Apple iPhone 15" → "apple iphone 15"). */
export function nameKey(text: string): string {
  return words(text).join(' ').slice(0, 200);
}

/**
 * The deletion neighbourhood of a word: the word itself and every string one character shorter. Two words
 * within one edit (insertion, deletion, substitution) share at least one of these keys.
 */
export function deletionKeys(word: string): string[] {
  const keys = new Set([word]);
  for (let i = 0; i < word.length; i++) keys.add(word.slice(0, i) + word.slice(i + 1));
  return [...keys];
}

/** Edit distance with adjacent transpositions (optimal string alignment), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Where a word was found, strongest first: the rank of a match depends on it. */
export const FIELD_WEIGHT = {
  name: 8,
  brand: 4,
  category: 3,
  attribute: 2,
  description: 1,
} as const;

export interface IndexSource {
  name: string;
  brand: string;
  sku: string | null;
  /** The SKUs of the product's variants (colour × memory). */
  variantSkus?: string[];
  category: string | null;
  colors: string[];
  memoryGb: number[];
  shortDescription: string | null;
  longDescription: string | null;
}

/** Descriptions add at most this many words per product (keeps the index small at a million products). */
const MAX_DESCRIPTION_WORDS = 120;

/**
 * The index terms of one product, each with the weight of the strongest field it appears in.
 * - name, brand, category name, colour names, memory sizes ("256gb", "1tb"), the SKU (whole and in parts)
 * - short and long descriptions, at most MAX_DESCRIPTION_WORDS distinct words
 */
export function productTerms(p: IndexSource): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (list: string[], weight: number) => {
    for (const t of list) if (t && (terms.get(t) ?? 0) < weight) terms.set(t, weight);
  };
  add(words(p.name), FIELD_WEIGHT.name);
  add(words(p.brand), FIELD_WEIGHT.brand);
  add(words(p.category ?? ''), FIELD_WEIGHT.category);
  add(words(p.colors.join(' ')), FIELD_WEIGHT.attribute);
  add(
    p.memoryGb.flatMap((gb) => (gb >= 1024 && gb % 1024 === 0 ? [`${gb}gb`, `${gb / 1024}tb`] : [`${gb}gb`])),
    FIELD_WEIGHT.attribute,
  );
  for (const sku of [p.sku, ...(p.variantSkus ?? [])])
    if (sku) add([sku.toLowerCase().slice(0, 64), ...words(sku)], FIELD_WEIGHT.attribute);
  const desc = [...new Set(words(`${p.shortDescription ?? ''} ${p.longDescription ?? ''}`))];
  add(desc.slice(0, MAX_DESCRIPTION_WORDS), FIELD_WEIGHT.description);
  return terms;
}
