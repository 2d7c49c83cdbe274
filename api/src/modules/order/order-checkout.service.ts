import type { PaymentCheckout, placeOrderBody } from '@voltcart/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError, badRequest, conflict } from '../../errors';
import { PaymentError, type PaymentProvider } from '../../lib/payments/payment-provider';
import { transaction } from '../../lib/transaction';
import { searchEngine } from '../search/search-engine';
import * as repo from './order.repository';
import type { OrderDeps } from './order.service';
import { recordOrderEvent } from './order-events.service';
import { newPublicId } from './order-id';
import { move } from './order-move.service';

/** What checkout uses of the place-order body (parsed with the contract's schema). */
export type PlaceOrderInput = Pick<
  z.output<typeof placeOrderBody>,
  'payment_mode' | 'shipping_details' | 'notes'
>;

export interface PlacedOrder {
  publicId: string;
  totalPaise: number;
  /** Online payment: what Razorpay Checkout (or the simulator) needs; null for cash on delivery. */
  payment: PaymentCheckout | null;
}

export const PAYMENT_UNAVAILABLE =
  'The payment service is not available. Please try again or choose cash on delivery.';

function unavailable(name = 'A product in your cart'): AppError {
  return conflict(`${name} is no longer available. Please remove it from your cart.`, 'unavailable');
}

/** The shopper's answer when a product, or one variant of it, has fewer units than the cart holds. */
function stockConflict(p: repo.OrderProduct, v?: repo.OrderVariant): AppError {
  const stock = v ? Math.min(v.stock, p.stock) : p.stock;
  const name = v && (v.color_id || v.memory_size) ? `${p.name} (${v.sku})` : p.name;
  if (!p.in_stock || stock <= 0) {
    return new AppError(409, 'out_of_stock', `Sorry, ${name} is out of stock.`, { available: 0 });
  }
  return new AppError(409, 'insufficient_stock', `Only ${stock} left in stock for ${name}.`, {
    available: stock,
  });
}

/**
 * Turns the shopper's cart into an order.
 * - one transaction: account row and cart lines locked, prices and option adjustments re-read, order and line
 *   snapshots written (with the variant's SKU), cart emptied, and last of all stock taken with a guarded update
 *   per product and then per variant (each in id order); any error undoes all of it
 * - a cart line is the variant of its product, colour and memory size: a combination not sold, or switched off,
 *   is refused (409 `option_unavailable`) before anything is reserved
 * - the product rows are locked only by that last update, so a popular product is held for the update and the
 *   commit alone, not for the whole checkout; the update's guard (active, for sale, enough units) is the final word
 *   on stock
 * - the client's order_total is never used
 * - online orders: the order is committed in `pending_payment` first and Razorpay is called afterwards, outside
 *   the transaction (no row locks held during a network call). If Razorpay refuses, fails or times out, a second
 *   transaction cancels the order, returns its stock and puts the lines back in the cart, and the shopper gets a
 *   502. Should the process die between the two, the order still expires and the sweep returns its stock.
 */
