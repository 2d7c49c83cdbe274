import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { OrderDiscountTable, PromotionTable } from '../../db/database';

export type PromotionRow = Selectable<PromotionTable>;
export type PromotionFields = Omit<Insertable<PromotionTable>, 'id' | 'uses'>;
export type PromotionListRow = PromotionRow & { code: string | null; generated_codes: number; used: number };

/** Uses of a promotion (or of a code) that count: orders not cancelled, payments not failed. */
const usedBy = (column: 'promotion_id' | 'code_id', owner: 'p.id' | 'c.id') =>
  sql<number>`(SELECT COUNT(*) FROM order_discounts d WHERE d.${sql.ref(column)} = ${sql.ref(owner)} AND d.released = 0)`;

/**
 * A promotion with its typed code (the one not generated), how many codes were generated and how many uses count
 * (from the orders' discount lines: the `uses` column is kept only for promotions with a limit, see
 * takePromotionUse).
 */
function withCodes(db: Db) {
  return db
    .selectFrom('promotions as p')
    .selectAll('p')
    .select([
      (eb) =>
        eb
          .selectFrom('promotion_codes as c')
          .select('c.code')
          .whereRef('c.promotion_id', '=', 'p.id')
          .where('c.generated', '=', 0)
          .orderBy('c.id')
          .limit(1)
          .as('code'),
      (eb) =>
        eb
          .selectFrom('promotion_codes as c')
          .select(sql<number>`COUNT(*)`.as('n'))
          .whereRef('c.promotion_id', '=', 'p.id')
          .where('c.generated', '=', 1)
          .as('generated_codes'),
      usedBy('promotion_id', 'p.id').as('used'),
    ]);
}

const counted = <R extends { generated_codes: unknown; used: unknown }>(r: R) => ({
  ...r,
  generated_codes: Number(r.generated_codes ?? 0),
  used: Number(r.used ?? 0),
});

export async function listPromotions(db: Db): Promise<PromotionListRow[]> {
  return (await withCodes(db).orderBy('p.id', 'desc').limit(1000).execute()).map(counted);
}

export async function findPromotion(db: Db, id: number): Promise<PromotionListRow | undefined> {
  const r = await withCodes(db).where('p.id', '=', id).executeTakeFirst();
  return r && counted(r);
}

