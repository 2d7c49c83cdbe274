import type { Db } from '../../db/connection';

/**
 * Public products (switched on, in a switched-on category or none) with ids in (after, upTo], in id order:
 * read along the products_list (status, id) index, a page at a time however large the catalogue.
 */
export function productIdsAfter(db: Db, after: number, upTo: number, limit: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.updated_at'])
    .where('p.status', '=', 1)
    .where((eb) => eb.or([eb('c.status', '=', 1), eb('p.category_id', 'is', null)]))
    .where('p.id', '>', after)
    .where('p.id', '<=', upTo)
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The highest id of a switched-on product (0 when there is none): one look at the end of the index. */
export async function lastProductId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}
