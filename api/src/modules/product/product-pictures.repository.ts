import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { lockRow } from '../../db/single-row';

/**
 * The content hashes of a product's pictures (thumbnail and gallery), each with the stored file it made;
 * pictures stored before hashes were kept have none and are left out.
 */
export async function pictureHashes(db: Db, productId: number): Promise<Map<string, string>> {
  const rows = await sql<{ hash: string; file: string }>`
    SELECT thumbnail_hash AS hash, thumbnail AS file FROM products
      WHERE id = ${productId} AND thumbnail_hash IS NOT NULL
    UNION ALL
    SELECT content_hash AS hash, file FROM product_images
      WHERE product_id = ${productId} AND content_hash IS NOT NULL`.execute(db);
  return new Map(rows.rows.map((r) => [r.hash, r.file]));
}

/** The thumbnail's hash, or null (none, unknown, or no such product). */
export async function thumbnailHash(db: Db, productId: number): Promise<string | null> {
  const row = await db
    .selectFrom('products')
    .select('thumbnail_hash')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.thumbnail_hash ?? null;
}

/** Locks the product row until the transaction ends (gallery additions to one product then run one at a time). */
export function lockProduct(trx: Db, productId: number): Promise<boolean> {
  return lockRow(trx, 'products', productId);
}
