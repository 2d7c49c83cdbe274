import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { transaction } from './transaction';

/**
 * The `login_failures` table: counters per bucket (an account and address pair, an account, an address), and
 * `known_logins`: the pairs that have logged in before. Used by lib/rate-limit.ts.
 */

/**
 * Counts one attempt in `bucket` and returns the count within the current window of `minutes`.
 * One atomic upsert, so concurrent attempts are counted exactly.
 */
export async function countAttempt(db: Db, bucket: string, minutes: number): Promise<number> {
  const window = sql.lit(minutes);
  // Assignments run left to right: `failures` must read the old `window_start`.
  // LAST_INSERT_ID(expr) hands this statement's own new count back, unaffected by concurrent ones.
  const r = await sql`
    INSERT INTO login_failures (bucket, failures, window_start, last_at) VALUES (${bucket}, 1, NOW(3), NOW(3))
    ON DUPLICATE KEY UPDATE
      failures = LAST_INSERT_ID(IF(window_start <= NOW(3) - INTERVAL ${window} MINUTE, 1, failures + 1)),
      window_start = IF(window_start <= NOW(3) - INTERVAL ${window} MINUTE, NOW(3), window_start),
      last_at = NOW(3)`.execute(db);
  if (r.numAffectedRows === 1n) return 1;
  const n = Number(r.insertId ?? 0);
  if (n > 0) return n;
  const row = await db
    .selectFrom('login_failures')
    .select('failures')
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  return row?.failures ?? 1;
}

/** A bucket's count within its window of `minutes` and the seconds until that window ends (0 when not counted). */
export async function readCount(
  db: Db,
  bucket: string,
  minutes: number,
): Promise<{ count: number; secondsLeft: number }> {
  const window = sql.lit(minutes);
  const r = await sql<{ failures: number; s: number | string }>`
    SELECT failures, TIMESTAMPDIFF(SECOND, NOW(3), window_start + INTERVAL ${window} MINUTE) AS s
    FROM login_failures WHERE bucket = ${bucket} AND window_start > NOW(3) - INTERVAL ${window} MINUTE`.execute(
    db,
  );
  const row = r.rows[0];
  return row
    ? { count: Number(row.failures), secondsLeft: Math.max(1, Number(row.s)) }
    : { count: 0, secondsLeft: 0 };
}

/**
 * Claims one attempt of an account and address (or device) pair, under a row lock so that concurrent guesses are
 * decided one after another:
 * - the pair's failures are forgotten `forgetMinutes` after the latest one
 * - `waitSeconds(failures)` says how long after the latest failure the next attempt may come; earlier: refused
 *   (nothing counted), with the seconds still to wait
 * - otherwise the attempt is counted as a failure up front (a success clears the pair afterwards)
 */
export function claimPairAttempt(
  db: Db,
  bucket: string,
  forgetMinutes: number,
  waitSeconds: (failures: number) => number,
): Promise<{ refusedFor: number } | { refusedFor: 0; failures: number }> {
  const forget = sql.lit(forgetMinutes);
  return transaction(db, async (trx) => {
    await sql`INSERT IGNORE INTO login_failures (bucket, failures, window_start, last_at)
      VALUES (${bucket}, 0, NOW(3), NOW(3))`.execute(trx);
    const r = await sql<{ failures: number; stale: number; since: number | string }>`
      SELECT failures, last_at <= NOW(3) - INTERVAL ${forget} MINUTE AS stale,
        TIMESTAMPDIFF(MICROSECOND, last_at, NOW(3)) / 1000000 AS since
      FROM login_failures WHERE bucket = ${bucket} FOR UPDATE`.execute(trx);
    const row = r.rows[0]!;
    const failures = Number(row.stale) ? 0 : Number(row.failures);
    const wait = waitSeconds(failures) - Number(row.since);
    if (failures > 0 && wait > 0) return { refusedFor: Math.ceil(wait) };
    await sql`UPDATE login_failures SET failures = ${failures + 1}, window_start = NOW(3), last_at = NOW(3)
      WHERE bucket = ${bucket}`.execute(trx);
    return { refusedFor: 0, failures: failures + 1 };
  });
}

/** Deletes the counters whose last attempt is older than `minutes`. */
export async function deleteExpired(db: Db, minutes: number): Promise<void> {
  const window = sql.lit(minutes);
  await sql`DELETE FROM login_failures WHERE COALESCE(last_at, window_start) <= NOW(3) - INTERVAL ${window} MINUTE LIMIT 1000`.execute(
    db,
  );
}

export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('login_failures').where('bucket', '=', bucket).execute();
}

/** Deletes every counter whose bucket starts with one of `prefixes` (an account's pairs and its own counter). */
export async function clearBucketsStartingWith(db: Db, prefixes: string[]): Promise<void> {
  for (const p of prefixes) {
    await db
      .deleteFrom('login_failures')
      .where('bucket', 'like', `${p.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
      .execute();
  }
}

/** Whether `bucket` logged in successfully within the last `days`. */
export async function isKnown(db: Db, bucket: string, days: number): Promise<boolean> {
  const row = await db
    .selectFrom('known_logins')
    .select('bucket')
    .where('bucket', '=', bucket)
    .where('last_at', '>', sql<Date>`NOW(3) - INTERVAL ${sql.lit(days)} DAY`)
    .executeTakeFirst();
  return !!row;
}

export async function rememberKnown(db: Db, bucket: string): Promise<void> {
  await sql`INSERT INTO known_logins (bucket, last_at) VALUES (${bucket}, NOW(3))
    ON DUPLICATE KEY UPDATE last_at = NOW(3)`.execute(db);
}

/** Takes one attempt off a bucket's count (never below zero). */
export async function takeOneBack(db: Db, bucket: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ failures: sql<number>`IF(failures > 0, failures - 1, 0)` })
    .where('bucket', '=', bucket)
    .execute();
}