export async function placeOrder(
  deps: OrderDeps,
  userId: number,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const online = input.payment_mode === 1;
  const placed = await transaction(deps.db, async (trx) => {
    // Same lock order as the cart service (account row, then its cart lines, then products): no deadlocks between
    // a shopper's cart changes and the same shopper's checkout.
    const cart = await repo.lockAccountAndCart(trx, userId);
    if (!cart.length) throw badRequest('Your cart is empty.', 'cart_empty');

    const ids = [...new Set(cart.map((l) => l.product_id))].sort((a, b) => a - b);
    const products = new Map((await repo.readProducts(trx, ids)).map((p) => [p.id, p]));
    const colors = new Map(
      cart.some((l) => l.color_id)
        ? (await repo.colorOptions(trx, ids)).map((c) => [`${c.product_id}:${c.color_id}`, c])
        : [],
    );
    const memory = new Map(
      cart.some((l) => l.memory_size)
        ? (await repo.memoryOptions(trx, ids)).map((m) => [`${m.product_id}:${m.size_gb}`, m])
        : [],
    );

    const variants = new Map(
      (await repo.readVariants(trx, ids)).map((v) => [`${v.product_id}:${v.color_id}:${v.memory_size}`, v]),
    );

    const units = new Map<number, number>();
    const variantUnits = new Map<number, { variant: repo.OrderVariant; qty: number }>();
    const lines = cart.map((line) => {
      const p = products.get(line.product_id);
      if (!p?.status) throw unavailable(p?.name);
      let adj = 0;
      let colorName: string | null = null;
      let picture = p.thumbnail;
      if (line.color_id) {
        const c = colors.get(`${p.id}:${line.color_id}`);
        if (!c) {
          throw conflict(
            `${p.name} is no longer sold in the colour you chose. Please choose again.`,
            'option_unavailable',
          );
        }
        adj += c.price_adj;
        colorName = c.name;
        // The line shows the colour bought: its own first picture, when it has one.
        picture = c.picture ?? picture;
      }
      if (line.memory_size) {
        const m = memory.get(`${p.id}:${line.memory_size}`);
        if (!m) {
          throw conflict(
            `${p.name} is no longer sold with ${line.memory_size} GB. Please choose again.`,
            'option_unavailable',
          );
        }
        adj += m.price_adj;
      }
      const v = variants.get(`${p.id}:${line.color_id}:${line.memory_size}`);
      if (!v?.enabled) {
        throw conflict(
          `${p.name} is not sold in the combination you chose${v ? ` (${v.sku} is switched off)` : ''}. Please choose again.`,
          'option_unavailable',
        );
      }
      units.set(p.id, (units.get(p.id) ?? 0) + line.qty);
      variantUnits.set(v.id, { variant: v, qty: (variantUnits.get(v.id)?.qty ?? 0) + line.qty });
      // The unit-price rule (packages/shared rules/unit-price.ts): the variant's own price, else the sum, never
      // clamped (products whose options could go below zero are refused when saved).
      const unit = v.price_override ?? p.final_price + adj;
      return {
        product_id: p.id,
        variant_id: v.id,
        sku: v.sku,
        name: p.name,
        color_id: line.color_id,
        color_name: colorName,
        memory_size: line.memory_size,
        unit_price_paise: unit,
        unit_original_paise: Math.max(unit, p.original_price + adj),
        qty: line.qty,
        thumbnail: picture,
      };
    });

    // What was just read already refuses most sold-out carts, before anything is written.
    for (const id of ids) {
      const p = products.get(id)!;
      if (!p.in_stock || p.stock < units.get(id)!) throw stockConflict(p);
    }
    const variantOrder = [...variantUnits.values()].sort(
      (a, b) => a.variant.product_id - b.variant.product_id || a.variant.id - b.variant.id,
    );
    for (const { variant, qty } of variantOrder)
      if (variant.stock < qty) throw stockConflict(products.get(variant.product_id)!, variant);

    const total = lines.reduce((s, l) => s + l.unit_price_paise * l.qty, 0);
    const originalTotal = lines.reduce((s, l) => s + l.unit_original_paise * l.qty, 0);
    // Razorpay's smallest order is ₹1.
    if (online && total < 100) {
      throw badRequest('Online payment needs an order total of at least ₹1. Please choose cash on delivery.');
    }

    const publicId = newPublicId();
    const a = input.shipping_details;
    const orderId = await repo.insertOrder(trx, {
      public_id: publicId,
      user_id: userId,
      state: online ? 'pending_payment' : 'placed',
      payment_mode: input.payment_mode,
      total_paise: total,
      original_total_paise: originalTotal,
      razorpay_order_id: null,
      razorpay_payment_id: null,
      ship_adress_line1: a.adressLine1,
      ship_adress_line2: a.adressLine2,
      ship_city: a.city,
      ship_state: a.state,
      ship_postal_code: a.postalCode,
      ship_country: a.country,
      ship_contact: a.contact,
      notes: input.notes ?? '',
      expires_at: online ? new Date(Date.now() + deps.config.PAYMENT_EXPIRY_MINUTES * 60_000) : null,
      paid_at: null,
    });
    await repo.insertLines(
      trx,
      lines.map((l) => ({ ...l, order_id: orderId })),
    );
    // A cash-on-delivery order is sold once placed (an online one once paid: order-lifecycle's move).
    if (!online) await searchEngine.indexSales(trx, units);
    // The timeline's first entry, and for cash on delivery the confirmation mail, committed with the order.
    await recordOrderEvent(
      trx,
      {
        id: orderId,
        public_id: publicId,
        user_id: userId,
        total_paise: total,
        payment_mode: input.payment_mode,
        carrier: null,
        tracking_number: null,
      },
      online ? 'pending_payment' : 'placed',
      'customer',
      {
        config: deps.config,
        lines: lines.map((l) => ({
          name: l.name,
          options: [l.color_name, l.memory_size ? `${l.memory_size} GB` : null].filter(Boolean).join(', '),
          qty: l.qty,
          unitPaise: l.unit_price_paise,
        })),
      },
    );
    await repo.deleteCartLines(
      trx,
      userId,
      cart.map((l) => l.id),
    );
    // Product rows first, then variant rows, each in id order: every transaction that changes stock locks them
    // in this order (product and variant writes of the back office too), so they cannot deadlock.
    for (const id of ids) {
      if (!(await repo.takeStock(trx, id, units.get(id)!))) {
        // Someone bought the last units (or the product was withdrawn) since it was read: say how it is now.
        const [now] = await repo.readProducts(trx, [id]);
        throw now?.status ? stockConflict(now) : unavailable(products.get(id)!.name);
      }
    }
    for (const { variant, qty } of variantOrder) {
      if (!(await repo.takeVariantUnits(trx, variant.id, qty))) {
        const [now] = await repo.readProducts(trx, [variant.product_id]);
        const v = (await repo.readVariants(trx, [variant.product_id])).find((x) => x.id === variant.id);
        if (!now?.status) throw unavailable(products.get(variant.product_id)!.name);
        if (!v?.enabled)
          throw conflict(
            `${now.name} is not sold in the combination you chose. Please choose again.`,
            'option_unavailable',
          );
        throw stockConflict(now, v);
      }
    }
    return { orderId, publicId, total };
  });

  if (!online) return { publicId: placed.publicId, totalPaise: placed.total, payment: null };

  let created: Awaited<ReturnType<PaymentProvider['createOrder']>>;
  try {
    created = await deps.payments.createOrder({
      amountPaise: placed.total,
      receipt: placed.publicId,
      notes: { order_id: placed.publicId },
    });
  } catch (e) {
    const err = e instanceof PaymentError ? e : new PaymentError('unavailable', String(e));
    deps.logger.error('payment order could not be created', {
      orderId: placed.publicId,
      reason: err.reason,
      error: err.message,
    });
    await releaseUnpayableOrder(deps.db, placed.orderId).catch((releaseError) =>
      deps.logger.error('could not cancel the unpayable order; the expiry sweep will', {
        orderId: placed.publicId,
        error: (releaseError as Error).message,
      }),
    );
    throw new AppError(502, 'payment_unavailable', PAYMENT_UNAVAILABLE);
  }

  await repo.setRazorpayOrderId(deps.db, placed.orderId, created.id);
  return {
    publicId: placed.publicId,
    totalPaise: placed.total,
    payment: {
      razorpay_order_id: created.id,
      key_id: deps.payments.keyId,
      amount: placed.total,
      currency: 'INR',
      simulator: deps.payments.kind === 'simulator',
    },
  };
}

/** The compensation of a failed Razorpay call: cancelled, stock back, lines back in the cart. */
async function releaseUnpayableOrder(db: Db, orderId: number): Promise<void> {
  await transaction(db, async (trx) => {
    const order = await repo.lockOrder(trx, { id: orderId });
    if (order?.state !== 'pending_payment') return;
    await move(trx, order, 'cancelled', 'system');
    await repo.restoreCart(trx, order.user_id, order.id);
  });
}
