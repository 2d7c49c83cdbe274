import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * The `login_failures` table: attempt counters per bucket (an account or a client address), each within a window
 * that starts at its first attempt. Used by lib/rate-limit.ts.
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
    INSERT INTO login_failures (bucket, failures, window_start) VALUES (${bucket}, 1, NOW(3))
    ON DUPLICATE KEY UPDATE
      failures = LAST_INSERT_ID(IF(window_start <= NOW(3) - INTERVAL ${window} MINUTE, 1, failures + 1)),
      window_start = IF(window_start <= NOW(3) - INTERVAL ${window} MINUTE, NOW(3), window_start)`.execute(
    db,
  );
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

/** Deletes the counters whose window of `minutes` has passed. */
export async function deleteExpired(db: Db, minutes: number): Promise<void> {
  const window = sql.lit(minutes);
  await sql`DELETE FROM login_failures WHERE window_start <= NOW(3) - INTERVAL ${window} MINUTE`.execute(db);
}

/** Seconds until the last of `buckets` leaves its window of `minutes`, or null when none is counted. */
export async function secondsLeft(db: Db, buckets: string[], minutes: number): Promise<number | null> {
  const window = sql.lit(minutes);
  const r = await sql<{ s: number | string | null }>`
    SELECT MAX(TIMESTAMPDIFF(SECOND, NOW(3), window_start + INTERVAL ${window} MINUTE)) AS s
    FROM login_failures WHERE bucket IN (${sql.join(buckets)})`.execute(db);
  const s = r.rows[0]?.s;
  return s === null || s === undefined ? null : Number(s);
}

export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('login_failures').where('bucket', '=', bucket).execute();
}

/** Takes one attempt off a bucket's count (never below zero). */
export async function takeOneBack(db: Db, bucket: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ failures: sql<number>`IF(failures > 0, failures - 1, 0)` })
    .where('bucket', '=', bucket)
    .execute();
}
