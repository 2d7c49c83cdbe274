/**
 * A fresh database with every migration, for the tests and the benchmarks (each makes many): running the migrations
 * on an empty database takes 0.8 s on a quiet 2-core machine and up to 26 s on a busy one (many ALTER TABLEs rebuild
 * a table); the copy takes 0.3 s quiet.
 * - the migrations run once into a template on the same server, vc_template_<hash of the migrations>, kept between
 *   runs (a new or changed migration makes another in its place; one maker at a time, by a named lock);
 * - a new database is the template copied table by table in SQL (SHOW CREATE TABLE, its rows, its triggers), so no
 *   client program is needed.
 * The copy's kysely_migration rows are the template's: migrateToLatest on it finds nothing to do.
 */
import { createHash } from 'node:crypto';
import type { Connection } from 'mysql2/promise';
import { createDb, migrateToLatest, serverConnection } from './connection';
import { migrations } from './migrations/index';

const READY = 'template_ready';

/** Tables whose FULLTEXT index the migrations build without stopwords (the customer search, 20261125T0845). */
const WITHOUT_STOPWORDS = new Set(['users']);

/** The template's name: it changes with any migration's name or code. */
function templateName(): string {
  const h = createHash('sha256');
  for (const [name, m] of Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b)))
    h.update(name)
      .update(m.up.toString())
      .update(m.down?.toString() ?? '');
  return `vc_template_${h.digest('hex').slice(0, 12)}`;
}

/** A connection to the server of `url`, to `database` or to none. */
const connect = (url: string, database: string | null = null) => serverConnection(url, database);

async function rows<T>(conn: Connection, query: string, values: unknown[] = []): Promise<T[]> {
  const [result] = await conn.query(query, values);
  return result as T[];
}

/** Makes the template when it is missing, under a named lock (other test workers and checkouts wait for it). */
async function ensureTemplate(url: string, template: string): Promise<void> {
  const conn = await connect(url);
  try {
    await conn.query('SELECT GET_LOCK(?, 600)', [template]);
    const ready = await rows(
      conn,
      'SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
      [template, READY],
    );
    if (ready.length) return;
    // Templates of other migrations go (a checkout still on them makes its own again).
    const old = await rows<{ n: string }>(
      conn,
      "SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name LIKE 'vc\\_template\\_%'",
    );
    for (const { n } of old) await conn.query(`DROP DATABASE \`${n}\``);
    await conn.query(`CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = createDb(u.toString(), 2, { queryTimeoutMs: null });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await conn.query(
      `CREATE TABLE \`${template}\`.\`${READY}\` (made TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    );
  } finally {
    await conn.query('SELECT RELEASE_LOCK(?)', [template]).catch(() => {});
    await conn.end();
  }
}

/** Copies the template's tables, rows and triggers into the empty database `name`. */
async function copy(url: string, template: string, name: string): Promise<void> {
  const conn = await connect(url, name);
  try {
    // Tables are made in any order: their foreign keys name tables made later.
    await conn.query('SET SESSION foreign_key_checks = 0');
    const tables = await rows<{ t: string }>(
      conn,
      `SELECT table_name AS t FROM information_schema.tables
        WHERE table_schema = ? AND table_type = 'BASE TABLE' AND table_name <> ?`,
      [template, READY],
    );
    for (const { t } of tables) {
      const [create] = await rows<{ 'Create Table': string }>(
        conn,
        `SHOW CREATE TABLE \`${template}\`.\`${t}\``,
      );
      // A FULLTEXT index takes its stopword list from the session that builds it, which its schema does not say.
      await conn.query(`SET SESSION innodb_ft_enable_stopword = ${WITHOUT_STOPWORDS.has(t) ? 0 : 1}`);
      await conn.query(create!['Create Table']);
    }
    // The rows the migrations wrote (settings, zones, the migration log); generated columns compute themselves.
    const filled = await rows<{ t: string; cols: string }>(
      conn,
      `SELECT c.table_name AS t, GROUP_CONCAT(CONCAT('\`', c.column_name, '\`') ORDER BY c.ordinal_position) AS cols
         FROM information_schema.columns c
         JOIN information_schema.tables s ON s.table_schema = c.table_schema AND s.table_name = c.table_name
        WHERE c.table_schema = ? AND s.table_type = 'BASE TABLE' AND c.table_name <> ?
          AND c.is_generated = 'NEVER'
        GROUP BY c.table_name`,
      [template, READY],
    );
    for (const { t, cols } of filled)
      await conn.query(`INSERT INTO \`${t}\` (${cols}) SELECT ${cols} FROM \`${template}\`.\`${t}\``);
    const triggers = await rows<{ n: string }>(
      conn,
      'SELECT trigger_name AS n FROM information_schema.triggers WHERE trigger_schema = ? ORDER BY action_order',
      [template],
    );
    for (const { n } of triggers) {
      const [def] = await rows<{
        'SQL Original Statement': string;
        sql_mode: string;
        character_set_client: string;
        collation_connection: string;
      }>(conn, `SHOW CREATE TRIGGER \`${template}\`.\`${n}\``);
      // Made under the template's settings, as the migration made it.
      await conn.query('SET SESSION sql_mode = ?', [def!.sql_mode]);
      await conn.query(`SET NAMES ${def!.character_set_client} COLLATE ${def!.collation_connection}`);
      await conn.query(def!['SQL Original Statement']);
    }
  } finally {
    await conn.end();
  }
}

/**
 * Creates the database of `url` (it must not exist yet) with every migration, copied from the template; with
 * `VC_NO_TEMPLATE` set, or when the copy fails, by running the migrations on it.
 */
export async function createMigratedDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`Database name "${name}" must be letters, digits and _ only`);
  const conn = await connect(url);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  if (!process.env.VC_NO_TEMPLATE) {
    try {
      const template = templateName();
      await ensureTemplate(url, template);
      await copy(url, template, name);
      return;
    } catch (e) {
      console.error(
        `The template database could not be copied (${(e as Error).message}); migrating instead.`,
      );
      const again = await connect(url);
      await again.query(`DROP DATABASE \`${name}\``);
      await again.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await again.end();
    }
  }
  const db = createDb(url, 1, { queryTimeoutMs: null });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}
