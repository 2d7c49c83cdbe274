import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { AppError } from '../errors';
import {
  clearBucket,
  countAttempt,
  deleteExpired,
  secondsLeft,
  takeOneBack,
} from './login-failures-repository';

export type LoginScope = 'admin' | 'customer';

/** How many attempts one client address may make, relative to the per-account limit (shared offices, NAT). */
export const ADDRESS_LIMIT_FACTOR = 4;

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
  /** Call after a correct password: clears the account's counter and gives the address its attempt back. */
  succeeded(): Promise<void>;
}

let calls = 0;

/**
 * Sign-up rate limiting per client address (each sign-up costs a bcrypt hash, so unlimited sign-ups would let
 * anyone load the CPU): at most `REGISTER_MAX_PER_HOUR` per address per hour, 0 = no limit. Over it: 429.
 */
export async function limitRegistrations(
  db: Db,
  config: Pick<Config, 'REGISTER_MAX_PER_HOUR'>,
  address: string,
): Promise<void> {
  if (config.REGISTER_MAX_PER_HOUR === 0) return;
  const n = await countAttempt(db, `register:${address}`, 60);
  if (n > config.REGISTER_MAX_PER_HOUR) {
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

/**
 * Login rate limiting, counted in the `login_failures` table so that every API process shares it.
 * - an attempt is counted *before* the password is checked, with one atomic upsert per bucket, so
 *   concurrent guesses cannot slip past the limit; a success takes its attempt back
 * - buckets: the account (`<scope>:<email>`, whether or not the account exists) and the client address
 * - limits within `LOGIN_WINDOW_MINUTES`: `LOGIN_MAX_FAILURES` per account, 4× that per address
 * - over a limit: 429 with how long to wait, before any password check, the same for unknown emails
 * - a window starts at the first failure and is not extended by later attempts
 */
export async function beginLoginAttempt(
  db: Db,
  config: Pick<Config, 'LOGIN_MAX_FAILURES' | 'LOGIN_WINDOW_MINUTES'>,
  scope: LoginScope,
  email: string,
  address: string,
): Promise<LoginAttempt> {
  const windowMinutes = config.LOGIN_WINDOW_MINUTES;
  const account = `${scope}:${email}`;
  const client = `ip:${address}`;

  // Old rows are only dead weight; any process may sweep them now and then.
  if (++calls % 200 === 0) await deleteExpired(db, windowMinutes);

  const count = (bucket: string) => countAttempt(db, bucket, windowMinutes);

  const [accountCount, clientCount] = [await count(account), await count(client)];
  const over: string[] = [];
  if (accountCount > config.LOGIN_MAX_FAILURES) over.push(account);
  if (clientCount > config.LOGIN_MAX_FAILURES * ADDRESS_LIMIT_FACTOR) over.push(client);
  if (over.length) {
    const seconds = Math.max(1, (await secondsLeft(db, over, windowMinutes)) ?? 60);
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      429,
      'too_many_attempts',
      `Too many login attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
      { retryAfterSeconds: seconds },
    );
  }

  return {
    async succeeded() {
      await clearBucket(db, account);
      await takeOneBack(db, client);
    },
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
