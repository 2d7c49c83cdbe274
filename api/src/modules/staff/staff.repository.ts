import type { StaffRole } from '@voltcart/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Q = Kysely<Database>;

const columns = ['id', 'name', 'email', 'role', 'active', 'created_at'] as const;

export function listStaff(db: Q) {
  return db.selectFrom('admins').select(columns).orderBy('active', 'desc').orderBy('name').execute();
}

export function findStaff(db: Q, id: number) {
  return db.selectFrom('admins').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The active Owners, locked until the transaction ends (two Owners demoting each other at once: one waits). */
export async function lockActiveOwners(db: Q): Promise<number[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'owner')
    .where('active', '=', 1)
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function updateStaff(db: Q, id: number, values: { role?: StaffRole; active?: number }) {
  await db.updateTable('admins').set(values).where('id', '=', id).execute();
}

/** A new password: the token version moves on, so every session of the account ends. */
export async function setStaffPassword(db: Q, id: number, password_hash: string) {
  await db
    .updateTable('admins')
    .set((eb) => ({ password_hash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
