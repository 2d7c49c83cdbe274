import { type Kysely, sql } from 'kysely';

/**
 * The search index, kept by the API in the same transaction as every product change (modules/search):
 * - search_terms: one row per (term, product) with the weight of the strongest field the term is in; prefix
 *   and exact lookups are ranges of its primary key
 * - search_docs: per product, its name and model as comparable keys (exact matches rank first) and its
 *   popularity (units sold)
 * - search_words: every indexed word of 4+ letters with its deletion neighbourhood (search-text.ts), so that a
 *   word one typo away is found by key, not by scanning the vocabulary
 * - search_synonyms: the shop's editable synonyms (a word and the words it also finds)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_terms')
    .addColumn('term', sql`varchar(64) character set utf8mb4 collate utf8mb4_bin`, (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('weight', 'smallint', (c) => c.unsigned().notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['term', 'product_id'])
    .execute();
  await db.schema.createIndex('search_terms_product').on('search_terms').column('product_id').execute();

  await db.schema
    .createTable('search_docs')
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('name_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('model_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('popularity', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('search_docs_popularity')
    .on('search_docs')
    .columns(['popularity', 'product_id'])
    .execute();

  await db.schema
    .createTable('search_words')
    .addColumn('k', sql`varchar(64) character set utf8mb4 collate utf8mb4_bin`, (c) => c.notNull())
    .addColumn('word', sql`varchar(64) character set utf8mb4 collate utf8mb4_bin`, (c) => c.notNull())
    .addPrimaryKeyConstraint('search_words_pk', ['k', 'word'])
    .execute();

  // Brand facet and suggestions: brands by prefix without reading every product.
  await db.schema.createIndex('products_brand').on('products').columns(['brand', 'status']).execute();

  await db.schema
    .createTable('search_synonyms')
    .addColumn('term', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('alternatives', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db
    .insertInto('search_synonyms')
    .values([
      { term: 'mobile', alternatives: 'phone' },
      { term: 'smartphone', alternatives: 'phone' },
      { term: 'cellphone', alternatives: 'phone' },
      { term: 'earphone', alternatives: 'earbud' },
      { term: 'earbud', alternatives: 'earphone' },
      { term: 'notebook', alternatives: 'laptop' },
      { term: 'tv', alternatives: 'television' },
      { term: 'television', alternatives: 'tv' },
      { term: 'smartwatch', alternatives: 'watch' },
      { term: 'headset', alternatives: 'headphone' },
      { term: 'ipad', alternatives: 'tablet' },
      { term: 'console', alternatives: 'gaming' },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['search_synonyms', 'search_words', 'search_docs', 'search_terms'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('products_brand').on('products').ifExists().execute();
}
