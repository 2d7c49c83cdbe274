import type { StaffRole } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { staffColumns } from '../admin/admin.repository';

export function listStaff(db: Db) {
  return db.selectFrom('admins').select(staffColumns).orderBy('active', 'desc').orderBy('name').execute();
}

export function findStaff(db: Db, id: number) {
  return db.selectFrom('admins').select(staffColumns).where('id', '=', id).executeTakeFirst();
}

/** The active Owners, locked until the transaction ends (two Owners demoting each other at once: one waits). */
export async function lockActiveOwners(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('admins')
    .select('id')
    .where('role', '=', 'owner')
    .where('active', '=', 1)
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function updateStaff(db: Db, id: number, values: { role?: StaffRole; active?: number }) {
  await db.updateTable('admins').set(values).where('id', '=', id).execute();
}

/**
 * A new password: the token version moves on, so every session of the account ends. `mustChange`: a password
 * someone else set (the Owner's reset), to be changed at the next login.
 */
export async function setStaffPassword(db: Db, id: number, password_hash: string, mustChange: boolean) {
  await db
    .updateTable('admins')
    .set((eb) => ({
      password_hash,
      must_change_password: mustChange ? 1 : 0,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export async function bumpTokenVersion(db: Db, id: number) {
  await db
    .updateTable('admins')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

const TWO_STEP_SETTING = 'staff_two_step_required';

/** Whether the Owner requires two-step sign-in of every staff account. */
export async function readTwoStepRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', TWO_STEP_SETTING)
    .executeTakeFirst();
  return row?.value === '1';
}

export async function writeTwoStepRequired(db: Db, on: boolean): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name: TWO_STEP_SETTING, value: on ? '1' : '0' })
    .onDuplicateKeyUpdate({ value: on ? '1' : '0' })
    .execute();
}

/** The account's two-step state, locked for the caller's transaction. */
export function lockTwoStep(db: Db, id: number) {
  return db
    .selectFrom('admins')
    .select(['id', 'name', 'email', 'totp_secret', 'totp_pending', 'totp_last_step'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setTwoStep(
  db: Db,
  id: number,
  values: { totp_secret?: string | null; totp_pending?: string | null; totp_last_step?: number | null },
): Promise<void> {
  await db.updateTable('admins').set(values).where('id', '=', id).execute();
}

/** Moves the last used step on; false when a code of this step (or a later one) was already used. */
export async function useTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('admins')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Db, id: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('admin_id', '=', id).execute();
  if (hashes.length)
    await db
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ admin_id: id, code_hash, used_at: null })))
      .execute();
}

/** Uses one recovery code; false when it is not the account's or was used already. */
export async function useRecoveryCode(db: Db, id: number, hash: string): Promise<boolean> {
  const r = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('admin_id', '=', id)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
