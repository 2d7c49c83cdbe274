import type { Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/database';
import { isRetryable } from '../db/errors';

export type Trx = Transaction<Database>;

/**
 * Re-runs `fn` when the database picked it as a deadlock victim or gave up waiting for a lock.
 * - at most `attempts` runs, with a short growing random pause between them
 * - any other error is thrown at once
 * `fn` must be safe to run again: a whole transaction, or a single statement.
 */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (!isRetryable(e) || i >= attempts) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20 * i));
    }
  }
}

/**
 * A transaction, re-run on deadlock. It runs at READ COMMITTED, the level every pooled connection is given
 * (openPool): locking reads see the latest rows and InnoDB takes no gap locks, so shoppers with neighbouring
 * rows do not block each other.
 */
export function transaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction().execute(fn));
}
