import {
  type AppliedDiscount,
  type ChosenPromotion,
  choosePromotions,
  type Discount,
  type DiscountLine,
  offersForProduct,
  PROMOTION_MESSAGES,
  type PricedOrder,
  type PricingLine,
  type PromotionLine,
  type PromotionRequirement,
  type PromotionRule,
  toRupees,
} from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { AppError, conflict } from '../../errors';
import * as repo from './promotion.repository';
import { jsonList } from './promotion-json';

/** A line to price, as checkout and the quote resolve it. */
export interface DiscountableLine {
  productId: number;
  variantId: number;
  /** The product's category and brand, for promotions scoped to them. */
  categoryId: number | null;
  brand: string;
  pricing: PricingLine;
}

/** The discounts chosen for a cart, for priceOrder, and what to record when the order is placed. */
export interface PromotionOutcome {
  /** For priceOrder's `discounts`, in order. */
  discounts: Discount[];
  /** The promotion behind each discount (same positions), its code's id and which of the two keep a use count. */
  chosen: (ChosenPromotion & { codeId: number | null; limited: Limits })[];
  /** The code sent, normalised, and why it does not apply (null when it does); null when none was sent. */
  code: { code: string; applied: boolean; reason: string | null } | null;
}

/** Whether a promotion and its code have a limit on their uses (only those keep a count). */
interface Limits {
  promotion: boolean;
  code: boolean;
}

const targetsOf = (row: repo.PromotionRow): string[] => jsonList(row.targets);

/** Names of a promotion's targets or requirements, for the shopper ("Phones", "Apple or Samsung"). */
async function labelOf(
  db: Db,
  scope: repo.PromotionRow['scope'],
  targets: readonly string[],
): Promise<string> {
  const ids = targets.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const list = (names: string[]) =>
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  switch (scope) {
    case 'categories':
      return list(await repo.categoryNames(db, ids));
    case 'brands':
      return list([...targets]);
    case 'products':
      return list(await repo.productNames(db, ids));
    case 'variants':
      return 'some product options';
    default:
      return '';
  }
}

/** A scoped promotion's target names, for the shopper's message. */
const scopeLabel = (db: Db, row: repo.PromotionRow) => labelOf(db, row.scope, targetsOf(row));

/** What a promotion requires in the cart, with its names; null when nothing. */
async function requirementOf(db: Db, row: repo.PromotionRow): Promise<PromotionRequirement | null> {
  if (!row.requires_scope) return null;
  const targets = jsonList(row.requires_targets);
  return { scope: row.requires_scope, targets, label: await labelOf(db, row.requires_scope, targets) };
}

function toRule(
  row: repo.PromotionRow,
  extra: {
    code: string | null;
    usesLeft: number | null;
    customerUsesLeft: number | null;
    scopeLabel: string;
    requires: PromotionRequirement | null;
  },
): PromotionRule {
  return {
    id: row.id,
    name: row.name,
    code: extra.code,
    action: row.action,
    percentBp: row.percent_bp,
    amountPaise: row.amount_paise,
    capPaise: row.cap_paise,
    buyQty: row.buy_qty,
    getQty: row.get_qty,
    scope: row.scope,
    targets: targetsOf(row),
    scopeLabel: extra.scopeLabel,
    requires: extra.requires,
    minOrderPaise: row.min_order_paise,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usesLeft: extra.usesLeft,
    customerUsesLeft: extra.customerUsesLeft,
    firstOrderOnly: Boolean(row.first_order_only),
    onlineOnly: Boolean(row.online_only),
    combinable: Boolean(row.combinable),
  };
}

