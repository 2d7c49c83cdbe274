import { type Kysely, sql } from 'kysely';

/**
 * Discount codes and automatic offers.
 * - `promotions`: one offer and its conditions; `uses` counts the orders using it, raised by a guarded update
 *   (`uses < max_uses`) so a limit is never passed, lowered when such an order is cancelled or its payment fails
 * - `promotion_codes`: the codes of a code promotion (one typed by staff, or many generated single-use ones), each
 *   with its own guarded count; stored normalised (trimmed, upper case), unique across the shop
 * - `promotion_redemptions`: which order used which promotion (and code), for the uses per customer and to give a
 *   use back once (`released`)
 * - `order_discounts`: the discounts an order was priced with, as applied, in order: order pages, mails and
 *   invoices price the order again from its lines and these
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', sql`enum('code','automatic')`, (c) => c.notNull())
    .addColumn('action', sql`enum('percent','amount','free_shipping','buy_x_get_y')`, (c) => c.notNull())
    .addColumn('percent_bp', 'integer', (c) => c.unsigned())
    .addColumn('amount_paise', 'bigint', (c) => c.unsigned())
    .addColumn('cap_paise', 'bigint', (c) => c.unsigned())
    .addColumn('buy_qty', 'integer', (c) => c.unsigned())
    .addColumn('get_qty', 'integer', (c) => c.unsigned())
    .addColumn('scope', sql`enum('order','categories','brands','products','variants')`, (c) =>
      c.notNull().defaultTo('order'),
    )
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('min_order_paise', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('starts_at', sql`datetime(3)`)
    .addColumn('ends_at', sql`datetime(3)`)
    .addColumn('max_uses', 'integer', (c) => c.unsigned())
    .addColumn('uses', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('per_customer', 'integer', (c) => c.unsigned())
    .addColumn('first_order_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('online_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('combinable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', sql`datetime(3)`, (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .execute();
  await db.schema.createIndex('promotions_running').on('promotions').columns(['kind', 'active']).execute();

  await db.schema
    .createTable('promotion_codes')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('promotion_id', 'bigint', (c) =>
      c.unsigned().notNull().references('promotions.id').onDelete('cascade'),
    )
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('max_uses', 'integer', (c) => c.unsigned())
    .addColumn('uses', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('generated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('promotion_codes_promotion')
    .on('promotion_codes')
    .columns(['promotion_id', 'id'])
    .execute();

  await db.schema
    .createTable('promotion_redemptions')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('promotion_id', 'bigint', (c) => c.unsigned().notNull().references('promotions.id'))
    .addColumn('code_id', 'bigint', (c) => c.unsigned().references('promotion_codes.id'))
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('released', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('promotion_redemptions_customer')
    .on('promotion_redemptions')
    .columns(['promotion_id', 'user_id', 'released'])
    .execute();
  await db.schema
    .createIndex('promotion_redemptions_order')
    .on('promotion_redemptions')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('order_discounts')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.unsigned().notNull())
    .addColumn('kind', sql`enum('amount','free_shipping')`, (c) => c.notNull())
    .addColumn('label', 'varchar(160)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)')
    .addColumn('promotion_id', 'bigint', (c) => c.unsigned())
    .addColumn('amount_paise', 'bigint', (c) => c.unsigned().notNull())
    // The positions of the order's lines (in line id order) it was shared over; NULL: every line.
    .addColumn('line_positions', 'text')
    .execute();
  await db.schema
    .createIndex('order_discounts_order')
    .on('order_discounts')
    .columns(['order_id', 'position'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_discounts').ifExists().execute();
  await db.schema.dropTable('promotion_redemptions').ifExists().execute();
  await db.schema.dropTable('promotion_codes').ifExists().execute();
  await db.schema.dropTable('promotions').ifExists().execute();
}
