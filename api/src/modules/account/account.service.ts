import type { AccountExport, User } from '@voltcart/shared';
import { toRupees } from '@voltcart/shared';
import type { Deps } from '../../app-env';
import { isDuplicateKey } from '../../db/errors';
import { AppError, badRequest, conflict, unauthorized } from '../../errors';
import { bcryptCost, hashPassword, verifyPassword } from '../../lib/passwords';
import { beginLoginAttempt, clearAccountCounters, withinHourlyLimit } from '../../lib/rate-limit';
import { hashLinkToken, hashShortCode, newLinkToken, newSixDigitCode } from '../../lib/secrets';
import { type Trx, transaction } from '../../lib/transaction';
import { enqueueMail } from '../mail/mail.service';
import { shipAddress } from '../order/order.mapping';
import { requiresVerifiedEmail } from '../settings/settings.service';
import { loadUser, USER_MESSAGES } from '../user/user.service';
import * as repo from './account.repository';

type AccountDeps = Pick<Deps, 'db' | 'config' | 'tokens' | 'logger'>;

export const ACCOUNT_MESSAGES = {
  linkSent: 'If an account exists for this address, we have sent a link. It works for 30 minutes.',
  codeSent: 'If an account exists for this address, we have sent a 6-digit code. It works for 10 minutes.',
  tooManyMails: 'Too many requests from your network. Please try again in an hour.',
  badLink: 'This link is not valid any more: it was used, it expired or it was changed. Ask for a new one.',
  badCode: 'This code is wrong or has expired. Check the mail, or ask for a new code.',
  passwordReset: 'Your password has been changed. You are now logged in.',
  passwordChanged: 'Your password has been changed. Your other devices have been logged out.',
  wrongPassword: 'Your current password is not right.',
  nameSaved: 'Your name has been saved.',
  emailConfirmSent:
    'We have sent a confirmation link to the new address. Your e-mail changes when you open it.',
  emailUnavailable: 'This e-mail address cannot be used for your account. Choose another one.',
  emailSame: 'This is already your e-mail address.',
  emailChanged: 'Your e-mail address has been changed. Log in with the new one from now on.',
  deleteSent: 'We have sent a link to your e-mail address. Open it to delete your account.',
  deleted: 'Your account has been deleted.',
  verifySent: 'We have sent a confirmation link to your e-mail address. It works for 7 days.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  verified: 'Thank you: your e-mail address is confirmed.',
  tooManyVerifyMails:
    'We have sent several links in the last hour. Please look for them, or try again later.',
  verifyFirst:
    'Please confirm your e-mail address before your first order: open the link we sent you, or ask for a new one in your account.',
} as const;
const M = ACCOUNT_MESSAGES;

const MINUTES = repo.LINK_MINUTES;
/** Keeps a mailed link's token (its hash only), valid for its purpose's minutes. */
function storeLinkToken(
  trx: Trx,
  purpose: 'reset' | 'email' | 'delete' | 'verify',
  userId: number,
  token: string,
  newEmail?: string,
): Promise<void> {
  return repo.insertToken(trx, {
    purpose,
    userId,
    hash: hashLinkToken(token),
    minutes: MINUTES[purpose],
    newEmail,
  });
}

/** Wrong tries a sign-in code survives. */
const CODE_TRIES = 5;
/** Reset and sign-in mails one account may be sent per hour, whoever asks (no mail flood). */
const ACCOUNT_MAILS_PER_HOUR = 5;

/**
 * Password reset and sign-in code requests (the two "mail me something to get in" requests):
 * - per client address: at most ACCOUNT_MAIL_MAX_PER_HOUR, else 429 (says nothing about any account)
 * - the answer does not wait for the account to be looked up: the lookup, the per-account limit and the mail are
 *   done after it, so an address with an account and one without are answered alike and in the same time
 */
async function mailIfAccount(
  d: AccountDeps,
  email: string,
  address: string,
  send: (user: { id: number; name: string; email: string }) => Promise<void>,
): Promise<void> {
  if (!(await withinHourlyLimit(d.db, `accountmail:ip:${address}`, d.config.ACCOUNT_MAIL_MAX_PER_HOUR)))
    throw new AppError(429, 'too_many_attempts', M.tooManyMails, { retryAfterSeconds: 3600 });
  void (async () => {
    if (!(await withinHourlyLimit(d.db, `accountmail:acct:${email}`, ACCOUNT_MAILS_PER_HOUR))) return;
    const user = await repo.findAccountByEmail(d.db, email);
    if (user && !user.blocked_at) await send(user);
  })().catch((e) => d.logger.error('account mail failed', { error: String(e) }));
}

