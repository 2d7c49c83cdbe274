import {
  type Address,
  AUTH_MESSAGES,
  type CustomerLoginBody,
  type RegisterBody,
  type ShippingAddress,
  type User,
} from '@voltcart/shared';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { AppError, badRequest, conflict, unauthorized } from '../../errors';
import type { Principal } from '../../lib/auth';
import { endSession } from '../../lib/auth-repository';
import { bcryptCost, hashPassword, verifyPassword } from '../../lib/passwords';
import { beginLoginAttempt } from '../../lib/rate-limit';
import { hashLinkToken, newLinkToken } from '../../lib/secrets';
import { transaction } from '../../lib/transaction';
import * as accountTokens from '../account/account.repository';
import { assertPincodeInState } from '../delivery/delivery.service';
import { enqueueMail } from '../mail/mail.service';
import * as repo from './user.repository';

type AuthDeps = Pick<Deps, 'db' | 'config' | 'tokens'>;

/** Saved addresses per account: enough for home, work and family, small enough to show on one screen. */
const MAX_ADDRESSES = 20;

export const USER_MESSAGES = {
  registered: AUTH_MESSAGES.registered,
  loggedIn: 'Logged in successfully.',
  loggedOut: 'You have been logged out.',
  loggedOutEverywhere: 'You have been logged out on every device.',
  invalidLogin: 'Invalid email or password.',
  duplicateEmail: 'An account with this e-mail already exists. Log in or reset your password.',
  addressAdded: 'Address added successfully!',
  addressDeleted: 'Address deleted.',
  addressSaved: 'Address saved.',
  addressDefault: 'Default address saved.',
  blocked: 'This account is blocked. Please contact the shop to have it opened again.',
  tooManyAddresses: `You can save at most ${MAX_ADDRESSES} addresses. Delete one to add another.`,
} as const;

/**
 * The call table's register payload has no confirmation field, but a client that sends one (the storefront's form has
 * "confirm password") must not get an account whose password differs from what the shopper typed twice.
 */
export function assertPasswordsMatch(password: string, ...confirmations: unknown[]): void {
  for (const v of confirmations) {
    if (v !== undefined && v !== null && v !== password) throw badRequest(AUTH_MESSAGES.mismatch);
  }
}

export function toAddress(a: repo.AddressRow): Address {
  return {
    _id: String(a.id),
    adressLine1: a.adress_line1,
    adressLine2: a.adress_line2,
    city: a.city,
    state: a.state,
    postalCode: a.postal_code,
    country: a.country,
    contact: a.contact,
    name: a.name,
    landmark: a.landmark,
    stateCode: a.state_code,
    isDefault: Boolean(a.is_default),
  };
}

export async function loadUser(db: Db, id: number): Promise<User> {
  const [row, addresses] = await Promise.all([repo.findUserById(db, id), repo.listAddresses(db, id)]);
  // The token was valid a moment ago: the account has just been deleted.
  if (!row) throw unauthorized('Your session is not valid. Please log in again.');
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    shipping_address: addresses.map(toAddress),
    emailVerified: row.email_verified_at !== null,
    reminderMails: row.reminder_mails === 1,
  };
}

/**
 * Creates a customer account and logs it in. The unique key on email settles concurrent sign-ups. The welcome
 * mail is written to the outbox in the same transaction as the account.
 */
export async function register(d: AuthDeps, input: RegisterBody): Promise<{ user: User; token: string }> {
  const password_hash = await hashPassword(input.password, bcryptCost(d.config.NODE_ENV));
  let id: number;
  try {
    id = await transaction(d.db, async (trx) => {
      const newId = await repo.insertUser(trx, { name: input.name, email: input.email, password_hash });
      // The welcome mail carries a link that confirms the address (the shop may require it before a first order).
      const link = newLinkToken();
      await accountTokens.insertToken(trx, {
        purpose: 'verify',
        userId: newId,
        hash: hashLinkToken(link),
        minutes: accountTokens.LINK_MINUTES.verify,
      });
      await enqueueMail(trx, d.config, {
        kind: 'account_created',
        to: input.email,
        data: { name: input.name, path: accountTokens.verifyLinkPath(link) },
      });
      return newId;
    });
  } catch (e) {
    if (isDuplicateKey(e)) throw conflict(USER_MESSAGES.duplicateEmail, 'email_taken');
    throw e;
  }
  const token = await d.tokens.sign('customer', id, 0);
  return {
    user: {
      _id: String(id),
      name: input.name,
      email: input.email,
      shipping_address: [],
      emailVerified: false,
      reminderMails: true,
    },
    token,
  };
}

