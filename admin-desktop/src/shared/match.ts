import { type ImageNameMatch, parseImageName } from '@voltcart/shared';

/**
 * Matching of local photo files to catalogue products for the bulk upload (pure: used by main and browser).
 * The products come from the API's matching route (POST /product/match-images: every product a name may mean),
 * which reads names with the same rule (parseImageName, packages/shared).
 */

export interface MatchableProduct {
  _id: string;
  slug: string;
  sku: string | null;
  name: string;
}

export interface MatchableFile {
  id: string;
  /** File name with extension, without folders. */
  name: string;
}

export type ImageRole = 'thumbnail' | 'gallery';

export interface MatchColor {
  _id: string;
  name: string;
  slug: string;
}

/**
 * The colour galleries the API named (POST /product/match-images), by file name as sent: the names it matched
 * by `<product-slug>-<colour-slug>[-N]` or a variant's `<SKU>[-N]` to one product and colour.
 */
export type ColorMatches = Readonly<Record<string, { productId: string; color: MatchColor }>>;

/** The colour matches among the API's answers (matched names with a colour only). */
export function colorMatchesOf(
  matches: ImageNameMatch[],
): Record<string, { productId: string; color: MatchColor }> {
  const out: Record<string, { productId: string; color: MatchColor }> = {};
  for (const m of matches) {
    if (m.status === 'matched' && m.product && m.color)
      out[m.name] = { productId: m.product._id, color: m.color };
  }
  return out;
}

/**
 * The names the API found ambiguous (POST /product/match-images: several products, or one product in several
 * colours, e.g. `phone-sky-blue` as colour `sky-blue` of `phone` or colour `blue` of `phone-sky`), with the
 * products they may mean. The API reads every name both ways, so its answer stands over a local reading that
 * sees one product only.
 */
export function ambiguousNamesOf(matches: ImageNameMatch[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of matches) if (m.status === 'ambiguous') out[m.name] = m.candidates.map((c) => c._id);
  return out;
}

type MatchStatus = 'matched' | 'unmatched' | 'ambiguous';

export interface MatchEntry<F extends MatchableFile = MatchableFile> {
  file: F;
  status: MatchStatus;
  /** The product the file goes to (matched only). */
  productId: string | null;
  /** Every product the name could mean (one when matched, several when ambiguous). */
  candidates: string[];
  /** The `-N` number of the name, or null when the name has none (or it belongs to the key). */
  suffix: number | null;
  role: ImageRole;
  /** The colour gallery the file goes to (always as a gallery picture); null: the product's shared pictures. */
  color: MatchColor | null;
}

/**
 * Matches files to products by `<product-slug>[-N].<ext>` or `<SKU>[-N].<ext>`, and to colour galleries by the
 * API's colour matches (`colors`, see ColorMatches).
 * - a name the API matched to a colour goes to that colour's gallery (role gallery, never the thumbnail)
 * - a name the API found ambiguous (`ambiguous`, see ambiguousNamesOf) is ambiguous, with the API's candidates:
 *   staff choose, even when the local reading sees one product
 * - slugs and SKUs compare case-insensitively with the file name
 * - a name may be read whole (`iphone-15` → slug `iphone-15`) or as key plus position (`iphone-15` → slug
 *   `iphone`, position 15); every product any reading names is a candidate
 * - one candidate: matched; none: unmatched; several: ambiguous (staff choose: we never guess)
 * - roles: see assignDefaultRoles
 */
