import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  image: string;
  status: number;
  productCount: number;
}

/** Active products per category: one range read of products_category (category_id, status, id) each. */
const productCount = sql<number>`(SELECT COUNT(*) FROM products p WHERE p.category_id = categories.id AND p.status = 1)`;

const columns = ['id', 'name', 'slug', 'image', 'status'] as const;

export async function listCategories(db: Db, opts: { activeOnly: boolean }): Promise<CategoryRow[]> {
  let q = db
    .selectFrom('categories')
    .select([...columns, productCount.as('productCount')])
    .orderBy('name')
    .orderBy('id');
  if (opts.activeOnly) q = q.where('status', '=', 1);
  return q.execute();
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .select([...columns, productCount.as('productCount')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('categories').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertCategory(
  db: Db,
  values: { name: string; slug: string; image: string; status?: number },
): Promise<number> {
  const r = await db.insertInto('categories').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function updateCategory(
  db: Db,
  id: number,
  values: { name?: string; slug?: string; image?: string; status?: number },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function toggleCategoryStatus(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('categories')
    .set({ status: sql<number>`1 - status` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Every product (active or not) that points at the category: the foreign key forbids deleting it. */
export async function countProductsInCategory(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