export function forgotPassword(d: AccountDeps, email: string, address: string): Promise<void> {
  return mailIfAccount(d, email, address, async (user) => {
    const token = newLinkToken();
    await transaction(d.db, async (trx) => {
      await storeLinkToken(trx, 'reset', user.id, token);
      await enqueueMail(trx, d.config, {
        kind: 'password_reset',
        to: user.email,
        data: { name: user.name, path: `/reset-password?token=${token}` },
      });
    });
  });
}

export function requestSignInCode(d: AccountDeps, email: string, address: string): Promise<void> {
  return mailIfAccount(d, email, address, async (user) => {
    const code = newSixDigitCode();
    await transaction(d.db, async (trx) => {
      // A new code replaces any earlier one.
      await repo.endTokens(trx, user.id, ['code']);
      await repo.insertToken(trx, {
        purpose: 'code',
        userId: user.id,
        hash: hashShortCode(d.config.JWT_SECRET, 'code', code),
        minutes: MINUTES.code,
      });
      await enqueueMail(trx, d.config, {
        kind: 'sign_in_code',
        to: user.email,
        data: { name: user.name, secret: code },
      });
    });
  });
}

/**
 * A new password from a reset link. The link works once, for 30 minutes, and not after any other password
 * change; every session of the account ends, and the answer logs this browser in.
 */
export async function resetPassword(
  d: AccountDeps,
  token: string,
  password: string,
): Promise<{ user: User; token: string }> {
  const hash = await hashPassword(password, bcryptCost(d.config.NODE_ENV));
  const { id, version, email } = await transaction(d.db, async (trx) => {
    const row = await repo.findLiveToken(trx, 'reset', hashLinkToken(token));
    if (!row || !(await repo.useToken(trx, row.id))) throw badRequest(M.badLink, 'invalid_link');
    const account = await repo.findAccountById(trx, row.user_id);
    if (!account) throw badRequest(M.badLink, 'invalid_link');
    const v = await repo.setPassword(trx, account.id, hash);
    await repo.endTokens(trx, account.id, ['reset', 'code']);
    // The link reached the address.
    await repo.markEmailVerified(trx, account.id);
    return { id: account.id, version: v, email: account.email };
  });
  await clearAccountCounters(d.db, 'customer', email);
  return { user: await loadUser(d.db, id), token: await d.tokens.sign('customer', id, version) };
}

/**
 * Sign-in with a mailed code: the login throttling of passwords applies; a code works once, for 10 minutes,
 * and dies after 5 wrong tries.
 */
export async function codeLogin(
  d: AccountDeps,
  input: { email: string; code: string; device?: string },
  address: string,
): Promise<{ user: User; token: string; device: string }> {
  const attempt = await beginLoginAttempt(d.db, d.config, 'customer', input.email, address, input.device);
  const user = await transaction(d.db, async (trx) => {
    const account = await repo.findAccountByEmail(trx, input.email);
    const code = account && (await repo.findLiveCode(trx, account.id));
    if (!account || !code || code.tries >= CODE_TRIES) return null;
    await repo.countTry(trx, code.id);
    if (code.token_hash !== hashShortCode(d.config.JWT_SECRET, 'code', input.code)) return null;
    if (!(await repo.useToken(trx, code.id))) return null;
    // The code reached the address.
    await repo.markEmailVerified(trx, account.id);
    return account;
  });
  if (!user) {
    await attempt.failed();
    throw new AppError(401, 'invalid_code', M.badCode);
  }
  const device = await attempt.succeeded();
  if (user.blocked_at) throw new AppError(403, 'account_blocked', USER_MESSAGES.blocked);
  return {
    user: await loadUser(d.db, user.id),
    token: await d.tokens.sign('customer', user.id, user.token_version),
    device,
  };
}

async function liveAccount(d: AccountDeps, id: number) {
  const account = await repo.findAccountById(d.db, id);
  if (!account) throw unauthorized('Your session is not valid. Please log in again.');
  return account;
}

