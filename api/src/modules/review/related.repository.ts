import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * Ids of products like this one that shoppers can buy now: the same category (the same brand first) or, for a
 * product without a category, the same brand; most sold first (units, search_docs.popularity), then newest.
 */
export async function relatedIds(db: Db, productId: number, limit: number): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT p.id FROM products AS me
      JOIN products AS p ON p.id <> me.id AND p.status = 1 AND p.sellable = 1
        AND ((me.category_id IS NOT NULL AND p.category_id = me.category_id)
          OR (me.category_id IS NULL AND me.brand <> '' AND p.brand = me.brand))
      LEFT JOIN categories AS c ON c.id = p.category_id
      LEFT JOIN search_docs AS d ON d.product_id = p.id
    WHERE me.id = ${productId} AND (c.status = 1 OR p.category_id IS NULL)
    ORDER BY (p.category_id <=> me.category_id AND p.brand = me.brand) DESC, COALESCE(d.popularity, 0) DESC, p.id DESC
    LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => Number(x.id));
}
