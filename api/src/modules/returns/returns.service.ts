import { randomBytes } from 'node:crypto';
import {
  type AppliedDiscount,
  type CategoryReturnPolicy,
  DEFAULT_RETURN_WINDOW_DAYS,
  formatReturnDay,
  MAX_RETURN_PHOTOS,
  maskAccount,
  type OrderReturns,
  policyAllows,
  priceSnapshot,
  RETURN_POLICIES,
  type ReturnKind,
  type ReturnPolicy,
  type ReturnReason,
  type ReturnRequestBody,
  type ReturnRequestView,
  type ReturnState,
  refundsShipping,
  returnWindowCloses,
  SHIPPING_REFUND_RULES,
  type ShippingRefundRule,
  toRupees,
  unitPricePaise,
  unitsSharePaise,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { imageLimits, removeImages, storeImage } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { type Trx, transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import * as orders from '../order/order.repository';
import * as orderEvents from '../order/order-events.repository';
import { PUBLIC_ID_RE } from '../order/order-id';
import { discountsOfOrders } from '../promotion/promotion-pricing.service';
import { writeSettings } from '../settings/settings.repository';
import * as repo from './returns.repository';
import { mailReturn } from './returns-mail';

/**
 * Return and replacement requests of delivered orders (the shopper's side, the views, the policy). Staff moves
 * live in returns-staff.service.ts.
 */

export interface ReturnsPolicySettings {
  windowDays: number;
  shippingRefund: ShippingRefundRule;
}

// ---------------------------------------------------------------------------------------------------------------
// Policy

export async function readPolicy(db: Db | Trx): Promise<ReturnsPolicySettings> {
  const m = await repo.readPolicySettings(db);
  const days = Number(m.get(repo.POLICY_KEYS.windowDays));
  const rule = m.get(repo.POLICY_KEYS.shippingRefund) as ShippingRefundRule | undefined;
  return {
    windowDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_RETURN_WINDOW_DAYS,
    shippingRefund: rule && SHIPPING_REFUND_RULES.includes(rule) ? rule : 'fault',
  };
}

const asPolicy = (v: string | null | undefined): CategoryReturnPolicy =>
  RETURN_POLICIES.includes(v as CategoryReturnPolicy) ? (v as CategoryReturnPolicy) : 'returnable';

export async function policyReply(db: Db): Promise<ReturnPolicy> {
  const [p, cats] = await Promise.all([readPolicy(db), repo.categoryPolicies(db)]);
  return {
    ...p,
    categories: cats.map((c) => ({ _id: String(c.id), name: c.name, policy: asPolicy(c.return_policy) })),
  };
}

export async function savePolicy(db: Db, actor: Actor, p: ReturnsPolicySettings): Promise<ReturnPolicy> {
  await transaction(db, async (trx) => {
    const before = await readPolicy(trx);
    await writeSettings(trx, {
      [repo.POLICY_KEYS.windowDays]: String(p.windowDays),
      [repo.POLICY_KEYS.shippingRefund]: p.shippingRefund,
    });
    await recordAudit(trx, {
      actor,
      action: 'settings.returns',
      kind: 'settings',
      objectId: 'returns',
      summary: `Saved the returns policy (${p.windowDays} days)`,
      before: { ...before },
      after: { ...p },
    });
  });
  return policyReply(db);
}

export async function saveCategoryPolicy(
  db: Db,
  actor: Actor,
  categoryId: number,
  policy: CategoryReturnPolicy,
): Promise<ReturnPolicy> {
  await transaction(db, async (trx) => {
    const cat = (await repo.categoryPolicies(trx)).find((c) => c.id === categoryId);
    if (!cat || !(await repo.setCategoryPolicy(trx, categoryId, policy))) throw notFound('Category');
    await recordAudit(trx, {
      actor,
      action: 'category.returns',
      kind: 'category',
      objectId: categoryId,
      summary: `Returns of ${cat.name}: ${policy}`,
      before: { policy: cat.return_policy },
      after: { policy },
    });
  });
  return policyReply(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Pricing: every figure of a return comes from the pricing function

type PolicyLine = Awaited<ReturnType<typeof repo.orderLinesWithPolicy>>[number];

/**
 * The order's lines priced again from their snapshots (the same call as the order page and the tax invoice):
 * `netPaise` is what each line cost after its share of the order's discounts.
 */
function pricedLines(lines: PolicyLine[], discounts: readonly AppliedDiscount[] = []) {
  return priceSnapshot(
    lines.map((l) => ({
      unitPaise: l.unit_price_paise,
      unitOriginalPaise: l.unit_original_paise,
      qty: l.qty,
      gstRateBp: l.gst_rate_bp ?? undefined,
    })),
    { discounts },
  );
}

/**
 * What a dearer replacement costs the shopper: the lines' price differences per unit priced by the pricing function
 * (paid on delivery of the replacement).
 */
export function differenceOf(lines: { price_diff_paise: number; qty: number }[]) {
  return priceSnapshot(
    lines.map((l) => ({ unitPaise: Math.max(0, Number(l.price_diff_paise)), qty: l.qty })),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Views

const optionsText = (l: { color_name: string | null; memory_size: number | null }) =>
  [l.color_name, l.memory_size ? `${l.memory_size} GB` : null].filter(Boolean).join(', ');

const photoPath = (file: string) => `/images/returns/${file}`;

/** Requests as the API answers them; staff see the whole bank account, the shopper its last 4 digits. */
export async function toViews(
  db: Db | Trx,
  rows: repo.ReturnRow[],
  opts: { staff?: boolean } = {},
): Promise<ReturnRequestView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lines, photos, orderRows] = await Promise.all([
    repo.linesOfRequests(db, ids),
    repo.photosOf(db, ids),
    db
      .selectFrom('orders')
      .select(['id', 'public_id'])
      .where('id', 'in', [
        ...new Set(
          rows.flatMap((r) => [r.order_id, ...(r.replacement_order_id ? [r.replacement_order_id] : [])]),
        ),
      ])
      .execute(),
  ]);
  const publicIds = new Map(orderRows.map((o) => [o.id, o.public_id]));
  const refunds = new Map(
    (await Promise.all(rows.flatMap((r) => (r.refund_id ? [repo.refundById(db, r.refund_id)] : [])))).flatMap(
      (f) => (f ? [[f.id, f] as const] : []),
    ),
  );
  return rows.map((r) => {
    const own = lines.filter((l) => l.request_id === r.id);
    const share = own.reduce((s, l) => s + l.share_paise, 0);
    const refund = r.refund_id ? refunds.get(r.refund_id) : undefined;
    const method = r.refund_method as 'gateway' | 'upi' | 'bank';
    return {
      _id: r.public_id,
      orderId: publicIds.get(r.order_id) ?? '',
      kind: r.kind as ReturnKind,
      state: r.state as ReturnState,
      reason: r.reason as ReturnReason,
      comment: r.comment,
      rejectReason: r.reject_reason,
      pickup: r.pickup_carrier && r.pickup_awb ? { carrier: r.pickup_carrier, awb: r.pickup_awb } : null,
      refundTo: {
        method,
        ...(method === 'upi' ? { upiId: r.upi_id ?? '' } : {}),
        ...(method === 'bank'
          ? {
              account: opts.staff ? (r.bank_account ?? '') : maskAccount(r.bank_account ?? ''),
              ifsc: r.bank_ifsc ?? '',
              accountName: r.account_name ?? '',
            }
          : {}),
      },
      lines: own.map((l) => ({
        lineId: String(l.order_line_id),
        name: l.name,
        options: optionsText(l),
        thumbnail: l.thumbnail,
        qty: l.qty,
        sellable: l.sellable,
        damaged: l.damaged,
        share: toRupees(l.share_paise),
        replacement: l.replacement_variant_id
          ? {
              variantId: String(l.replacement_variant_id),
              label: optionsText({ color_name: l.replacement_color, memory_size: l.replacement_memory }),
              priceDifference: toRupees(l.price_diff_paise),
            }
          : null,
      })),
      photos: photos.filter((p) => p.request_id === r.id).map((p) => photoPath(p.file)),
      refundable: r.kind === 'refund' ? toRupees(share + r.shipping_refund_paise) : 0,
      shippingRefund: toRupees(r.shipping_refund_paise),
      refund: refund
        ? {
            amount: toRupees(refund.amount_paise),
            state: refund.state,
            method: refund.method,
            reference: opts.staff ? refund.reference : null,
          }
        : null,
      toPay: r.kind === 'replacement' ? toRupees(differenceOf(own).totalPaise) : 0,
      notice: r.notice,
      replacementOrderId: r.replacement_order_id ? (publicIds.get(r.replacement_order_id) ?? null) : null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The shopper's side

/** The order row its caller may see: the shopper's own, any for staff; 404 otherwise (as for orders). */
async function visibleOrder(db: Db | Trx, publicId: string, who: { staff: boolean; userId: number }) {
  if (!PUBLIC_ID_RE.test(publicId)) throw notFound('Order');
  const o = await orders.findByPublicId(db, publicId);
  if (!o || (!who.staff && o.user_id !== who.userId)) throw notFound('Order');
  return o;
}

/** The window of an order: open while it is delivered and the window has not closed. */
async function windowOf(db: Db | Trx, order: orders.OrderRow, days: number) {
  const delivered =
    order.state === 'delivered'
      ? (await orderEvents.latestEvent(db, order.id, 'delivered'))?.created_at
      : undefined;
  const at = delivered ?? (order.state === 'delivered' ? order.updated_at : undefined);
  const closesAt = at ? returnWindowCloses(at, days) : null;
  return { closesAt, open: !!closesAt && Date.now() < closesAt.getTime() };
}

/** The price of one unit of a variant now (the pricing function), for a replacement's price difference. */
function variantUnitPaise(v: Awaited<ReturnType<typeof repo.variantsOf>>[number]) {
  return unitPricePaise({
    pricePaise: v.final_price,
    colorAdjPaise: v.color_adj ?? 0,
    memoryAdjPaise: v.memory_adj ?? 0,
    overridePaise: v.price_override === null ? null : Number(v.price_override),
  });
}

/** An order's requests, its window, and what each of its lines may still send back. */
export async function orderReturns(
  db: Db,
  publicId: string,
  who: { staff: boolean; userId: number },
): Promise<OrderReturns> {
  const order = await visibleOrder(db, publicId, who);
  const policy = await readPolicy(db);
  const [window, lines, held, rows] = await Promise.all([
    windowOf(db, order, policy.windowDays),
    repo.orderLinesWithPolicy(db, order.id),
    repo.unitsInRequests(db, order.id),
    repo.requestsOfOrder(db, order.id),
  ]);
  const variants = await repo.variantsOf(db, [...new Set(lines.map((l) => l.product_id))]);
  return {
    requests: await toViews(db, rows, { staff: who.staff }),
    window: { open: window.open, days: policy.windowDays, closesAt: window.closesAt?.toISOString() ?? null },
    lines: lines.map((l) => {
      const h = held.get(l.id) ?? { units: 0, open: null };
      return {
        lineId: String(l.id),
        name: l.name,
        options: optionsText(l),
        thumbnail: l.thumbnail,
        qty: l.qty,
        returned: h.units,
        available: window.open && !h.open ? Math.max(0, l.qty - h.units) : 0,
        openRequest: h.open,
        policy: asPolicy(l.return_policy),
        variantId: l.variant_id === null ? null : String(l.variant_id),
        variants: variants
          .filter((v) => v.product_id === l.product_id && v.enabled)
          .map((v) => ({
            variantId: String(v.id),
            label: optionsText({ color_name: v.color_name, memory_size: v.memory_size }) || 'Standard',
            inStock: !!v.status && !!v.in_stock && v.stock > 0,
            priceDifference: toRupees(variantUnitPaise(v) - l.unit_price_paise),
          })),
      };
    }),
  };
}

export async function myReturns(db: Db, userId: number): Promise<ReturnRequestView[]> {
  return toViews(db, await repo.requestsOfShopper(db, userId));
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RETURN_ID_RE = /^VR[0-9A-HJKMNP-TV-Z]{18}$/;

function newReturnId(): string {
  let id = 'VR';
  for (const b of randomBytes(18)) id += ALPHABET[b & 31];
  return id;
}

export interface ReturnDeps {
  db: Db;
  config: Config;
  storage: Storage;
}

/**
 * The shopper asks to return or replace units of a delivered order.
 * - someone else's order, or one that does not exist: 404
 * - the order must be delivered (409 `return_state`) and the window open: `windowDays` after delivery (409
 *   `return_window_closed` naming the day it closed)
 * - each line of this order once; at most the units delivered less those in requests not rejected (400
 *   `return_quantity`); a line held by an open request cannot be asked for again (409 `return_quantity`): under the
 *   order's row lock, and the unique (line, open) key, two requests at once end with one
 * - a category that takes no returns refuses any request, a "replacement only" one a refund (409 `not_returnable`)
 * - a replacement names another variant of the same product (or none: the same one)
 * - a cash-on-delivery refund needs a UPI ID, or a bank account with its IFSC and holder (400 `refund_account`)
 * - up to 5 photos, checked and re-encoded like product pictures; a refused request leaves none stored
 * - each line's share of the money: the pricing function's net of the line, for these units (unitsSharePaise);
 *   shipping goes back when the policy says so, once per order
 */
export async function requestReturn(
  deps: ReturnDeps,
  userId: number,
  orderPublicId: string,
  body: ReturnRequestBody,
  photos: File[],
): Promise<ReturnRequestView> {
  const order = await visibleOrder(deps.db, orderPublicId, { staff: false, userId });
  if (photos.length > MAX_RETURN_PHOTOS)
    throw badRequest(`Send at most ${MAX_RETURN_PHOTOS} photos (you sent ${photos.length}).`, 'too_large');
  const ids = body.lines.map((l) => l.lineId);
  if (new Set(ids).size !== ids.length) throw badRequest('Name each item once.', 'return_quantity');
  let refundTo: Pick<
    repo.ReturnRow,
    'refund_method' | 'upi_id' | 'bank_account' | 'bank_ifsc' | 'account_name'
  > = { refund_method: 'gateway', upi_id: null, bank_account: null, bank_ifsc: null, account_name: null };
  if (body.kind === 'refund' && order.payment_mode === 0) {
    if (body.bankAccount || body.ifsc) {
      if (!body.bankAccount || !body.ifsc || !body.accountName) {
        throw badRequest(
          'For a refund to a bank account, give the account number, its IFSC and the account holder’s name.',
          'refund_account',
        );
      }
      refundTo = {
        refund_method: 'bank',
        upi_id: null,
        bank_account: body.bankAccount.replace(/\s/g, ''),
        bank_ifsc: body.ifsc.toUpperCase(),
        account_name: body.accountName,
      };
    } else if (body.upiId) {
      refundTo = { ...refundTo, refund_method: 'upi', upi_id: body.upiId };
    } else {
      throw badRequest(
        'This order was paid in cash on delivery: tell us where to send your refund (a UPI ID, or a bank account number with its IFSC and the account holder’s name).',
        'refund_account',
      );
    }
  }

  // Photos are checked and stored first (no lock held while images are encoded); removed again on any refusal.
  const limits = imageLimits(deps.config);
  const stored: string[] = [];
  try {
    for (const f of photos) stored.push(await storeImage(deps.storage, 'returns', f, limits));
    const row = await transaction(deps.db, (trx) =>
      writeRequest(trx, deps, userId, orderPublicId, body, refundTo, stored),
    );
    return (await toViews(deps.db, [row]))[0]!;
  } catch (e) {
    await removeImages(deps.storage, 'returns', stored);
    if (isDuplicateKey(e)) throw heldLine();
    throw e;
  }
}

const heldLine = (name?: string, id?: string) =>
  conflict(
    name
      ? `${name} already has an open request${id ? ` (${id})` : ''}: wait for it to finish before asking again.`
      : 'An item of this request already has an open request: wait for it to finish before asking again.',
    'return_quantity',
  );

async function writeRequest(
  trx: Trx,
  deps: ReturnDeps,
  userId: number,
  orderPublicId: string,
  body: ReturnRequestBody,
  refundTo: Pick<repo.ReturnRow, 'refund_method' | 'upi_id' | 'bank_account' | 'bank_ifsc' | 'account_name'>,
  photos: string[],
): Promise<repo.ReturnRow> {
  const order = await orders.lockOrder(trx, { publicId: orderPublicId });
  if (!order || order.user_id !== userId) throw notFound('Order');
  if (order.state !== 'delivered') {
    throw conflict(
      `Only a delivered order can be returned or replaced (this one is ${order.state}).`,
      'return_state',
    );
  }
  const policy = await readPolicy(trx);
  const window = await windowOf(trx, order, policy.windowDays);
  if (!window.open) {
    throw new AppError(
      409,
      'return_window_closed',
      `The return window of this order closed on ${formatReturnDay(window.closesAt!)} (${policy.windowDays} days after delivery).`,
      { closedOn: window.closesAt!.toISOString() },
    );
  }
  const lines = await repo.orderLinesWithPolicy(trx, order.id);
  const discounts = (await discountsOfOrders(trx, [order.id])).get(order.id)?.applied ?? [];
  const priced = pricedLines(lines, discounts);
  const held = await repo.unitsInRequests(trx, order.id);
  const variants = await repo.variantsOf(trx, [...new Set(lines.map((l) => l.product_id))]);
  const rows: {
    line: PolicyLine;
    qty: number;
    share: number;
    variantId: number | null;
    priceDiff: number;
  }[] = [];
  for (const want of body.lines) {
    const i = lines.findIndex((l) => String(l.id) === want.lineId);
    const line = lines[i];
    if (!line) throw badRequest(`Item ${want.lineId} is not part of this order.`, 'return_quantity');
    const policyOf = asPolicy(line.return_policy);
    if (!policyAllows(policyOf, body.kind)) {
      throw conflict(
        policyOf === 'none'
          ? `${line.name} cannot be returned: its category takes no returns.`
          : `${line.name} can be replaced, not refunded: ask for a replacement instead.`,
        'not_returnable',
      );
    }
    const h = held.get(line.id) ?? { units: 0, open: null };
    if (h.open) throw heldLine(line.name, h.open);
    const left = line.qty - h.units;
    if (want.qty > left) {
      throw badRequest(
        left <= 0
          ? `All ${line.qty} of ${line.name} have already been returned.`
          : `You can return at most ${left} of ${line.name} (${line.qty} delivered${h.units ? `, ${h.units} already returned` : ''}).`,
        'return_quantity',
      );
    }
    let variantId: number | null = null;
    let priceDiff = 0;
    if (body.kind === 'replacement' && want.variantId && want.variantId !== String(line.variant_id)) {
      const v = variants.find((x) => String(x.id) === want.variantId && x.product_id === line.product_id);
      if (!v?.enabled) {
        throw badRequest(
          `Choose a colour or memory size that ${line.name} is sold in for its replacement.`,
          'invalid_option',
        );
      }
      priceDiff = variantUnitPaise(v) - line.unit_price_paise;
      if (priceDiff < 0) {
        throw badRequest(
          `${optionsText({ color_name: v.color_name, memory_size: v.memory_size })} of ${line.name} costs less than you paid: a replacement is sent at the same price or dearer (you pay the difference on delivery). Ask for a refund of this item instead.`,
          'invalid_option',
        );
      }
      variantId = v.id;
    }
    rows.push({
      line,
      qty: want.qty,
      share: unitsSharePaise(priced.lines[i]!.netPaise, line.qty, h.units, want.qty),
      variantId,
      priceDiff,
    });
  }
  // Shipping goes back once per order, with the first refund request whose reason the policy refunds it for.
  const shippingTaken = (await repo.requestsOfOrder(trx, order.id)).some(
    (r) => r.state !== 'rejected' && r.shipping_refund_paise > 0,
  );
  const shipping =
    body.kind === 'refund' && refundsShipping(policy.shippingRefund, body.reason) && !shippingTaken
      ? priced.shippingPaise
      : 0;
  const publicId = newReturnId();
  const id = await repo.insertRequest(trx, {
    public_id: publicId,
    order_id: order.id,
    kind: body.kind,
    state: 'requested',
    reason: body.reason,
    comment: body.comment ?? '',
    reject_reason: null,
    pickup_carrier: null,
    pickup_awb: null,
    ...refundTo,
    refund_id: null,
    shipping_refund_paise: shipping,
    replacement_order_id: null,
    notice: null,
  });
  await repo.insertLines(
    trx,
    rows.map((r) => ({
      request_id: id,
      order_line_id: r.line.id,
      qty: r.qty,
      open: 1,
      sellable: null,
      damaged: null,
      replacement_variant_id: r.variantId,
      share_paise: r.share,
      price_diff_paise: r.priceDiff,
    })),
  );
  await repo.insertPhotos(trx, id, photos);
  await repo.insertEvent(trx, {
    request_id: id,
    event: 'requested',
    actor: 'customer',
    note: `${body.kind === 'refund' ? 'Refund' : 'Replacement'}: ${rows.map((r) => `${r.qty} × ${r.line.name}`).join(', ')}`,
    admin_id: null,
  });
  await orderEvents.insertEvent(trx, {
    order_id: order.id,
    event: 'return_requested',
    actor: 'customer',
    note: `${publicId} (${body.kind})`,
  });
  const row = (await repo.lockRequest(trx, publicId))!;
  await mailReturn(trx, deps.config, 'return_requested', row, order.public_id);
  return row;
}
