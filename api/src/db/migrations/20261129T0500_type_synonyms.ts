import { type Kysely, sql } from 'kysely';

/**
 * Words that say what kind of product is meant (search-engine.ts `explain`): a "speaker" is found in Audio, so
 * that "bluetooth speaker" shows every speaker first, including those whose description does not say Bluetooth;
 * "gaming" also finds the gaming lines of laptops whose names do not say it (ROG, Legion, Katana, Nitro, Victus,
 * Predator, Omen, Alienware). Added to the shop's editable list (PUT /search/synonyms) only where the shop has no
 * entry for the term yet, so a list staff have edited keeps their words.
 */
const ADDED = [
  { term: 'speaker', alternatives: 'audio' },
  { term: 'gaming', alternatives: 'rog legion katana nitro victus predator omen alienware' },
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
