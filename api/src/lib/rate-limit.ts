import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { AppError } from '../errors';
import {
  claimPairAttempt,
  clearBucket,
  clearBucketsStartingWith,
  countAttempt,
  deleteExpired,
  isKnown,
  readCount,
  rememberKnown,
  takeOneBack,
} from './login-failures-repository';

export type LoginScope = 'admin' | 'customer';

/**
 * The client's address: the socket's peer. There is no trusted-proxy setting, so `X-Forwarded-For`
 * (which any client can forge) is never read. Requests that do not come through a socket
 * (`app.request()` in tests) count as 'unknown'.
 */
export function clientAddress(c: Context): string {
  // Behind a load balancer every socket is the balancer's. When configured to trust it, take the last
  // X-Forwarded-For entry: the one our balancer appended (earlier entries are whatever the client sent).
  if (c.var.config?.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address || 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface LoginAttempt {
  /**
   * Call after a correct password: clears the pair's failures, remembers the address for the account and answers
   * a device token for this browser or desk (sent back with later logins).
   */
  succeeded(): Promise<string>;
  /** Call after a wrong password: counts the failure against the account and the address too. */
  failed(): Promise<void>;
  /** Call when the attempt was neither (a right password still waiting for its second step): not counted. */
  takeBack(): Promise<void>;
}

let calls = 0;

/**
 * At most `max` counted events per hour in `bucket` (0 = no limit): true while under it. Every call counts.
 */
export async function withinHourlyLimit(db: Db, bucket: string, max: number): Promise<boolean> {
  return max === 0 || (await countAttempt(db, bucket, 60)) <= max;
}

/**
 * Sign-up rate limiting per client address (each sign-up costs a bcrypt hash, so unlimited sign-ups would let
 * anyone load the CPU): at most `REGISTER_MAX_PER_HOUR` per address per hour, 0 = no limit. Over it: 429.
 */
export async function limitRegistrations(
  db: Db,
  config: Pick<Config, 'REGISTER_MAX_PER_HOUR'>,
  address: string,
): Promise<void> {
  if (!(await withinHourlyLimit(db, `register:${address}`, config.REGISTER_MAX_PER_HOUR))) {
    throw new AppError(
      429,
      'too_many_attempts',
      'Too many sign-ups from your network. Please try again later.',
      {
        retryAfterSeconds: 3600,
      },
    );
  }
}

/** How long a known address stays known, and a device token good, after the latest login from it. */
const KNOWN_FOR_DAYS = 90;
/** The window of the account and address ceilings. */
const CEILING_MINUTES = 60;

/**
 * The wait before the next attempt of a pair after `failures` failures: none for the first `free`, then 1 s, 2 s,
 * 4 s … doubling up to `maxSeconds`.
 */
export function loginDelaySeconds(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), maxSeconds);
}

type ThrottleConfig = Pick<
  Config,
  | 'LOGIN_MAX_FAILURES'
  | 'LOGIN_WINDOW_MINUTES'
  | 'LOGIN_MAX_DELAY_SECONDS'
  | 'LOGIN_ACCOUNT_CEILING'
  | 'LOGIN_ADDRESS_CEILING'
  | 'JWT_SECRET'
>;

const tooMany = (seconds: number) => {
  const s = Math.max(1, Math.ceil(seconds));
  const wait =
    s < 60
      ? `${s} ${s === 1 ? 'second' : 'seconds'}`
      : `${Math.ceil(s / 60)} ${s < 120 ? 'minute' : 'minutes'}`;
  return new AppError(
    429,
    'too_many_attempts',
    `Too many login attempts. Please wait ${wait} and try again.`,
    {
      retryAfterSeconds: s,
    },
  );
};

const deviceMac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`device:${payload}`).digest('base64url');

/**
 * A device token: proof that this browser or desk logged in to the account before (signed, not stored). It is
 * good for KNOWN_FOR_DAYS after the login that gave it; every login gives a fresh one.
 */
export function signDevice(secret: string, scope: LoginScope, email: string, device: string): string {
  const t = Math.floor(Date.now() / 1000);
  const payload = Buffer.from(JSON.stringify({ s: scope, e: email, d: device, t })).toString('base64url');
  return `${payload}.${deviceMac(secret, payload)}`;
}

