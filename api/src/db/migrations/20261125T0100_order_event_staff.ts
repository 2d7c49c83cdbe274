import type { Kysely } from 'kysely';

/** Which member of staff made a back-office change, for the order timeline staff see ("who did what, when"). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_events')
    .addColumn('admin_id', 'bigint', (c) => c.unsigned())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_events').dropColumn('admin_id').execute();
}
