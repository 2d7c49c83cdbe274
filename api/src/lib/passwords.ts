import { randomUUID } from 'node:crypto';
import { PASSWORD_MAX_BYTES } from '@voltcart/shared';
import bcrypt from 'bcryptjs';
import type { Config } from '../config';

/**
 * bcrypt work factor:
 * - 12 in production (≈ 200 ms a hash on our machines)
 * - 10 elsewhere, so that tests and development stay quick
 */
export function bcryptCost(nodeEnv: Config['NODE_ENV'] | string | undefined): number {
  return nodeEnv === 'production' ? 12 : 10;
}

/** Hashes with the async API: `hashSync` would block the event loop for every other request. */
export function hashPassword(plain: string, cost: number): Promise<string> {
  return bcrypt.hash(plain, cost);
}

/**
 * Hashes of random secrets nobody knows, compared against when the account does not exist so that
 * an unknown email takes as long as a wrong password (no account enumeration by timing).
 */
const DUMMY_HASHES = new Map<number, Promise<string>>([
  [10, Promise.resolve('$2b$10$ZpZpqaa9RT8XlcyuRTJ30.TmRgsWs/GBpGSSBGzbbP9QpmjbaZJFm')],
  [12, Promise.resolve('$2b$12$xJR/p0YpqYJdDM/UZKEh4ex7vVioo/r55dXSUQA3M51.roGMUj6Wy')],
]);

function dummyHash(cost: number): Promise<string> {
  let h = DUMMY_HASHES.get(cost);
  if (!h) {
    h = bcrypt.hash(randomUUID(), cost);
    DUMMY_HASHES.set(cost, h);
  }
  return h;
}

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * Checks a password against an account's hash.
 * - no hash (unknown account): compares against a dummy hash of the same cost, then fails
 * - a password longer than 72 bytes fails: bcrypt would ignore the excess, so a longer password
 *   sharing the first 72 bytes would otherwise match (register refuses such passwords)
 * Always runs exactly one bcrypt comparison, so every outcome costs the same time.
 */
export async function verifyPassword(
  plain: string,
  hash: string | null | undefined,
  cost: number,
): Promise<boolean> {
  const usable = !!hash && byteLength(plain) <= PASSWORD_MAX_BYTES;
  const target = usable ? hash : await dummyHash(cost);
  const match = await bcrypt.compare(plain, target);
  return usable && match;
}
