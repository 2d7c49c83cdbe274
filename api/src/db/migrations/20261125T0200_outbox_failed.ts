import type { Kysely } from 'kysely';

/**
 * Mails the sender gave up on: the mail server refused them for good (a 5xx answer, e.g. no such mailbox) or
 * they failed too many times. They are not tried again; staff see them with their last error and may resend.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('failed_at', 'datetime(3)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('failed_at').execute();
}
