import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Q = Kysely<Database>;

const columns = ['id', 'name', 'email', 'password_hash', 'token_version'] as const;

export function findAdminByEmail(db: Q, email: string) {
  return db.selectFrom('admins').select(columns).where('email', '=', email).executeTakeFirst();
}

export function findAdminById(db: Q, id: number) {
  return db.selectFrom('admins').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function insertAdmin(
  db: Q,
  values: { name: string; email: string; password_hash: string },
): Promise<number> {
  const r = await db.insertInto('admins').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** New password (and name, when given); the token version moves on so old sessions end. */
export async function resetAdmin(
  db: Q,
  id: number,
  values: { password_hash: string; name?: string },
): Promise<void> {
  await db
    .updateTable('admins')
    .set((eb) => ({ ...values, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function bumpAdminTokenVersion(db: Q, id: number): Promise<void> {
  await db
    .updateTable('admins')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
