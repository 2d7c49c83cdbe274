import { type Kysely, sql } from 'kysely';

/**
 * Variants: every colour × memory size combination that is sold is a row with its own SKU, stock, price and
 * on/off switch.
 * - `color_id` / `memory_size` 0 mean "none" (as in cart_lines and order_lines) so that the unique key
 *   (product_id, color_id, memory_size) treats them as values; the API shows them as null
 * - `price_override` (paise) replaces the product's final price plus the option adjustments when set
 * - products keep `stock` as the units of their switched-on variants, and `price_min` / `price_max` as the
 *   lowest and highest switched-on variant price: the list pages keep reading one row per product
 * - existing products become variants from their colours × memory sizes (in option order); the product's stock
 *   goes to the first variant; the first variant takes the product's SKU when it has one
 * - order lines remember the variant and its SKU; lines of existing orders are matched to the new variants
 * - colour galleries: product pictures get an optional colour (NULL = the shared gallery)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('sku', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('color_id', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('memory_size', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('price_override', 'bigint', (c) => c.unsigned())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'smallint', (c) => c.unsigned().notNull().defaultTo(0))
    .addUniqueConstraint('product_variants_options', ['product_id', 'color_id', 'memory_size'])
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('price_min', 'bigint', (c) => c.unsigned())
    .addColumn('price_max', 'bigint', (c) => c.unsigned())
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('variant_id', 'bigint', (c) => c.unsigned())
    .addColumn('sku', 'varchar(160)')
    .execute();
  await db.schema
    .alterTable('product_images')
    .addColumn('color_id', 'bigint', (c) => c.unsigned())
    .execute();

  // Every product × its colours (or none) × its memory sizes (or none), numbered in option order.
  await sql`
    INSERT INTO product_variants (product_id, sku, color_id, memory_size, stock, position)
    SELECT o.product_id,
      CASE WHEN o.n = 0 AND o.product_sku IS NOT NULL THEN o.product_sku
        ELSE UPPER(CONCAT_WS('-',
          CASE WHEN CHAR_LENGTH(o.slug) > 60 THEN CONCAT(LEFT(o.slug, 50), '-', o.product_id) ELSE o.slug END,
          o.color_slug, IF(o.memory_size = 0, NULL, CONCAT(o.memory_size, 'GB')))) END,
      o.color_id, o.memory_size, IF(o.n = 0, o.stock, 0), o.n
    FROM (
      SELECT p.id AS product_id, p.sku AS product_sku, p.slug, p.stock,
        COALESCE(pc.color_id, 0) AS color_id, co.slug AS color_slug, COALESCE(pm.size_gb, 0) AS memory_size,
        ROW_NUMBER() OVER (PARTITION BY p.id
          ORDER BY pc.position, pc.color_id, pm.position, pm.size_gb) - 1 AS n
      FROM products AS p
      LEFT JOIN product_colors AS pc ON pc.product_id = p.id
      LEFT JOIN colors AS co ON co.id = pc.color_id
      LEFT JOIN product_memory AS pm ON pm.product_id = p.id
    ) AS o`.execute(db);

  await sql`
    UPDATE products AS p SET
      price_min = (SELECT MIN(COALESCE(v.price_override, p.final_price + COALESCE(pc.price_adj, 0)
          + COALESCE(pm.price_adj, 0)))
        FROM product_variants AS v
        LEFT JOIN product_colors AS pc ON pc.product_id = v.product_id AND pc.color_id = v.color_id
        LEFT JOIN product_memory AS pm ON pm.product_id = v.product_id AND pm.size_gb = v.memory_size
        WHERE v.product_id = p.id AND v.enabled = 1),
      price_max = (SELECT MAX(COALESCE(v.price_override, p.final_price + COALESCE(pc.price_adj, 0)
          + COALESCE(pm.price_adj, 0)))
        FROM product_variants AS v
        LEFT JOIN product_colors AS pc ON pc.product_id = v.product_id AND pc.color_id = v.color_id
        LEFT JOIN product_memory AS pm ON pm.product_id = v.product_id AND pm.size_gb = v.memory_size
        WHERE v.product_id = p.id AND v.enabled = 1)`.execute(db);

  await sql`
    UPDATE order_lines AS l JOIN product_variants AS v
      ON v.product_id = l.product_id AND v.color_id = l.color_id AND v.memory_size = l.memory_size
    SET l.variant_id = v.id, l.sku = v.sku`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_images').dropColumn('color_id').execute();
  await db.schema.alterTable('order_lines').dropColumn('sku').dropColumn('variant_id').execute();
  await db.schema.alterTable('products').dropColumn('price_max').dropColumn('price_min').execute();
  await db.schema.dropTable('product_variants').execute();
}
