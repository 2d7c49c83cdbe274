import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { OutboxTable } from '../../db/database';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertMail(db: Db, mail: Insertable<OutboxTable>): Promise<number> {
  const r = await db.insertInto('outbox').values(mail).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/**
 * The next mail that is due and not held by a live lease, locked; rows another sender has locked right now are
 * skipped (SKIP LOCKED), so senders never wait on each other. Times are the database's clock, shared by every
 * process.
 */
export function lockNextDue(db: Db): Promise<OutboxRow | undefined> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`NOW(3)`)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`NOW(3)`)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function claim(db: Db, id: number, owner: string, leaseMs: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      claimed_by: owner,
      claimed_until: sql<Date>`NOW(3) + INTERVAL ${leaseMs * 1000} MICROSECOND`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes up to `limit` mails sent more than `days` days ago (by the database's clock), oldest first; returns how
 * many. Mails not sent yet, and those given up (staff may resend them), are kept.
 */
export async function deleteSentBefore(db: Db, days: number, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('outbox')
    .where('sent_at', 'is not', null)
    .where('sent_at', '<', sql<Date>`NOW(3) - INTERVAL ${days} DAY`)
    .orderBy('sent_at')
    .limit(limit)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Marks a mail sent (whoever holds the lease now: the mail has gone either way). */
export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      sent_at: sql<Date>`NOW(3)`,
      attempts: sql<number>`attempts + 1`,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}

/** Gives a failed mail back, due again after `delayMs`; only while this sender still holds it. */
export function release(db: Db, id: number, owner: string, delayMs: number, error: string): Promise<void> {
  return endFailedAttempt(db, id, owner, error, {
    next_attempt_at: sql<Date>`NOW(3) + INTERVAL ${Math.round(delayMs) * 1000} MICROSECOND`,
  });
}

/** Gives up on a mail (refused for good, or too many attempts); only while this sender still holds it. */
export function giveUp(db: Db, id: number, owner: string, error: string): Promise<void> {
  return endFailedAttempt(db, id, owner, error, { failed_at: sql<Date>`NOW(3)` });
}

/** Counts a failed attempt, keeps its error and lets the lease go, with what comes next (`then`). */
async function endFailedAttempt(
  db: Db,
  id: number,
  owner: string,
  error: string,
  then: { next_attempt_at: RawBuilder<Date> } | { failed_at: RawBuilder<Date> },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      ...then,
      claimed_by: null,
      claimed_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .where('sent_at', 'is', null)
    .execute();
}

export function mailsOfOrder(db: Db, orderId: number): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function findMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The shop name as saved in the back office ('' when never saved). */
export async function savedShopName(db: Db): Promise<string> {
  const r = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', 'shop_name')
    .executeTakeFirst();
  return r?.value ?? '';
}