/**
 * Customer login.
 * - throttled (lib/rate-limit.ts) before the password is looked at
 * - an unknown email and a wrong password get the same 401 message after the same bcrypt work
 * - answers a device token for the browser to send with later logins
 */
export async function login(
  d: AuthDeps,
  input: CustomerLoginBody,
  address: string,
): Promise<{ user: User; token: string; device: string }> {
  const attempt = await beginLoginAttempt(d.db, d.config, 'customer', input.email, address, input.device);
  const row = await repo.findUserByEmail(d.db, input.email);
  const ok = await verifyPassword(input.password, row?.password_hash, bcryptCost(d.config.NODE_ENV));
  if (!ok || !row) {
    await attempt.failed();
    throw new AppError(401, 'invalid_credentials', USER_MESSAGES.invalidLogin);
  }
  const device = await attempt.succeeded();
  // Told only to someone who knows the password: the account exists and staff blocked it.
  if (row.blocked_at) throw new AppError(403, 'account_blocked', USER_MESSAGES.blocked);
  const token = await d.tokens.sign('customer', row.id, row.token_version);
  return { user: await loadUser(d.db, row.id), token, device };
}

/** Ends this session only: the account's other logins (other devices) go on. */
export function logout(db: Db, session: Pick<Principal, 'sid' | 'exp'>): Promise<void> {
  return endSession(db, session.sid, new Date(session.exp * 1000));
}

/** Bumping the token version makes every token issued to this account so far invalid. */
export function logoutEverywhere(db: Db, id: number): Promise<void> {
  return repo.bumpUserTokenVersion(db, id);
}

export async function addAddress(db: Db, userId: number, a: ShippingAddress): Promise<User> {
  assertPincodeInState(a.postalCode, a.stateCode);
  await db.transaction().execute(async (trx) => {
    // Serialises this user's concurrent additions so the limit holds.
    if (!(await repo.lockUser(trx, userId)))
      throw unauthorized('Your session is not valid. Please log in again.');
    if ((await repo.countAddresses(trx, userId)) >= MAX_ADDRESSES)
      throw badRequest(USER_MESSAGES.tooManyAddresses, 'too_many_addresses');
    await repo.insertAddress(trx, { user_id: userId, ...addressRow(a) });
  });
  return loadUser(db, userId);
}

/** Changes one of the shopper's saved addresses in place; someone else's is reported as not found. */
export async function updateAddress(
  db: Db,
  userId: number,
  addressId: number,
  a: ShippingAddress,
): Promise<User> {
  assertPincodeInState(a.postalCode, a.stateCode);
  await transaction(db, async (trx) => {
    if (!(await repo.findOwnAddress(trx, userId, addressId)))
      throw new AppError(404, 'not_found', 'Address not found.');
    await repo.updateAddress(trx, addressId, addressRow(a));
  });
  return loadUser(db, userId);
}

function addressRow(a: ShippingAddress) {
  return {
    adress_line1: a.adressLine1,
    adress_line2: a.adressLine2,
    city: a.city,
    state: a.state,
    postal_code: a.postalCode,
    country: a.country,
    contact: a.contact,
    name: a.name,
    landmark: a.landmark,
    state_code: a.stateCode,
    address_review: 0,
  };
}

/** One of the shopper's addresses becomes the default, the others not; someone else's is not found. */
export async function setDefaultAddress(db: Db, userId: number, addressId: number): Promise<User> {
  await transaction(db, async (trx) => {
    if (!(await repo.findOwnAddress(trx, userId, addressId)))
      throw new AppError(404, 'not_found', 'Address not found.');
    await repo.setDefaultAddress(trx, userId, addressId);
  });
  return loadUser(db, userId);
}

/** Someone else's address is reported as not found, so ids cannot be probed. */
export async function removeAddress(db: Db, userId: number, addressId: number): Promise<User> {
  if ((await repo.deleteAddress(db, userId, addressId)) === 0)
    throw new AppError(404, 'not_found', 'Address not found.');
  return loadUser(db, userId);
}