/** The device id of a token signed for this scope and e-mail, or null (missing, altered, someone else's). */
export function verifyDevice(
  secret: string,
  scope: LoginScope,
  email: string,
  token?: string,
): string | null {
  if (!token) return null;
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const want = Buffer.from(deviceMac(secret, payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      s?: string;
      e?: string;
      d?: string;
      t?: number;
    };
    const fresh = typeof p.t === 'number' && Date.now() / 1000 - p.t <= KNOWN_FOR_DAYS * 86_400;
    return fresh && p.s === scope && p.e === email && typeof p.d === 'string' && /^[\w-]{16,64}$/.test(p.d)
      ? p.d
      : null;
  } catch {
    return null;
  }
}

/** Every counter of one account (its pairs and its ceiling): `admin:create` and a password reset clear them. */
export function clearAccountCounters(db: Db, scope: LoginScope, email: string): Promise<void> {
  return clearBucketsStartingWith(db, [`${scope}:${email}|`, `${scope}:acct:${email}`]);
}

/**
 * Login throttling that slows guessing down without letting anyone lock another person out (the policy is
 * written up in docs/security.md):
 * - shoppers and staff are counted apart (every bucket starts with the scope)
 * - an account and address pair (or account and device, when the login carries a device token) may fail
 *   `LOGIN_MAX_FAILURES` times freely; then each attempt must wait 1 s, 2 s, 4 s … (at most
 *   `LOGIN_MAX_DELAY_SECONDS`) after the pair's latest failure, else 429 before any password check; the pair's
 *   failures are forgotten `LOGIN_WINDOW_MINUTES` after the latest one, and a success clears them
 * - ceilings per hour: `LOGIN_ACCOUNT_CEILING` failures on one account from anywhere, `LOGIN_ADDRESS_CEILING`
 *   failures from one address over every account; past one, attempts from addresses and devices that never
 *   logged in to the account are refused until the hour is over
 * - a known address (a success from there within 90 days) or a valid device token is never refused by the
 *   ceilings, so other people's failures cannot keep the account's owner out
 * - the pair's attempt is claimed under a row lock before the password is checked, so concurrent guesses
 *   cannot slip past the delay
 */
export async function beginLoginAttempt(
  db: Db,
  config: ThrottleConfig,
  scope: LoginScope,
  email: string,
  address: string,
  deviceToken?: string,
): Promise<LoginAttempt> {
  const device = verifyDevice(config.JWT_SECRET, scope, email, deviceToken);
  const pair = `${scope}:${email}|${device ? `device:${device}` : `ip:${address}`}`;
  const known = `${scope}:${email}|${address}`;
  const accountCeiling = `${scope}:acct:${email}`;
  const addressCeiling = `${scope}:addr:${address}`;

  // Old rows are only dead weight; any process may sweep them now and then.
  if (++calls % 200 === 0) await deleteExpired(db, Math.max(config.LOGIN_WINDOW_MINUTES, CEILING_MINUTES));

  const trusted = device !== null || (await isKnown(db, known, KNOWN_FOR_DAYS));
  if (!trusted) {
    for (const [bucket, ceiling] of [
      [accountCeiling, config.LOGIN_ACCOUNT_CEILING],
      [addressCeiling, config.LOGIN_ADDRESS_CEILING],
    ] as const) {
      const { count, secondsLeft } = await readCount(db, bucket, CEILING_MINUTES);
      if (count >= ceiling) throw tooMany(secondsLeft);
    }
  }

  const claim = await claimPairAttempt(db, pair, config.LOGIN_WINDOW_MINUTES, (failures) =>
    loginDelaySeconds(failures, config.LOGIN_MAX_FAILURES, config.LOGIN_MAX_DELAY_SECONDS),
  );
  if (claim.refusedFor > 0) throw tooMany(claim.refusedFor);

  return {
    async succeeded() {
      await clearBucket(db, pair);
      await rememberKnown(db, known);
      return signDevice(config.JWT_SECRET, scope, email, device ?? randomBytes(18).toString('base64url'));
    },
    async failed() {
      await countAttempt(db, accountCeiling, CEILING_MINUTES);
      await countAttempt(db, addressCeiling, CEILING_MINUTES);
    },
    takeBack: () => takeOneBack(db, pair),
  };
}

/** For `.catch()` on a login: a limiter refusal also carries a `Retry-After` header (seconds). */
export function withRetryAfter(c: Context) {
  return (e: unknown): never => {
    const seconds = e instanceof AppError && e.status === 429 ? e.extra.retryAfterSeconds : undefined;
    if (typeof seconds === 'number') c.header('Retry-After', String(seconds));
    throw e;
  };
}
