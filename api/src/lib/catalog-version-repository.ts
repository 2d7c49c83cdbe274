import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * The catalogue's version row (`catalog_version`, one row): every admin write moves it on, and each API process
 * compares it with the version its kept responses were made under (lib/cache.ts).
 */
export async function bumpCatalogVersion(db: Db): Promise<void> {
  await sql`UPDATE catalog_version SET version = version + 1 WHERE id = 1`.execute(db);
}

export async function readCatalogVersion(db: Db): Promise<number> {
  const r = await sql<{ version: number | string }>`SELECT version FROM catalog_version WHERE id = 1`.execute(
    db,
  );
  return Number(r.rows[0]?.version ?? 0);
}
