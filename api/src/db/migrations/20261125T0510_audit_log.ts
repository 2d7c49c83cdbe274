import { type Kysely, sql } from 'kysely';

/**
 * The change history: one row per admin change (catalogue, stock, orders, refunds, settings, staff) and per staff
 * login or failed login, written in the change's own transaction. Append-only: triggers refuse every UPDATE and
 * DELETE, so not even a bug in the API can rewrite history. `actor_name` keeps the name the person had then;
 * `before` and `after` hold the fields that changed (JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addColumn('actor_id', 'bigint', (c) => c.unsigned())
    .addColumn('actor_name', 'varchar(100)')
    .addColumn('action', sql`varchar(40) character set ascii`, (c) => c.notNull())
    .addColumn('object_kind', sql`varchar(20) character set ascii`, (c) => c.notNull())
    .addColumn('object_id', sql`varchar(64) character set ascii`)
    .addColumn('summary', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', sql`varchar(64) character set ascii`, (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'json')
    .addColumn('after', 'json')
    .execute();
  await db.schema
    .createIndex('audit_object')
    .on('audit_log')
    .columns(['object_kind', 'object_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_actor').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_at').on('audit_log').column('at').execute();
  for (const op of ['UPDATE', 'DELETE'])
    await sql
      .raw(
        `CREATE TRIGGER audit_log_no_${op.toLowerCase()} BEFORE ${op} ON audit_log FOR EACH ROW ` +
          `SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'The change history is append-only.'`,
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
