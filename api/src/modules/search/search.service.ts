import { readPricePhrase, type Suggestions, type Synonym, toPaise } from '@voltcart/shared';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import { type Actor, recordAudit } from '../audit/audit.service';
import { summariesByIds } from '../product/product.repository';
import { toSummary } from '../product/product-summary.service';
import { namedCategories, startsOf } from './search-engine';
import { queryWords, singular } from './search-text';
import * as wordsRepo from './search-words.repository';

/** Products shown while typing. */
const SUGGESTED_PRODUCTS = 5;

export async function listSynonyms(db: Db): Promise<Synonym[]> {
  return (await wordsRepo.synonyms(db)).map((r) => ({
    term: r.term,
    alternatives: r.alternatives.split(' '),
  }));
}

/**
 * Replaces the shop's synonyms. Terms and alternatives are stored folded to the singular, as the index holds
 * words ("earphones" finds what "earphone" finds).
 */
export async function setSynonyms(db: Db, actor: Actor, list: Synonym[]): Promise<Synonym[]> {
  const rows = list.map((s) => ({
    term: singular(s.term),
    alternatives: [...new Set(s.alternatives.map(singular))].join(' '),
  }));
  // The history keeps each term's alternatives: only the terms added, changed or removed show.
  const byTerm = (list: { term: string; alternatives: string }[]) =>
    Object.fromEntries(list.map((r) => [r.term, r.alternatives]));
  await db.transaction().execute(async (trx) => {
    const before = await wordsRepo.synonyms(trx);
    await wordsRepo.replaceSynonyms(trx, rows);
    await recordAudit(trx, {
      actor,
      action: 'settings.synonyms',
      kind: 'settings',
      objectId: 'synonyms',
      summary: `Saved ${rows.length} search synonyms`,
      before: byTerm(before),
      after: byTerm(rows),
    });
  });
  return listSynonyms(db);
}

/**
 * Suggestions for the text typed so far (shoppers: active products and categories only).
 * - up to SUGGESTED_PRODUCTS products, best match first, each with its picture and the price its card and page
 *   show (the lowest of its variants)
 * - a price phrase ("under 20k") filters the products as it does the results page
 * - categories with a word that one of the typed words (or its synonym or typo correction) starts
 * - brands that start with one of those words
 */
export async function suggest(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  typed: string,
): Promise<Suggestions> {
  const { rest: q, price } = readPricePhrase(typed);
  if (queryWords(q).length === 0) return { products: [], categories: [], brands: [] };
  const [found, matches, categories] = await Promise.all([
    search.find(db, {
      admin: false,
      q,
      minPrice: price?.min === undefined ? undefined : toPaise(price.min),
      maxPrice: price?.max === undefined ? undefined : toPaise(price.max),
      limit: SUGGESTED_PRODUCTS,
      offset: 0,
    }),
    search.explain(db, q),
    wordsRepo.activeCategories(db),
  ]);
  const starts = startsOf(matches);
  const [rows, brands] = await Promise.all([
    summariesByIds(db, found.ids),
    wordsRepo.brandsStartingWith(db, starts.slice(0, 20), 3),
  ]);
  const products = rows.map(toSummary).map((p): Suggestions['products'][number] => ({
    _id: p._id,
    name: p.name,
    slug: p.slug,
    thumbnail: p.thumbnail,
    finalPrice: p.finalPrice,
    originalPrice: p.originalPrice,
  }));
  return { products, categories: namedCategories(categories, starts).slice(0, 3), brands };
}