/** The current password of a signed-in shopper, throttled like a login (a stolen session cannot guess it). */
async function checkCurrentPassword(
  d: AccountDeps,
  account: { email: string; password_hash: string },
  password: string,
  address: string,
): Promise<void> {
  const attempt = await beginLoginAttempt(d.db, d.config, 'customer', account.email, address);
  if (!(await verifyPassword(password, account.password_hash, bcryptCost(d.config.NODE_ENV)))) {
    await attempt.failed();
    throw new AppError(401, 'invalid_credentials', M.wrongPassword);
  }
  await attempt.succeeded();
}

export async function updateName(d: AccountDeps, id: number, name: string): Promise<User> {
  await liveAccount(d, id);
  await repo.setName(d.db, id, name);
  return loadUser(d.db, id);
}

/**
 * An e-mail change: the current password, then a link to the new address (the change happens when it is
 * opened) and a notice to the old one. An address of another account is refused without saying whose.
 */
export async function requestEmailChange(
  d: AccountDeps,
  id: number,
  input: { email: string; password: string },
  address: string,
): Promise<void> {
  const account = await liveAccount(d, id);
  await checkCurrentPassword(d, account, input.password, address);
  if (input.email === account.email) throw badRequest(M.emailSame);
  if (await repo.emailTaken(d.db, input.email)) throw conflict(M.emailUnavailable, 'email_taken');
  const token = newLinkToken();
  await transaction(d.db, async (trx) => {
    await repo.endTokens(trx, id, ['email']);
    await storeLinkToken(trx, 'email', id, token, input.email);
    await enqueueMail(trx, d.config, {
      kind: 'email_change',
      to: input.email,
      data: { name: account.name, path: `/account/confirm-email?token=${token}` },
    });
    await enqueueMail(trx, d.config, {
      kind: 'email_changed',
      to: account.email,
      data: { name: account.name, newEmail: input.email, path: '/profile' },
    });
  });
}

export async function confirmEmailChange(d: AccountDeps, token: string): Promise<void> {
  await transaction(d.db, async (trx) => {
    const row = await repo.findLiveToken(trx, 'email', hashLinkToken(token));
    if (!row?.new_email || !(await repo.useToken(trx, row.id))) throw badRequest(M.badLink, 'invalid_link');
    if (!(await repo.findAccountById(trx, row.user_id))) throw badRequest(M.badLink, 'invalid_link');
    await repo.setEmail(trx, row.user_id, row.new_email).catch((e) => {
      throw isDuplicateKey(e) ? conflict(M.emailUnavailable, 'email_taken') : e;
    });
    // A reset link sent to the old address must not work any more; the new one is confirmed by this link.
    await repo.endTokens(trx, row.user_id, ['reset', 'code', 'verify']);
    await repo.markEmailVerified(trx, row.user_id);
  });
}

/** A new password with the current one; other sessions end, and this one gets a new token. */
export async function changePassword(
  d: AccountDeps,
  id: number,
  input: { currentPassword: string; password: string },
  address: string,
): Promise<{ user: User; token: string }> {
  const account = await liveAccount(d, id);
  await checkCurrentPassword(d, account, input.currentPassword, address);
  const hash = await hashPassword(input.password, bcryptCost(d.config.NODE_ENV));
  const version = await transaction(d.db, async (trx) => {
    const v = await repo.setPassword(trx, id, hash);
    await repo.endTokens(trx, id, ['reset', 'code']);
    return v;
  });
  return { user: await loadUser(d.db, id), token: await d.tokens.sign('customer', id, version) };
}

