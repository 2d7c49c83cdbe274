import { randomBytes } from 'node:crypto';
import { ROLE_LABELS, type StaffInviteBody, type StaffMember, type StaffUpdateBody } from '@voltcart/shared';
import type { Deps } from '../../app-env';
import { AppError, conflict, notFound } from '../../errors';
import { bcryptCost, hashPassword } from '../../lib/passwords';
import type { Trx } from '../../lib/transaction';
import { transaction } from '../../lib/transaction';
import { type AdminRow, toAdmin } from '../admin/admin.mapping';
import { insertAdmin } from '../admin/admin.repository';
import { type Actor, recordAudit } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import * as repo from './staff.repository';
import { clearTwoStep } from './two-step.service';

type StaffDeps = Pick<Deps, 'db' | 'config'>;

export const STAFF_MESSAGES = {
  lastOwner: 'The shop needs at least one active Owner: make someone else an Owner first.',
  emailTaken: 'A staff account with this email already exists.',
  enrolFirst: 'Set up two-step sign-in for your own account first, then require it of everyone.',
  passwordMailed: (m: { name: string; email: string }) =>
    `We have mailed ${m.name} a first password at ${m.email}; they choose their own when they first log in.`,
} as const;

const toMember = (
  row: AdminRow & { active: number; created_at: Date },
  twoStepRequired: boolean,
): StaffMember => ({
  ...toAdmin(row, twoStepRequired),
  active: Boolean(row.active),
  createdAt: row.created_at.toISOString(),
});

async function findMember(trx: Trx, id: number): Promise<StaffMember> {
  return toMember((await repo.findStaff(trx, id))!, await repo.readTwoStepRequired(trx));
}

/**
 * A first (or reset) password: 16 random characters, mailed to the staff member (never shown to the Owner), who
 * must choose their own at the first login with it.
 */
const newPassword = () => randomBytes(12).toString('base64url');

/** Mails a first password, in the caller's transaction (the mail exists exactly when the password does). */
function mailPassword(trx: Trx, d: StaffDeps, to: { name: string; email: string }, password: string) {
  return enqueueMail(trx, d.config, {
    kind: 'staff_password',
    to: to.email,
    data: { name: to.name, secret: password },
  });
}

export async function listStaff(d: StaffDeps): Promise<StaffMember[]> {
  const required = await repo.readTwoStepRequired(d.db);
  return (await repo.listStaff(d.db)).map((row) => toMember(row, required));
}

/** A new staff account; its first password goes by mail to the new member (stored only as its hash). */
export async function inviteStaff(d: StaffDeps, actor: Actor, input: StaffInviteBody): Promise<StaffMember> {
  const password = newPassword();
  const password_hash = await hashPassword(password, bcryptCost(d.config.NODE_ENV));
  return transaction(d.db, async (trx) => {
    const id = await insertAdmin(trx, { ...input, password_hash, must_change_password: 1 }).catch(
      (e: { errno?: number }) => {
        throw e.errno === 1062 ? new AppError(409, 'email_taken', STAFF_MESSAGES.emailTaken) : e;
      },
    );
    await recordAudit(trx, {
      actor,
      action: 'staff.invite',
      kind: 'staff',
      objectId: id,
      summary: `Invited ${input.name} as ${ROLE_LABELS[input.role]}`,
      after: { name: input.name, email: input.email, role: input.role, active: true },
    });
    await mailPassword(trx, d, input, password);
    return findMember(trx, id);
  });
}

/**
 * Role and active state. Rules:
 * - the shop keeps at least one active Owner: demoting or deactivating the last one is 409 `last_owner`
 *   (the Owners are locked first, so two Owners demoting each other at once cannot both succeed)
 * - a deactivated account's tokens are refused from the next request on (authenticate reads `active`), and its
 *   token version moves on: reactivating it later does not bring those sessions back
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
    if (input.active === false && row.active) await repo.bumpTokenVersion(trx, id);
    const after = await findMember(trx, id);
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

/** A new first password, mailed to the staff member; the account's sessions end. */
export async function resetStaffPassword(d: StaffDeps, actor: Actor, id: number): Promise<StaffMember> {
  const password = newPassword();
  const password_hash = await hashPassword(password, bcryptCost(d.config.NODE_ENV));
  return transaction(d.db, async (trx) => {
    const row = await repo.findStaff(trx, id);
    if (!row) throw notFound('Staff member');
    await repo.setStaffPassword(trx, id, password_hash, true);
    // Never the password itself: only that it was reset (the account's sessions ended with it).
    await recordAudit(trx, {
      actor,
      action: 'staff.password_reset',
      kind: 'staff',
      objectId: id,
      summary: `New password for ${row.name}`,
    });
    await mailPassword(trx, d, row, password);
    return findMember(trx, id);
  });
}

/** Turns a staff member's two-step sign-in off (a lost phone); their sessions end. */
export async function resetStaffTwoStep(d: StaffDeps, actor: Actor, id: number): Promise<StaffMember> {
  return transaction(d.db, async (trx) => {
    const row = await repo.findStaff(trx, id);
    if (!row) throw notFound('Staff member');
    await clearTwoStep(trx, id);
    await repo.bumpTokenVersion(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'staff.two_step_reset',
      kind: 'staff',
      objectId: id,
      summary: `Two-step sign-in reset for ${row.name}`,
    });
    return findMember(trx, id);
  });
}

export function twoStepRequired(d: StaffDeps): Promise<boolean> {
  return repo.readTwoStepRequired(d.db);
}

/** The Owner's switch: every staff account must use two-step sign-in (those without it enrol at their next request). */
export async function saveTwoStepRequired(d: StaffDeps, actor: Actor, on: boolean): Promise<boolean> {
  await transaction(d.db, async (trx) => {
    // The Owner who switches it on must not be the first one it shuts out.
    const own = actor.id === null ? undefined : await repo.findStaff(trx, actor.id);
    if (on && !own?.totp_secret) throw conflict(STAFF_MESSAGES.enrolFirst);
    const before = await repo.readTwoStepRequired(trx);
    await repo.writeTwoStepRequired(trx, on);
    await recordAudit(trx, {
      actor,
      action: 'settings.update',
      kind: 'settings',
      objectId: 'staff-security',
      summary: `Two-step sign-in ${on ? 'required' : 'no longer required'} for every staff account`,
      before: { twoStepRequired: before },
      after: { twoStepRequired: on },
    });
  });
  return on;
}