export async function insertPromotion(db: Db, row: PromotionFields): Promise<number> {
  const r = await db.insertInto('promotions').values(row).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/**
 * Saves a promotion's terms. Its `uses` is counted again from the orders' discount lines under the row's lock: a
 * limit set on a promotion that had none starts from the uses it already has (orders in flight hold a share lock on
 * the row until they commit, so each is counted once; see redeemPromotions).
 */
export async function updatePromotion(db: Db, id: number, row: PromotionFields): Promise<void> {
  await db.selectFrom('promotions').select('id').where('id', '=', id).forUpdate().execute();
  await db
    .updateTable('promotions as p')
    .set({ ...row, uses: usedBy('promotion_id', 'p.id') })
    .where('p.id', '=', id)
    .execute();
}

export async function deletePromotion(db: Db, id: number): Promise<void> {
  await db.deleteFrom('promotions').where('id', '=', id).execute();
}

export async function hasRedemptions(db: Db, promotionId: number): Promise<boolean> {
  const r = await db
    .selectFrom('order_discounts')
    .select('id')
    .where('promotion_id', '=', promotionId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(r);
}

/** The promotion that owns a code (normalised), if any. */
export async function codeOwner(db: Db, code: string): Promise<number | null> {
  const r = await db
    .selectFrom('promotion_codes')
    .select('promotion_id')
    .where('code', '=', code)
    .executeTakeFirst();
  return r ? r.promotion_id : null;
}

/** Sets the promotion's typed code: updates the one it has, adds one, or (null) removes it. */
export async function setTypedCode(db: Db, promotionId: number, code: string | null): Promise<void> {
  const typed = await db
    .selectFrom('promotion_codes')
    .select('id')
    .where('promotion_id', '=', promotionId)
    .where('generated', '=', 0)
    .executeTakeFirst();
  if (typed && code) {
    await db.updateTable('promotion_codes').set({ code }).where('id', '=', typed.id).execute();
  } else if (code) {
    await db
      .insertInto('promotion_codes')
      .values({ promotion_id: promotionId, code, max_uses: null })
      .execute();
  } else if (typed) {
    await db.deleteFrom('promotion_codes').where('id', '=', typed.id).execute();
  }
}

/** Which of these codes exist already. */
export async function existingCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db.selectFrom('promotion_codes').select('code').where('code', 'in', codes).execute();
  return new Set(rows.map((r) => r.code));
}

/** Single-use generated codes of a promotion. */
export async function insertGeneratedCodes(db: Db, promotionId: number, codes: readonly string[]) {
  for (let i = 0; i < codes.length; i += 1000) {
    await db
      .insertInto('promotion_codes')
      .values(
        codes
          .slice(i, i + 1000)
          .map((code) => ({ promotion_id: promotionId, code, max_uses: 1, generated: 1 })),
      )
      .execute();
  }
}

/** Every code of a promotion with its uses, for the CSV export. */
export function codesOf(db: Db, promotionId: number) {
  return db
    .selectFrom('promotion_codes as c')
    .select(['c.code', 'c.max_uses', 'c.generated', 'c.created_at'])
    .select(usedBy('code_id', 'c.id').as('uses'))
    .where('c.promotion_id', '=', promotionId)
    .orderBy('c.id')
    .execute();
}

// -------------------------------------------------------------------------------------------------------------
// Pricing

export type CodeRow = PromotionRow & {
  code_id: number;
  code: string;
  code_max_uses: number | null;
  code_uses: number;
  code_expires_at: Date | null;
};

/** A code (normalised) with its promotion. */
function codeQuery(db: Db, code: string) {
  return db
    .selectFrom('promotion_codes as c')
    .innerJoin('promotions as p', 'p.id', 'c.promotion_id')
    .selectAll('p')
    .select([
      'c.id as code_id',
      'c.code',
      'c.max_uses as code_max_uses',
      'c.uses as code_uses',
      'c.expires_at as code_expires_at',
    ])
    .where('c.code', '=', code);
}

/** Automatic offers switched on whose time is now. */
function runningQuery(db: Db, now: Date) {
  return db
    .selectFrom('promotions as p')
    .selectAll('p')
    .where('p.kind', '=', 'automatic')
    .where('p.active', '=', 1)
    .where((eb) => eb.or([eb('p.starts_at', 'is', null), eb('p.starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', now)]));
}

export function runningAutomatic(db: Db, now: Date): Promise<PromotionRow[]> {
  return runningQuery(db, now).orderBy('p.id').execute();
}

/**
 * The automatic offers running now (in id order) and the code's promotion when a code is given, in one read: a
 * checkout's cost is mostly its round trips to the database.
 */
export async function codeAndRunning(
  db: Db,
  code: string | null | undefined,
  now: Date,
): Promise<{ code: CodeRow | undefined; automatic: PromotionRow[] }> {
  if (!code) return { code: undefined, automatic: await runningAutomatic(db, now) };
  const rows = await codeQuery(db, code)
    .unionAll(
      runningQuery(db, now).select([
        sql<number>`NULL`.as('code_id'),
        sql<string>`NULL`.as('code'),
        sql<number | null>`NULL`.as('code_max_uses'),
        sql<number>`NULL`.as('code_uses'),
        sql<Date | null>`NULL`.as('code_expires_at'),
      ]),
    )
    .execute();
  const withCode = rows.find((r) => r.code_id !== null);
  // Put in id order here: an ORDER BY on the union makes MariaDB sort it in a temporary table (twice the time).
  const automatic: PromotionRow[] = rows
    .filter((r) => r.code_id === null)
    .sort((a, b) => a.id - b.id)
    .map(({ code_id, code, code_max_uses, code_uses, code_expires_at, ...row }) => row);
  return { code: withCode, automatic };
}

/** The variant ids of products, by product id (for offers on some of a product's options). */
export async function variantsOfProducts(db: Db, productIds: readonly number[]) {
  const out = new Map<number, number[]>();
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id'])
    .where('product_id', 'in', [...productIds])
    .execute();
  for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r.id]);
  return out;
}

export async function categoryNames(db: Db, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  return (
    await db
      .selectFrom('categories')
      .select('name')
      .where('id', 'in', [...ids])
      .execute()
  ).map((r) => r.name);
}

export async function productNames(db: Db, ids: readonly number[]): Promise<string[]> {
  if (!ids.length) return [];
  return (
    await db
      .selectFrom('products')
      .select('name')
      .where('id', 'in', [...ids])
      .limit(3)
      .execute()
  ).map((r) => r.name);
}

/** Whether the shopper has no order yet other than cancelled or failed-payment ones. */
export async function isFirstOrder(db: Db, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', 'not in', ['cancelled', 'payment_failed'])
    .limit(1)
    .executeTakeFirst();
  return !r;
}