const left = (max: number | null, used: number) => (max === null ? null : Math.max(0, max - used));
const fewer = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * The discounts of a cart: the automatic offers running now and the code sent, combined by the stacking rules
 * (choosePromotions), for priceOrder. Called by checkout's price step (inside its transaction, after the
 * shopper's account row is locked, so the shopper's uses and first order are read exactly) and by the quote.
 * - a code that does not exist, or whose promotion is switched off, is refused in words like any other
 * - `userId` null (a guest's quote): first order and uses per customer are checked at checkout
 */
export async function discountsFor(
  db: Db,
  input: {
    lines: readonly DiscountableLine[];
    code: string | null | undefined;
    userId: number | null;
    paymentMode: 0 | 1 | null;
    shippingPaise?: number;
    now?: Date;
  },
): Promise<PromotionOutcome> {
  const now = input.now ?? new Date();
  const { code: codeRow, automatic } = await repo.codeAndRunning(db, input.code, now);
  let codeAnswer: PromotionOutcome['code'] = null;
  let refused: string | null = null;
  if (input.code) {
    codeAnswer = { code: input.code, applied: false, reason: null };
    if (codeRow?.kind !== 'code') refused = PROMOTION_MESSAGES.unknown;
    else if (!codeRow.active) refused = PROMOTION_MESSAGES.inactive;
  }
  const usable = codeRow && !refused ? codeRow : null;
  if (!input.lines.length && !usable && !automatic.length)
    return { discounts: [], chosen: [], code: codeAnswer && { ...codeAnswer, reason: refused } };

  const rows = [...automatic, ...(usable ? [usable] : [])];
  const needsShopper =
    input.userId !== null && rows.some((r) => r.first_order_only || r.per_customer !== null);
  const [firstOrder, uses] = needsShopper
    ? await Promise.all([
        repo.isFirstOrder(db, input.userId!),
        repo.customerUses(
          db,
          input.userId!,
          rows.filter((r) => r.per_customer !== null).map((r) => r.id),
        ),
      ])
    : [null, new Map<number, number>()];
  const customerLeft = (r: repo.PromotionRow) =>
    input.userId === null || r.per_customer === null ? null : left(r.per_customer, uses.get(r.id) ?? 0);

  // An automatic offer's refusal is never shown: its requirement needs no names.
  const rules = automatic.map((r) =>
    toRule(r, {
      code: null,
      usesLeft: left(r.max_uses, r.uses),
      customerUsesLeft: customerLeft(r),
      scopeLabel: '',
      requires: r.requires_scope
        ? { scope: r.requires_scope, targets: jsonList(r.requires_targets), label: '' }
        : null,
    }),
  );
  // A code that ends before its promotion (a newsletter code's days) ends the rule for it.
  const codeEnds =
    usable?.code_expires_at && (!usable.ends_at || usable.code_expires_at < usable.ends_at)
      ? usable.code_expires_at
      : (usable?.ends_at ?? null);
  const codeRule = usable
    ? toRule(
        { ...usable, ends_at: codeEnds },
        {
          code: usable.code,
          usesLeft: fewer(left(usable.max_uses, usable.uses), left(usable.code_max_uses, usable.code_uses)),
          customerUsesLeft: customerLeft(usable),
          scopeLabel: await scopeLabel(db, usable),
          requires: await requirementOf(db, usable),
        },
      )
    : null;
  const lines: PromotionLine[] = input.lines.map((l) => ({
    ...l.pricing,
    productId: l.productId,
    variantId: l.variantId,
    categoryId: l.categoryId,
    brand: l.brand,
  }));
  const choice = choosePromotions(rules, codeRule, {
    lines,
    paymentMode: input.paymentMode,
    // Read only when a promotion asks (first order only, uses per customer); otherwise it decides nothing.
    firstOrder: input.userId === null ? null : (firstOrder ?? true),
    shippingPaise: input.shippingPaise ?? 0,
    now,
  });
  if (codeAnswer) {
    const reason = refused ?? choice.codeRefusal;
    codeAnswer = { ...codeAnswer, applied: reason === null, reason };
  }
  return {
    discounts: choice.discounts,
    chosen: choice.chosen.map((c) => {
      const code = c.rule.code && usable ? usable : null;
      const row = code ?? automatic.find((r) => r.id === c.rule.id);
      return {
        ...c,
        codeId: code?.code_id ?? null,
        limited: { promotion: row?.max_uses != null, code: code?.code_max_uses != null },
      };
    }),
    code: codeAnswer,
  };
}

/** The refusal of an order whose code does not apply (the checkout shows the reason beside the code). */
export function refusedCode(outcome: PromotionOutcome): AppError | null {
  if (!outcome.code || outcome.code.applied) return null;
  return new AppError(409, 'discount_refused', outcome.code.reason ?? PROMOTION_MESSAGES.unknown, {
    discount_code: outcome.code.code,
  });
}

/** Takes one use of a promotion and its code where they have a limit; false when one of them is used up. */
async function takeUses(trx: Db, promotionId: number, codeId: number | null, limited: Limits) {
  if (limited.promotion && !(await repo.takePromotionUse(trx, promotionId))) return false;
  return codeId === null || !limited.code || repo.takeCodeUse(trx, codeId);
}

/**
 * Records the promotions of a placed order, in checkout's transaction, before its stock is taken (lock order:
 * promotions, then codes, each by id, then products; a cancellation takes products first, and the rare deadlock
 * between the two is re-run by `transaction`):
 * - a promotion or code with a limit has its use taken by a guarded update of its count: when another order took
 *   the last one since it was read, the order is refused (409 `discount_refused`, "This code has been used.") and
 *   nothing is kept
 * - one without a limit keeps no count (orders would queue on its row): the order's discount line share-locks the
 *   row to the commit, so staff setting a limit meanwhile wait and count this use (updatePromotion); a limit set
 *   since the order was priced is taken as above
 * - the discounts as applied (priceOrder's figures) are kept with the order, to price it again the same way; each
 *   line with a promotion is that promotion's use
 */
export async function redeemPromotions(
  trx: Db,
  orderId: number,
  outcome: PromotionOutcome,
  priced: PricedOrder,
): Promise<void> {
  const byId = [...outcome.chosen].sort((a, b) => a.rule.id - b.rule.id);
  // The counts first, each row locked outright by its update; this order's lines after them. Their foreign keys
  // share-lock the same promotion and code rows: written first, two orders could each hold that share lock and
  // wait for the other's to update the row (a deadlock, measured by the promotions bench).
  for (const c of byId)
    if (!(await takeUses(trx, c.rule.id, c.codeId, c.limited)))
      throw conflict(
        c.rule.code ? PROMOTION_MESSAGES.used : `The offer "${c.rule.name}" has just ended.`,
        'discount_refused',
      );
  const limitedNow = await repo.insertOrderDiscounts(
    trx,
    priced.discounts.map((d, i) => ({
      order_id: orderId,
      position: i,
      kind: d.kind,
      label: d.label,
      code: outcome.chosen[i]?.rule.code ?? null,
      promotion_id: outcome.chosen[i]?.rule.id ?? null,
      code_id: outcome.chosen[i]?.codeId ?? null,
      amount_paise: d.amountPaise,
      line_positions: d.lines ? JSON.stringify(d.lines) : null,
    })),
  );
  // Priced as unlimited, limited since: the order takes a use now (in promotion id order, the lock order).
  for (const c of byId)
    if (!c.limited.promotion && limitedNow.has(c.rule.id) && !(await repo.takePromotionUse(trx, c.rule.id)))
      throw conflict(PROMOTION_MESSAGES.used, 'discount_refused');
}

/**
 * Gives an order's uses back (cancelled, payment failed), once: its discount lines are marked released under their
 * row locks, and each promotion's and code's count goes down by one.
 */
export async function releasePromotions(trx: Db, orderId: number): Promise<void> {
  const rows = (await repo.lockRedemptions(trx, orderId)).filter((r) => !r.released);
  if (!rows.length) return;
  // The promotion rows are locked before the discount lines change: staff setting a limit count them either before or
  // after, never halfway.
  for (const r of rows) await repo.lockLimits(trx, r.promotion_id, r.code_id);
  await repo.setReleased(
    trx,
    rows.map((r) => r.id),
    1,
  );
  for (const r of rows) await repo.giveUseBack(trx, r.promotion_id, r.code_id);
}

/**
 * Takes back the uses an order gave back, when it waits for payment again (pay now) or is paid after all.
 * - waiting for payment: guarded like checkout; when the last use went to someone else meanwhile, the order cannot
 *   be paid at its price (409 `discount_refused`)
 * - paid: the money is taken, so the use is counted whatever the limit
 */
export async function retakePromotions(trx: Db, orderId: number, force: boolean): Promise<void> {
  const rows = (await repo.lockRedemptions(trx, orderId)).filter((r) => r.released);
  if (!rows.length) return;
  for (const r of rows) {
    const limited = await repo.lockLimits(trx, r.promotion_id, r.code_id);
    if (force) await repo.forceUse(trx, r.promotion_id, r.code_id);
    else if (!(await takeUses(trx, r.promotion_id, r.code_id, limited)))
      throw conflict(
        'The discount code of this order has been used up meanwhile: this order can no longer be paid at its price. Please order again.',
        'discount_refused',
      );
  }
  await repo.setReleased(
    trx,
    rows.map((r) => r.id),
    0,
  );
}

/** An order's discounts as applied, for priceSnapshot, and as the shopper reads them. */
export interface OrderDiscounts {
  applied: AppliedDiscount[];
  lines: DiscountLine[];
}

/** The discounts of orders by order id (none for an order without). */
export async function discountsOfOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderDiscounts>> {
  const out = new Map<number, OrderDiscounts>();
  for (const r of await repo.orderDiscounts(db, orderIds)) {
    const o = out.get(r.order_id) ?? { applied: [], lines: [] };
    const lines = r.line_positions ? (JSON.parse(r.line_positions) as number[]) : undefined;
    o.applied.push({
      kind: r.kind,
      label: r.label,
      amountPaise: r.amount_paise,
      ...(lines ? { lines } : {}),
    });
    o.lines.push({ kind: r.kind, label: r.label, code: r.code, amount: toRupees(r.amount_paise) });
    out.set(r.order_id, o);
  }
  return out;
}

export const NO_DISCOUNTS: OrderDiscounts = { applied: [], lines: [] };

/** A product as product pages and cards show it, for its offers. */
export interface OfferedProduct {
  productId: number;
  categoryId: number | null;
  brand: string;
}

/**
 * The running automatic offers each product's page or card names, in words (offersForProduct: the scope rules
 * checkout uses), by product id. Offers with no uses left are left out; an offer on some options reads the
 * products of those options.
 * - `wholeOrder`: also name offers on the whole order (a product page; cards leave them out)
 */
export async function productOffers(
  db: Db,
  products: readonly OfferedProduct[],
  opts: { wholeOrder?: boolean; now?: Date } = {},
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!products.length) return out;
  const running = (await repo.runningAutomatic(db, opts.now ?? new Date())).filter(
    (r) => r.max_uses === null || r.uses < r.max_uses,
  );
  if (!running.length) return out;
  const rules = await Promise.all(
    running.map(async (r) =>
      toRule(r, {
        code: null,
        usesLeft: left(r.max_uses, r.uses),
        customerUsesLeft: null,
        scopeLabel: '',
        requires: await requirementOf(db, r),
      }),
    ),
  );
  const variantTargets = rules.some((r) => r.scope === 'variants')
    ? await repo.variantsOfProducts(
        db,
        products.map((p) => p.productId),
      )
    : new Map<number, number[]>();
  for (const p of products) {
    const words = offersForProduct(
      rules,
      { ...p, variantIds: variantTargets.get(p.productId) ?? [] },
      { wholeOrder: opts.wholeOrder === true },
    );
    if (words.length) out.set(p.productId, words);
  }
  return out;
}
