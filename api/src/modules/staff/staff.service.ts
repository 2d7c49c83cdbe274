import { randomBytes } from 'node:crypto';
import {
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  type StaffInviteBody,
  type StaffMember,
  type StaffRole,
  type StaffUpdateBody,
} from '@voltcart/shared';
import type { Deps } from '../../app-env';
import { AppError, conflict, notFound } from '../../errors';
import { bcryptCost, hashPassword } from '../../lib/passwords';
import { transaction } from '../../lib/transaction';
import { insertAdmin } from '../admin/admin.repository';
import { type Actor, recordAudit } from '../audit/audit.service';
import * as repo from './staff.repository';

type StaffDeps = Pick<Deps, 'db' | 'config'>;

export const STAFF_MESSAGES = {
  lastOwner: 'The shop needs at least one active Owner: make someone else an Owner first.',
  emailTaken: 'A staff account with this email already exists.',
} as const;

const toMember = (row: {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  active: number;
  created_at: Date;
}): StaffMember => ({
  _id: String(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
  permissions: [...ROLE_PERMISSIONS[row.role]],
  active: Boolean(row.active),
  createdAt: row.created_at.toISOString(),
});

/** A first (or reset) password: 16 random characters, shown once to the Owner who passes it on. */
const newPassword = () => randomBytes(12).toString('base64url');

export async function listStaff(d: StaffDeps): Promise<StaffMember[]> {
  return (await repo.listStaff(d.db)).map(toMember);
}

/** A new staff account with a first password (answered once, stored only as its hash). */
export async function inviteStaff(
  d: StaffDeps,
  actor: Actor,
  input: StaffInviteBody,
): Promise<{ member: StaffMember; password: string }> {
  const password = newPassword();
  const password_hash = await hashPassword(password, bcryptCost(d.config.NODE_ENV));
  const member = await transaction(d.db, async (trx) => {
    const id = await insertAdmin(trx, { ...input, password_hash }).catch((e: { errno?: number }) => {
      throw e.errno === 1062 ? new AppError(409, 'email_taken', STAFF_MESSAGES.emailTaken) : e;
    });
    await recordAudit(trx, {
      actor,
      action: 'staff.invite',
      kind: 'staff',
      objectId: id,
      summary: `Invited ${input.name} as ${ROLE_LABELS[input.role]}`,
      after: { name: input.name, email: input.email, role: input.role, active: true },
    });
    return toMember((await repo.findStaff(trx, id))!);
  });
  return { member, password };
}

/**
 * Role and active state. Rules:
 * - the shop keeps at least one active Owner: demoting or deactivating the last one is 409 `last_owner`
 *   (the Owners are locked first, so two Owners demoting each other at once cannot both succeed)
 * - a deactivated account's tokens are refused from the next request on (authenticate reads `active`)
 */
export async function updateStaff(
  d: StaffDeps,
  actor: Actor,
  id: number,
  input: StaffUpdateBody,
): Promise<StaffMember> {
  return transaction(d.db, async (trx) => {
    const owners = await repo.lockActiveOwners(trx);
    const row = await repo.findStaff(trx, id);
    if (!row) throw notFound('Staff member');
    const staysOwner = (input.role ?? row.role) === 'owner' && (input.active ?? Boolean(row.active));
    if (owners.includes(id) && !staysOwner && owners.length === 1)
      throw conflict(STAFF_MESSAGES.lastOwner, 'last_owner');
    await repo.updateStaff(trx, id, {
      ...(input.role ? { role: input.role } : {}),
      ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
    });
    const after = toMember((await repo.findStaff(trx, id))!);
    await recordAudit(trx, {
      actor,
      action: 'staff.update',
      kind: 'staff',
      objectId: id,
      summary: `${after.name}: ${ROLE_LABELS[after.role]}, ${after.active ? 'active' : 'deactivated'}`,
      before: { role: row.role, active: Boolean(row.active) },
      after: { role: after.role, active: after.active },
    });
    return after;
  });
}

/** A new password, answered once; the account's sessions end. */
export async function resetStaffPassword(
  d: StaffDeps,
  actor: Actor,
  id: number,
): Promise<{ member: StaffMember; password: string }> {
  const password = newPassword();
  const password_hash = await hashPassword(password, bcryptCost(d.config.NODE_ENV));
  const member = await transaction(d.db, async (trx) => {
    const row = await repo.findStaff(trx, id);
    if (!row) throw notFound('Staff member');
    await repo.setStaffPassword(trx, id, password_hash);
    // Never the password itself: only that it was reset (the account's sessions ended with it).
    await recordAudit(trx, {
      actor,
      action: 'staff.password_reset',
      kind: 'staff',
      objectId: id,
      summary: `New password for ${row.name}`,
    });
    return toMember(row);
  });
  return { member, password };
}
