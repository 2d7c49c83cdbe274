import { type Kysely, sql } from 'kysely';

/**
 * More of what Indian shoppers type for what the shop calls otherwise: "ps5" for a PlayStation, "led tv" for any
 * television, a fitness "band" for a watch, an "external" drive for a portable one, a "memory card" for a microSD
 * card. Added to the shop's editable list (PUT /search/synonyms) only where the shop has no entry for the term yet,
 * so a list staff have edited keeps their words.
 */
const ADDED = [
  { term: 'ps5', alternatives: 'playstation' },
  { term: 'ps4', alternatives: 'playstation' },
  { term: 'led', alternatives: 'tv' },
  { term: 'band', alternatives: 'watch' },
  { term: 'external', alternatives: 'portable' },
  { term: 'memory', alternatives: 'microsd' },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const s of ADDED)
    await sql`INSERT IGNORE INTO search_synonyms (term, alternatives) VALUES (${s.term}, ${s.alternatives})`.execute(
      db,
    );
  // The catalogue's kept answers (search-cache.ts) belong to a catalogue version: searches see the new words.
  await sql`UPDATE catalog_version SET version = version + 1 WHERE id = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const s of ADDED)
    await sql`DELETE FROM search_synonyms WHERE term = ${s.term} AND alternatives = ${s.alternatives}`.execute(
      db,
    );
}