/** Everything the shop keeps about the shopper: profile, addresses, orders with their lines and refunds. */
export async function exportData(d: AccountDeps, id: number): Promise<AccountExport> {
  const account = await liveAccount(d, id);
  const [user, orders, newsletter] = await Promise.all([
    loadUser(d.db, id),
    repo.ordersOf(d.db, id),
    repo.onNewsletter(d.db, account.email),
  ]);
  const ids = orders.map((o) => o.id);
  const [lines, refunds] = await Promise.all([repo.linesOf(d.db, ids), repo.refundsOf(d.db, ids)]);
  return {
    exportedAt: new Date().toISOString(),
    profile: { name: account.name, email: account.email, createdAt: account.created_at.toISOString() },
    addresses: user.shipping_address,
    orders: orders.map((o) => ({
      _id: o.public_id,
      placedAt: o.created_at.toISOString(),
      state: o.state,
      total: toRupees(o.total_paise),
      paymentMode: o.payment_mode ? 'online' : 'cod',
      shippingAddress: shipAddress(o),
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          name: l.name,
          options: [l.color_name, l.memory_size ? `${l.memory_size} GB` : ''].filter(Boolean).join(', '),
          qty: l.qty,
          unitPrice: toRupees(l.unit_price_paise),
        })),
      refunds: refunds
        .filter((r) => r.order_id === o.id)
        .map((r) => ({ amount: toRupees(r.amount_paise), state: r.state, at: r.created_at.toISOString() })),
    })),
    newsletter,
  };
}

/** Mails the link that confirms deleting the account (a session alone cannot delete it). */
export async function requestDeletion(d: AccountDeps, id: number): Promise<void> {
  const account = await liveAccount(d, id);
  const token = newLinkToken();
  await transaction(d.db, async (trx) => {
    await storeLinkToken(trx, 'delete', id, token);
    await enqueueMail(trx, d.config, {
      kind: 'delete_account',
      to: account.email,
      data: { name: account.name, path: `/account/delete?token=${token}` },
    });
  });
}

/** Erases the account's personal data (account.repository eraseAccount) and tells the old address. */
export async function confirmDeletion(d: AccountDeps, token: string): Promise<void> {
  await transaction(d.db, async (trx) => {
    const row = await repo.findLiveToken(trx, 'delete', hashLinkToken(token));
    if (!row || !(await repo.useToken(trx, row.id))) throw badRequest(M.badLink, 'invalid_link');
    const account = await repo.findAccountById(trx, row.user_id);
    if (!account) throw badRequest(M.badLink, 'invalid_link');
    await repo.eraseAccount(trx, account.id, account.email);
    await enqueueMail(trx, d.config, {
      kind: 'account_deleted',
      to: account.email,
      data: { name: account.name },
    });
  });
}

/** Confirmation links one account may be sent per hour (the welcome mail's aside). */
const VERIFY_MAILS_PER_HOUR = 3;

/** A new link that confirms the account's e-mail address (the one in the welcome mail stops working). */
export async function sendVerificationLink(d: AccountDeps, id: number): Promise<void> {
  const account = await liveAccount(d, id);
  const state = await repo.orderingState(d.db, id);
  if (state?.email_verified_at) throw badRequest(M.alreadyVerified, 'already_verified');
  if (!(await withinHourlyLimit(d.db, `verifymail:acct:${id}`, VERIFY_MAILS_PER_HOUR)))
    throw new AppError(429, 'too_many_attempts', M.tooManyVerifyMails, { retryAfterSeconds: 3600 });
  const token = newLinkToken();
  await transaction(d.db, async (trx) => {
    await repo.endTokens(trx, id, ['verify']);
    await storeLinkToken(trx, 'verify', id, token);
    await enqueueMail(trx, d.config, {
      kind: 'verify_email',
      to: account.email,
      data: { name: account.name, path: repo.verifyLinkPath(token) },
    });
  });
}

/** Opening the link confirms the address; a used, expired or altered link is refused. */
export async function confirmVerification(d: AccountDeps, token: string): Promise<void> {
  await transaction(d.db, async (trx) => {
    const row = await repo.findLiveToken(trx, 'verify', hashLinkToken(token));
    if (!row || !(await repo.useToken(trx, row.id))) throw badRequest(M.badLink, 'invalid_link');
    await repo.markEmailVerified(trx, row.user_id);
  });
}

/**
 * With the shop's setting on, an account whose address is not confirmed cannot place its first order
 * (403 `email_unverified`); accounts that have ordered before go on as they did. Checkout reads the setting and
 * the account with its first statement.
 */
export function assertMayOrder(
  saved: Map<string, string>,
  account: { emailVerified: boolean; ordered: boolean },
): void {
  if (requiresVerifiedEmail(saved) && !account.emailVerified && !account.ordered)
    throw new AppError(403, 'email_unverified', M.verifyFirst);
}
