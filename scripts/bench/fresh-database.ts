/**
 * A fresh, migrated benchmark database: a `--quick` run makes about a dozen (each checkout rush, promotions, GST,
 * images, the import), each a copy of the migrated template (api/src/db/template.ts).
 */
import { createDb, createMigratedDatabase, ensureDatabase } from '@voltcart/api';
import { sql } from 'kysely';

/** Drops the database of `url` (a vc_bench_ one) and makes it again with every migration. */
export async function freshDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^vc_bench_\w+$/.test(name)) throw new Error(`refusing to drop "${name}": not a vc_bench_ database`);
  await ensureDatabase(url);
  const boot = createDb(url, 1);
  await sql`DROP DATABASE ${sql.id(name)}`.execute(boot);
  await boot.destroy();
  await createMigratedDatabase(url);
}
