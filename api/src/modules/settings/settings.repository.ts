import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export async function readSettings(db: Db, names: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).where('name', 'in', names).execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

/**
 * Named settings as one column, a JSON object of name → value (NULL when none is saved): read along with other
 * figures in one statement (checkout reads them with its first). Parse it with settingsOf.
 */
export const settingsColumn = (names: readonly string[]) =>
  sql<unknown>`(SELECT JSON_OBJECTAGG(name, value) FROM settings WHERE name IN (${sql.join([...names])}))`;

/** The settings of a settingsColumn (MariaDB answers JSON as text, MySQL as a parsed value). */
export function settingsOf(raw: unknown): Map<string, string> {
  const saved = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, string> | null;
  return new Map(Object.entries(saved ?? {}));
}

export async function writeSettings(db: Db, values: Record<string, string>): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({ name, value }));
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values(rows)
    .onDuplicateKeyUpdate({ value: sql<string>`VALUES(value)` })
    .execute();
}

export function findShopPage(db: Db, slug: string) {
  return db
    .selectFrom('shop_pages')
    .select(['body', 'officer', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function saveShopPage(
  db: Db,
  slug: string,
  body: string,
  officer: string | null,
): Promise<void> {
  await db
    .insertInto('shop_pages')
    .values({ slug, body, officer, updated_at: sql<Date>`NOW(3)` })
    .onDuplicateKeyUpdate({ body, officer, updated_at: sql<Date>`NOW(3)` })
    .execute();
}
