import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export interface ColorRow {
  id: number;
  name: string;
  slug: string;
  hexcode: string;
  status: number;
}

const columns = ['id', 'name', 'slug', 'hexcode', 'status'] as const;

export async function listColors(db: Db, opts: { activeOnly: boolean }): Promise<ColorRow[]> {
  let q = db.selectFrom('colors').select(columns).orderBy('name').orderBy('id');
  if (opts.activeOnly) q = q.where('status', '=', 1);
  return q.execute();
}

export async function findColor(db: Db, id: number): Promise<ColorRow | undefined> {
  return db.selectFrom('colors').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('colors').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertColor(
  db: Db,
  values: { name: string; slug: string; hexcode: string; status?: number },
): Promise<number> {
  const r = await db.insertInto('colors').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function updateColor(
  db: Db,
  id: number,
  values: { name?: string; slug?: string; hexcode?: string; status?: number },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('colors').set(values).where('id', '=', id).execute();
}

export async function toggleColorStatus(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('colors')
    .set({ status: sql<number>`1 - status` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Products offering the colour (read through product_colors_color). */
export async function countProductsWithColor(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('product_colors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('color_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function deleteColor(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('colors').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