/** The shopper's uses of each promotion (orders not cancelled, payments not failed). */
export async function customerUses(db: Db, userId: number, promotionIds: readonly number[]) {
  if (!promotionIds.length) return new Map<number, number>();
  // From the shopper's few orders to their discount lines (not from a popular promotion's many uses).
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_discounts as d', 'd.order_id', 'o.id')
    .select(['d.promotion_id', sql<number>`COUNT(*)`.as('n')])
    .where('o.user_id', '=', userId)
    .where('d.promotion_id', 'in', [...promotionIds])
    .where('d.released', '=', 0)
    .groupBy('d.promotion_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.promotion_id), Number(r.n)]));
}

/**
 * One more use of a promotion with a limit, unless the limit is reached (the guard is the final word). Only
 * promotions with a limit keep the count: a counter on an unlimited offer would make every order wait for the one
 * before it on the same row.
 */
export async function takePromotionUse(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('promotions')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One more use of a code with a limit (a generated code's one use); a typed code has none and keeps no count. */
export async function takeCodeUse(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('promotion_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A promotion's and a code's limits, their rows locked (giving back or taking again an order's uses). */
export async function lockLimits(db: Db, promotionId: number, codeId: number | null) {
  const p = await db
    .selectFrom('promotions')
    .select('max_uses')
    .where('id', '=', promotionId)
    .forUpdate()
    .executeTakeFirst();
  const c =
    codeId === null
      ? undefined
      : await db
          .selectFrom('promotion_codes')
          .select('max_uses')
          .where('id', '=', codeId)
          .forUpdate()
          .executeTakeFirst();
  return { promotion: (p?.max_uses ?? null) !== null, code: (c?.max_uses ?? null) !== null };
}

/** A use taken back whatever the limit (a payment that arrived for an order whose use was given back). */
export async function forceUse(db: Db, promotionId: number, codeId: number | null): Promise<void> {
  await db
    .updateTable('promotions')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', promotionId)
    .where('max_uses', 'is not', null)
    .execute();
  if (codeId !== null)
    await db
      .updateTable('promotion_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', codeId)
      .where('max_uses', 'is not', null)
      .execute();
}

export async function giveUseBack(db: Db, promotionId: number, codeId: number | null): Promise<void> {
  await db
    .updateTable('promotions')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', promotionId)
    .where('max_uses', 'is not', null)
    .where('uses', '>', 0)
    .execute();
  if (codeId !== null)
    await db
      .updateTable('promotion_codes')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('id', '=', codeId)
      .where('max_uses', 'is not', null)
      .where('uses', '>', 0)
      .execute();
}

/** An order's uses of promotions (its discount lines with one), locked, in the lock order (promotion id). */
export async function lockRedemptions(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('order_discounts')
    .select(['id', 'promotion_id', 'code_id', 'released'])
    .where('order_id', '=', orderId)
    .where('promotion_id', 'is not', null)
    .orderBy('promotion_id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({ ...r, promotion_id: r.promotion_id! }));
}

export async function setReleased(db: Db, ids: readonly number[], released: 0 | 1): Promise<void> {
  if (ids.length)
    await db
      .updateTable('order_discounts')
      .set({ released })
      .where('id', 'in', [...ids])
      .execute();
}

/**
 * Writes an order's discount lines, which are its promotions' uses, and answers which of their promotions have a
 * limit now, in one statement: each row's foreign key share-locks its promotion as it is written, and the limit is
 * read after that (RETURNING), so it is the one in force until the order commits (no limit can be set meanwhile).
 * Rows go in promotion id order, the lock order of every writer of promotions.
 */
export async function insertOrderDiscounts(
  db: Db,
  rows: Insertable<OrderDiscountTable>[],
): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const sorted = [...rows].sort((a, b) => (a.promotion_id ?? 0) - (b.promotion_id ?? 0));
  const written = await sql<{ promotion_id: number | null; limited: number | null }>`
    INSERT INTO order_discounts
      (order_id, position, kind, label, code, promotion_id, code_id, amount_paise, line_positions)
    VALUES ${sql.join(
      sorted.map(
        (r) =>
          sql`(${r.order_id}, ${r.position}, ${r.kind}, ${r.label}, ${r.code ?? null}, ${r.promotion_id ?? null}, ${r.code_id ?? null}, ${r.amount_paise}, ${r.line_positions ?? null})`,
      ),
    )}
    RETURNING promotion_id,
      (SELECT p.max_uses IS NOT NULL FROM promotions p WHERE p.id = order_discounts.promotion_id) AS limited`.execute(
    db,
  );
  return new Set(written.rows.filter((r) => Number(r.limited)).map((r) => Number(r.promotion_id)));
}

/** The discounts of orders, in the order they were applied. */
export function orderDiscounts(db: Db, orderIds: readonly number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_discounts')
    .select(['order_id', 'kind', 'label', 'code', 'promotion_id', 'amount_paise', 'line_positions'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

/** Deals running now: automatic offers switched on, marked as deals, started and not ended. */
export function runningDeals(db: Db, now: Date) {
  return runningAutomatic(db, now).then((rows) => rows.filter((r) => r.deal && r.ends_at));
}

/** The shopper's server cart lines, in checkout's order (product, colour, memory size); no locks. */
export function serverCart(db: Db, userId: number) {
  return db
    .selectFrom('cart_lines')
    .select(['id', 'product_id', 'color_id', 'memory_size', 'qty'])
    .where('user_id', '=', userId)
    .orderBy('product_id')
    .orderBy('color_id')
    .orderBy('memory_size')
    .execute();
}
