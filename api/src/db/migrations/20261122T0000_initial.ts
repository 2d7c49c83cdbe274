import { type Kysely, sql } from 'kysely';

/** Catalogue, accounts, carts and newsletter. Money columns hold integer paise. */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = (t: any) =>
    t
      .addColumn('created_at', 'datetime(3)', (c: any) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
      .addColumn('updated_at', 'datetime(3)', (c: any) =>
        c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)`),
      );

  await ts(
    db.schema
      .createTable('admins')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
      .addColumn('token_version', 'integer', (c) => c.unsigned().notNull().defaultTo(0)),
  ).execute();

  await ts(
    db.schema
      .createTable('users')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
      .addColumn('token_version', 'integer', (c) => c.unsigned().notNull().defaultTo(0)),
  ).execute();

  await ts(
    db.schema
      .createTable('addresses')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('user_id', 'bigint', (c) =>
        c.unsigned().notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('adress_line1', 'varchar(200)', (c) => c.notNull())
      .addColumn('adress_line2', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'varchar(100)', (c) => c.notNull())
      .addColumn('state', 'varchar(100)', (c) => c.notNull())
      .addColumn('postal_code', 'varchar(20)', (c) => c.notNull())
      .addColumn('country', 'varchar(100)', (c) => c.notNull())
      .addColumn('contact', 'varchar(30)', (c) => c.notNull().defaultTo('')),
  ).execute();

  await ts(
    db.schema
      .createTable('categories')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('image', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();

  await ts(
    db.schema
      .createTable('colors')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('hexcode', 'varchar(7)', (c) => c.notNull())
      .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute();

  await ts(
    db.schema
      .createTable('products')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('slug', 'varchar(250)', (c) => c.notNull().unique())
      .addColumn('sku', 'varchar(64)', (c) => c.unique())
      .addColumn('brand', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('original_price', 'bigint', (c) => c.notNull())
      .addColumn('discount_percentage', sql`decimal(5, 2)`, (c) => c.notNull().defaultTo(0))
      .addColumn('final_price', 'bigint', (c) => c.notNull())
      // Stored so that best sellers (largest discount first) is one index scan.
      .addColumn('discount_amount', 'bigint', (c) =>
        c.generatedAlwaysAs(sql`original_price - final_price`).stored(),
      )
      .addColumn('thumbnail', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('video_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('short_description', 'text')
      .addColumn('long_description', sql`mediumtext`)
      .addColumn('category_id', 'bigint', (c) => c.unsigned().references('categories.id'))
      .addColumn('stock', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
      .addColumn('in_stock', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('status', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('top_selling', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();
  await db.schema.createIndex('products_list').on('products').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('products_category')
    .on('products')
    .columns(['category_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('products_best')
    .on('products')
    .columns(['status', 'discount_amount'])
    .execute();
  await sql`CREATE FULLTEXT INDEX products_search ON products (name, brand, short_description)`.execute(db);

  await db.schema
    .createTable('product_colors')
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('color_id', 'bigint', (c) => c.unsigned().notNull().references('colors.id'))
    .addColumn('position', 'smallint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('price_adj', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_colors_pk', ['product_id', 'color_id'])
    .execute();
  await db.schema
    .createIndex('product_colors_color')
    .on('product_colors')
    .columns(['color_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('file', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'smallint', (c) => c.unsigned().notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_images_product')
    .on('product_images')
    .columns(['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_memory')
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('size_gb', 'integer', (c) => c.unsigned().notNull())
    .addColumn('position', 'smallint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('price_adj', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_memory_pk', ['product_id', 'size_gb'])
    .execute();

  await ts(
    db.schema
      .createTable('cart_lines')
      .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
      .addColumn('user_id', 'bigint', (c) =>
        c.unsigned().notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'bigint', (c) =>
        c.unsigned().notNull().references('products.id').onDelete('cascade'),
      )
      // 0 means "no colour" / "no memory size" so that the unique key treats them as values (NULLs never clash).
      .addColumn('color_id', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
      .addColumn('memory_size', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
      .addColumn('qty', 'integer', (c) => c.unsigned().notNull())
      .addUniqueConstraint('cart_lines_unique', ['user_id', 'product_id', 'color_id', 'memory_size']),
  ).execute();

  await db.schema
    .createTable('newsletter_signups')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(1000)', (c) => c.notNull())
    .execute();

  // Failed-login counters live in the database so that several API processes share them.
  await db.schema
    .createTable('login_failures')
    .addColumn('bucket', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.unsigned().notNull())
    .addColumn('window_start', 'datetime(3)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'login_failures',
    'settings',
    'newsletter_signups',
    'cart_lines',
    'product_memory',
    'product_images',
    'product_colors',
    'products',
    'colors',
    'categories',
    'addresses',
    'users',
    'admins',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
