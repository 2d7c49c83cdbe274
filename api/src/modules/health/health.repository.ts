import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** Names of the migrations the database has run (Kysely's own table). */
export async function doneMigrations(db: Db): Promise<Set<string>> {
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return new Set(rows.rows.map((x) => x.name));
}
