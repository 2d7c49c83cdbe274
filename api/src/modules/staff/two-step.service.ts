import type { Admin } from '@voltcart/shared';
import QRCode from 'qrcode';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import { AppError, forbidden, unauthorized } from '../../errors';
import { hashShortCode, newRecoveryCode, seal, unseal } from '../../lib/secrets';
import { newTotpSecret, totpStep } from '../../lib/totp';
import { transaction } from '../../lib/transaction';
import { toAdmin } from '../admin/admin.mapping';
import { findAdminById } from '../admin/admin.repository';
import { type Actor, recordAudit } from '../audit/audit.service';
import { savedShopName } from '../mail/mail.repository';
import * as repo from './staff.repository';

type TwoStepDeps = Pick<Deps, 'db' | 'config'>;

/** How many recovery codes an enrolment gives. */
const RECOVERY_CODES = 10;

export const TWO_STEP_MESSAGES = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app (or one of your recovery codes).',
  badCode:
    'This code is not right, or was already used. Enter the current code from your app, or a recovery code.',
  notStarted: 'Start the set-up first: scan the new QR code, then enter the code your app shows.',
  required: 'The Owner requires two-step sign-in for every staff account: it cannot be turned off.',
} as const;
const M = TWO_STEP_MESSAGES;

const key = (d: TwoStepDeps) => d.config.JWT_SECRET;

/**
 * Checks a second-step code of an account with two-step sign-in, in the caller's transaction:
 * - 6 digits: the authenticator's code, good once (a step at or before the last one used is refused)
 * - anything else: a recovery code, good once
 */
export async function checkSecondStep(d: TwoStepDeps, trx: Db, id: number, code: string): Promise<boolean> {
  const row = await repo.lockTwoStep(trx, id);
  if (!row?.totp_secret) return false;
  const clean = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(clean)) {
    const step = totpStep(unseal(key(d), row.totp_secret), clean);
    return step !== null && (await repo.useTotpStep(trx, id, step));
  }
  return repo.useRecoveryCode(trx, id, hashShortCode(key(d), 'recovery', clean));
}

async function loadAdmin(d: TwoStepDeps, id: number): Promise<Admin> {
  const row = await findAdminById(d.db, id);
  if (!row) throw unauthorized('Your session is not valid. Please log in again.');
  return toAdmin(row, await repo.readTwoStepRequired(d.db));
}

/** Starts enrolling: a new secret, kept aside until the first code proves the app has it. */
export async function startEnrolment(
  d: TwoStepDeps,
  id: number,
): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const row = await findAdminById(d.db, id);
  if (!row) throw unauthorized('Your session is not valid. Please log in again.');
  const issuer = (await savedShopName(d.db)) || d.config.SHOP_NAME;
  const { secret, uri } = newTotpSecret(row.email, issuer);
  await repo.setTwoStep(d.db, id, { totp_pending: seal(key(d), secret) });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** Finishes enrolling with the app's first code: two-step sign-in is on, and ten recovery codes are answered once. */
export async function enable(
  d: TwoStepDeps,
  actor: Actor,
  id: number,
  code: string,
): Promise<{ admin: Admin; recoveryCodes: string[] }> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await transaction(d.db, async (trx) => {
    const row = await repo.lockTwoStep(trx, id);
    if (!row?.totp_pending) throw new AppError(400, 'invalid_code', M.notStarted);
    const secret = unseal(key(d), row.totp_pending);
    const step = totpStep(secret, code);
    if (step === null) throw new AppError(400, 'invalid_code', M.badCode);
    await repo.setTwoStep(trx, id, {
      totp_secret: row.totp_pending,
      totp_pending: null,
      totp_last_step: step,
    });
    await repo.replaceRecoveryCodes(
      trx,
      id,
      recoveryCodes.map((c) => hashShortCode(key(d), 'recovery', c)),
    );
    await recordAudit(trx, {
      actor,
      action: 'staff.two_step_enabled',
      kind: 'staff',
      objectId: id,
      summary: `${row.name} turned on two-step sign-in`,
    });
  });
  return { admin: await loadAdmin(d, id), recoveryCodes };
}

/** Turns two-step sign-in off with a current code; refused while the Owner requires it. */
export async function disable(d: TwoStepDeps, actor: Actor, id: number, code: string): Promise<Admin> {
  if (await repo.readTwoStepRequired(d.db)) throw forbidden(M.required);
  await transaction(d.db, async (trx) => {
    if (!(await checkSecondStep(d, trx, id, code))) throw new AppError(400, 'invalid_code', M.badCode);
    await clearTwoStep(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'staff.two_step_disabled',
      kind: 'staff',
      objectId: id,
      summary: 'Turned off two-step sign-in',
    });
  });
  return loadAdmin(d, id);
}

/** No secret, no recovery codes (the account enrols again when two-step sign-in is required). */
export async function clearTwoStep(trx: Db, id: number): Promise<void> {
  await repo.setTwoStep(trx, id, { totp_secret: null, totp_pending: null, totp_last_step: null });
  await repo.replaceRecoveryCodes(trx, id, []);
}
