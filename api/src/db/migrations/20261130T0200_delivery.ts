import { GST_STATES, gstState } from '@voltcart/shared';
import { type Kysely, sql } from 'kysely';

/**
 * Delivery by pincode: shipping zones and rates, the charges an order was priced with, addresses the way India
 * writes them, parcel weights.
 * - shipping_zones: states (GST codes) and pincode prefixes or ranges, weight bands (JSON), free-shipping value
 *   (null: the shop's threshold), cash on delivery, dispatch and transit days; a new shop gets one zone,
 *   "All India": every state, ₹79 below the free-shipping threshold, COD on, dispatch in 1 day, transit 2–5 days
 * - orders: the shipping charge and COD fee it was priced with (so its pages, mails and invoice price it again the
 *   same way), the recipient's name, a landmark, the state's GST code, the delivery estimate given, and
 *   `address_review` for an address whose state could not be matched to a state or union territory
 * - addresses: name, landmark, state code, the default address, and the same review flag
 * - existing orders and addresses: the state text matched to its GST code (names, old names, ISO and GST
 *   codes); what does not match keeps its text and is flagged for staff, never guessed
 * - products and variants: weight in grams (null: not weighed; shipping takes the first weight band)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shipping_zones')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('states', 'json', (c) => c.notNull())
    .addColumn('pincodes', 'json', (c) => c.notNull())
    .addColumn('bands', 'json', (c) => c.notNull())
    .addColumn('free_from_paise', 'bigint')
    .addColumn('cod', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('dispatch_days', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('transit_min_days', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('transit_max_days', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db
    .insertInto('shipping_zones')
    .values({
      name: 'All India',
      position: 0,
      states: JSON.stringify(Object.values(GST_STATES)),
      pincodes: '[]',
      bands: JSON.stringify([{ fromGrams: 0, toGrams: null, feePaise: 7900 }]),
      free_from_paise: null,
      cod: 1,
      dispatch_days: 1,
      transit_min_days: 2,
      transit_max_days: 5,
    })
    .execute();

  await sql`ALTER TABLE orders
    ADD COLUMN shipping_paise int unsigned NOT NULL DEFAULT 0,
    ADD COLUMN cod_fee_paise int unsigned NOT NULL DEFAULT 0,
    ADD COLUMN ship_name varchar(100) NOT NULL DEFAULT '',
    ADD COLUMN ship_landmark varchar(200) NOT NULL DEFAULT '',
    ADD COLUMN ship_state_code char(2) NULL,
    ADD COLUMN address_review boolean NOT NULL DEFAULT false,
    ADD COLUMN delivery_from date NULL,
    ADD COLUMN delivery_to date NULL`.execute(db);
  await sql`ALTER TABLE addresses
    ADD COLUMN name varchar(100) NOT NULL DEFAULT '',
    ADD COLUMN landmark varchar(200) NOT NULL DEFAULT '',
    ADD COLUMN state_code char(2) NULL,
    ADD COLUMN is_default boolean NOT NULL DEFAULT false,
    ADD COLUMN address_review boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN weight_grams int unsigned NULL`.execute(db);
  await sql`ALTER TABLE product_variants ADD COLUMN weight_grams int unsigned NULL`.execute(db);

  // One update per distinct state text, not per row: a shop's orders hold a few dozen spellings at most.
  for (const [table, column, code] of [
    ['orders', 'ship_state', 'ship_state_code'],
    ['addresses', 'state', 'state_code'],
  ] as const) {
    const states = await db.selectFrom(table).select(column).distinct().execute();
    for (const row of states) {
      const text = String(row[column]);
      const st = gstState(text);
      await db
        .updateTable(table)
        .set(st ? { [code]: st.code } : { address_review: 1 })
        .where(column, '=', text)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE product_variants DROP COLUMN weight_grams`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN weight_grams`.execute(db);
  await sql`ALTER TABLE addresses DROP COLUMN address_review, DROP COLUMN is_default, DROP COLUMN state_code,
    DROP COLUMN landmark, DROP COLUMN name`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN delivery_to, DROP COLUMN delivery_from, DROP COLUMN address_review,
    DROP COLUMN ship_state_code, DROP COLUMN ship_landmark, DROP COLUMN ship_name, DROP COLUMN cod_fee_paise,
    DROP COLUMN shipping_paise`.execute(db);
  await db.schema.dropTable('shipping_zones').ifExists().execute();
}
