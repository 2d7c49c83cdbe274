import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** Which of these words are indexed, whole or as the start of a longer word. */
export async function knownPrefixes(db: Db, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const parts = words.map(
    (w) =>
      sql`(SELECT ${w} AS w FROM search_terms WHERE term >= ${w} AND term < ${`${w}\u{10FFFF}`} LIMIT 1)`,
  );
  const r = await sql<{ w: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return new Set(r.rows.map((x) => x.w));
}

/** Indexed words that share a deletion key with one of `keys`. */
export async function wordsByKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const r = await sql<{ word: string }>`SELECT DISTINCT word FROM search_words
    WHERE k IN (${sql.join(keys)}) LIMIT 200`.execute(db);
  return r.rows.map((x) => x.word);
}

export interface SynonymRow {
  term: string;
  alternatives: string;
}

export async function synonyms(db: Db): Promise<SynonymRow[]> {
  return db.selectFrom('search_synonyms').select(['term', 'alternatives']).orderBy('term').execute();
}

export async function synonymsFor(db: Db, terms: string[]): Promise<SynonymRow[]> {
  if (terms.length === 0) return [];
  return db
    .selectFrom('search_synonyms')
    .select(['term', 'alternatives'])
    .where('term', 'in', terms)
    .execute();
}

export async function replaceSynonyms(db: Db, rows: SynonymRow[]): Promise<void> {
  await db.deleteFrom('search_synonyms').execute();
  if (rows.length) await db.insertInto('search_synonyms').values(rows).execute();
}

/** Active brands starting with one of these texts (suggestions), at most `limit`. */
export async function brandsStartingWith(db: Db, prefixes: string[], limit: number): Promise<string[]> {
  if (prefixes.length === 0) return [];
  const likes = prefixes.map((p) => sql`p.brand LIKE ${`${p.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  const r = await sql<{ brand: string }>`SELECT DISTINCT p.brand FROM products AS p
    WHERE p.status = 1 AND p.brand <> '' AND (${sql.join(likes, sql` OR `)}) ORDER BY p.brand LIMIT ${limit}`.execute(
    db,
  );
  return r.rows.map((x) => x.brand);
}

/** Every active category (a shop has a few dozen). */
export async function activeCategories(db: Db): Promise<{ name: string; slug: string }[]> {
  return db
    .selectFrom('categories')
    .select(['name', 'slug'])
    .where('status', '=', 1)
    .orderBy('name')
    .execute();
}