export function matchFiles<F extends MatchableFile>(
  files: F[],
  products: MatchableProduct[],
  colors: ColorMatches = {},
  ambiguous: Readonly<Record<string, string[]>> = {},
): MatchEntry<F>[] {
  const bySlug = new Map<string, string[]>();
  const bySku = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, id: string) => {
    const list = map.get(key);
    if (list) list.push(id);
    else map.set(key, [id]);
  };
  for (const p of products) {
    if (p.slug) add(bySlug, p.slug.trim().toLowerCase(), p._id);
    if (p.sku?.trim()) add(bySku, p.sku.trim().toLowerCase(), p._id);
  }
  const lookup = (key: string) => [...(bySlug.get(key) ?? []), ...(bySku.get(key) ?? [])];

  const entries = files.map((file): MatchEntry<F> => {
    const parsed = parseImageName(file.name);
    const key = file.name.trim();
    const colored = Object.hasOwn(colors, key) ? colors[key] : undefined;
    if (colored) {
      const { productId, color } = colored;
      return {
        file,
        status: 'matched',
        productId,
        candidates: [productId],
        suffix: parsed.suffix,
        role: 'gallery',
        color,
      };
    }
    const unclear = Object.hasOwn(ambiguous, key) ? ambiguous[key] : undefined;
    if (unclear) {
      return {
        file,
        status: 'ambiguous',
        productId: null,
        candidates: unclear,
        suffix: parsed.suffix,
        role: 'gallery',
        color: null,
      };
    }
    const whole = lookup(parsed.stem);
    const split = parsed.base ? lookup(parsed.base) : [];
    const candidates = [...new Set([...whole, ...split])];
    if (candidates.length === 1) {
      const id = candidates[0]!;
      // The number is a position only when the name was read as key + number for this product.
      const suffix = whole.includes(id) ? null : parsed.suffix;
      return { file, status: 'matched', productId: id, candidates, suffix, role: 'gallery', color: null };
    }
    return {
      file,
      status: candidates.length ? 'ambiguous' : 'unmatched',
      productId: null,
      candidates,
      suffix: parsed.suffix,
      role: 'gallery',
      color: null,
    };
  });
  return assignDefaultRoles(entries);
}

/**
 * Default role of every matched file.
 * - per product, the file without a number, else the one numbered 1, becomes the thumbnail
 * - every other file of that product goes to the gallery (`-2`, `-3`… and a second "thumbnail")
 * - files with other numbers only (e.g. `-2` and `-3`) do not replace the current thumbnail
 * - colour gallery files stay gallery pictures (the thumbnail is the product's, not a colour's)
 * Entries listed in `keep` (staff's explicit choice) keep their role.
 */
export function assignDefaultRoles<F extends MatchableFile>(
  entries: MatchEntry<F>[],
  keep: ReadonlySet<string> = new Set(),
): MatchEntry<F>[] {
  const thumbFor = new Map<string, MatchEntry<F>>();
  const rank = (e: MatchEntry<F>) => (e.suffix === null ? 0 : e.suffix === 1 ? 1 : 2);
  for (const e of entries) {
    if (e.status !== 'matched' || !e.productId || e.color) continue;
    if (keep.has(e.file.id)) {
      if (e.role === 'thumbnail') thumbFor.set(e.productId, e);
      continue;
    }
    if (rank(e) === 2) continue;
    const current = thumbFor.get(e.productId);
    if (current && keep.has(current.file.id)) continue;
    if (
      !current ||
      rank(e) < rank(current) ||
      (rank(e) === rank(current) && e.file.name < current.file.name)
    ) {
      thumbFor.set(e.productId, e);
    }
  }
  return entries.map((e) => {
    if (keep.has(e.file.id)) return e;
    const role: ImageRole =
      e.status === 'matched' && e.productId && !e.color && thumbFor.get(e.productId) === e
        ? 'thumbnail'
        : 'gallery';
    return role === e.role ? e : { ...e, role };
  });
}

/** Resolves an ambiguous (or re-assigns a matched) entry to one of its candidates (its shared pictures). */
export function chooseProduct<F extends MatchableFile>(
  entry: MatchEntry<F>,
  productId: string,
): MatchEntry<F> {
  if (!entry.candidates.includes(productId)) return entry;
  return { ...entry, status: 'matched', productId, color: null };
}

export interface MatchSummary {
  matched: number;
  unmatched: number;
  ambiguous: number;
  thumbnails: number;
  gallery: number;
  /** Of the gallery pictures, those going to a colour's gallery. */
  colorGallery: number;
}

export function summarise(entries: MatchEntry[]): MatchSummary {
  const s: MatchSummary = {
    matched: 0,
    unmatched: 0,
    ambiguous: 0,
    thumbnails: 0,
    gallery: 0,
    colorGallery: 0,
  };
  for (const e of entries) {
    s[e.status]++;
    if (e.status === 'matched') {
      if (e.role === 'thumbnail') s.thumbnails++;
      else s.gallery++;
      if (e.color) s.colorGallery++;
    }
  }
  return s;
}
