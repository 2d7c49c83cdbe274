import {
  chargesRateBp,
  formatINR,
  type PaymentCheckout,
  type PricedOrder,
  type PricesChanged,
  type PricingLine,
  type placeOrderBody,
  priceOrder,
  toPaise,
  toRupees,
} from '@voltcart/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError, badRequest, conflict } from '../../errors';
import { PaymentError, type PaymentProvider } from '../../lib/payments/payment-provider';
import { type Trx, transaction } from '../../lib/transaction';
import { assertMayOrder } from '../account/account.service';
import {
  DELIVERY_SETTINGS,
  type DeliveryCharges,
  deliveryChargesFor,
  deliveryConfigOf,
  zonesAt,
} from '../delivery/delivery.service';
import type { DeliveryConfig } from '../delivery/delivery-config';
import {
  discountsFor,
  type PromotionOutcome,
  redeemPromotions,
  refusedCode,
} from '../promotion/promotion-pricing.service';
import { CHECKOUT_SETTINGS, savedShopNameOf } from '../settings/settings.service';
import { recordStock } from '../stock/stock-ledger.service';
import * as repo from './order.repository';
import type { OrderDeps } from './order.service';
import * as checkoutRepo from './order-checkout.repository';
import { recordOrderEvent } from './order-events.service';
import { newPublicId } from './order-id';
import { move } from './order-move.service';
import * as stockRepo from './order-stock.repository';

/** What checkout uses of the place-order body (parsed with the contract's schema). */
export type PlaceOrderInput = Pick<
  z.output<typeof placeOrderBody>,
  | 'payment_mode'
  | 'shipping_details'
  | 'notes'
  | 'expected_total'
  | 'business_gstin'
  | 'business_name'
  | 'discount_code'
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
function stockConflict(p: checkoutRepo.OrderProduct, v?: checkoutRepo.OrderVariant): AppError {
  const stock = v ? Math.min(v.stock, p.stock) : p.stock;
  const name = v && (v.color_id || v.memory_size) ? `${p.name} (${v.sku})` : p.name;
  if (!p.in_stock || stock <= 0) {
    return new AppError(409, 'out_of_stock', `Sorry, ${name} is out of stock.`, { available: 0 });
  }
  return new AppError(409, 'insufficient_stock', `Only ${stock} left in stock for ${name}.`, {
    available: stock,
  });
}

/** A cart line resolved to what it orders: its product, variant, options and the raw figures of its price. */
export interface OrderDraftLine {
  cartLineId: number;
  product: checkoutRepo.OrderProduct;
  variant: checkoutRepo.OrderVariant;
  colorId: number;
  colorName: string | null;
  memorySize: number;
  picture: string;
  pricing: PricingLine;
  /** Grams per unit: the variant's weight, else the product's, else 0 (not weighed). */
  weightGrams: number;
}

/**
 * Step 1, load lines: the products, options and variants of the cart's lines, as last committed.
 * - a product switched off, or in a switched-off category, is refused (409 `unavailable`)
 * - a colour or memory size no longer offered, or a combination not sold or switched off, is refused (409
 *   `option_unavailable`) before anything is reserved
 */
export async function loadLines(trx: Trx, cart: checkoutRepo.CartLineRow[]): Promise<OrderDraftLine[]> {
  const ids = [...new Set(cart.map((l) => l.product_id))].sort((a, b) => a - b);
  const [{ products, variants }, colors, memory] = await Promise.all([
    checkoutRepo.readProductsAndVariants(trx, ids).then((read) => ({
      products: new Map(read.products.map((p) => [p.id, p])),
      variants: new Map(read.variants.map((v) => [`${v.product_id}:${v.color_id}:${v.memory_size}`, v])),
    })),
    cart.some((l) => l.color_id)
      ? checkoutRepo
          .colorOptions(trx, ids)
          .then((rows) => new Map(rows.map((c) => [`${c.product_id}:${c.color_id}`, c])))
      : new Map<string, Awaited<ReturnType<typeof checkoutRepo.colorOptions>>[number]>(),
    cart.some((l) => l.memory_size)
      ? checkoutRepo
          .memoryOptions(trx, ids)
          .then((rows) => new Map(rows.map((m) => [`${m.product_id}:${m.size_gb}`, m])))
      : new Map<string, Awaited<ReturnType<typeof checkoutRepo.memoryOptions>>[number]>(),
  ]);
  return cart.map((line) => {
    const p = products.get(line.product_id);
    if (!p?.status) throw unavailable(p?.name);
    const c = line.color_id ? colors.get(`${p.id}:${line.color_id}`) : undefined;
    if (line.color_id && !c) {
      throw conflict(
        `${p.name} is no longer sold in the colour you chose. Please choose again.`,
        'option_unavailable',
      );
    }
    const m = line.memory_size ? memory.get(`${p.id}:${line.memory_size}`) : undefined;
    if (line.memory_size && !m) {
      throw conflict(
        `${p.name} is no longer sold with ${line.memory_size} GB. Please choose again.`,
        'option_unavailable',
      );
    }
    const v = variants.get(`${p.id}:${line.color_id}:${line.memory_size}`);
    if (!v?.enabled) {
      throw conflict(
        `${p.name} is not sold in the combination you chose${v ? ` (${v.sku} is switched off)` : ''}. Please choose again.`,
        'option_unavailable',
      );
    }
    return {
      cartLineId: line.id,
      product: p,
      variant: v,
      colorId: line.color_id,
      colorName: c?.name ?? null,
      memorySize: line.memory_size,
      // The line shows the colour bought: its own first picture, when it has one.
      picture: c?.picture ?? p.thumbnail,
      pricing: {
        qty: line.qty,
        pricePaise: p.final_price,
        originalPaise: p.original_price,
        colorAdjPaise: c?.price_adj ?? 0,
        memoryAdjPaise: m?.price_adj ?? 0,
        overridePaise: v.price_override,
      },
      weightGrams: v.weight_grams ?? p.weight_grams ?? 0,
    };
  });
}

/** The new figures of a cart whose total is not the one the shopper was shown. */
function pricesChanged(lines: OrderDraftLine[], priced: PricedOrder): AppError {
  const body: PricesChanged = {
    order_total: toRupees(priced.totalPaise),
    original_total: toRupees(priced.originalPaise),
    you_save: toRupees(priced.savingsPaise),
    lines: lines.map((l, i) => ({
      _id: String(l.cartLineId),
      unitPrice: toRupees(priced.lines[i]!.unitPaise),
      lineTotal: toRupees(priced.lines[i]!.netPaise),
    })),
  };
  return new AppError(
    409,
    'prices_changed',
    `Prices changed — please review. Your order now comes to ${formatINR(body.order_total)}; place it again to order at this price.`,
    { ...body },
  );
}

/**
 * Step 2, price: the one pricing function (packages/shared pricing) on the figures just read, with the discounts
 * of the promotions module (the code sent and the automatic offers running) and, for an address, the delivery
 * rules:
 * - shipping, the COD fee and intra-state from the delivery rules for the address's pincode and the goods' value
 *   after discounts and weight (deliveryChargesFor: refuses a pincode not delivered to and one of another state);
 *   shipping and the fee are taxed at the goods' highest GST rate
 * - a code that does not apply refuses the order, saying why (409 `discount_refused`)
 * - an `expected_total` (what the checkout showed) that is not the total is refused (409 `prices_changed`)
 * - then cash on delivery where it is not offered (400 `cod_unavailable`): new prices are told first
 * - online payment needs at least ₹1 (Razorpay's smallest order)
 */
export async function price(
  trx: Trx,
  config: Config,
  userId: number | null,
  lines: OrderDraftLine[],
  input: Pick<PlaceOrderInput, 'discount_code'> & {
    payment_mode: 0 | 1 | null;
    /** The delivery address's pincode (none: a quote without one, no shipping) and state code. */
    pincode?: string | null;
    stateCode?: string;
    /** The delivery rules as already read (checkout's first statement); else read when needed. */
    setup?: DeliveryConfig;
  },
): Promise<{ priced: PricedOrder; promotions: PromotionOutcome; delivery: DeliveryCharges | null }> {
  const pricing = lines.map((l) => l.pricing);
  const promotions = await discountsFor(trx, {
    lines: lines.map((l) => ({
      productId: l.product.id,
      variantId: l.variant.id,
      categoryId: l.product.category_id ?? null,
      brand: l.product.brand ?? '',
      pricing: l.pricing,
    })),
    code: input.discount_code,
    userId,
    paymentMode: input.payment_mode,
  });
  const goods = priceOrder(pricing, { discounts: promotions.discounts });
  if (!input.pincode) return { priced: goods, promotions, delivery: null };
  const delivery = await deliveryChargesFor(trx, config, {
    pincode: input.pincode,
    stateCode: input.stateCode,
    goodsPaise: goods.totalPaise,
    weightGrams: lines.reduce((g, l) => g + l.weightGrams * l.pricing.qty, 0),
    paymentMode: input.payment_mode ?? 1,
    setup: input.setup,
  });
  const priced = priceOrder(pricing, {
    discounts: promotions.discounts,
    shippingPaise: delivery.shippingPaise,
    codFeePaise: delivery.codFeePaise,
    intraState: delivery.intraState,
    chargesRateBp: chargesRateBp(pricing),
  });
  return { priced, promotions, delivery };
}

/** Step 2's checks of an order about to be placed (the quote prices without them). */
function checkPriced(
  lines: OrderDraftLine[],
  input: PlaceOrderInput,
  { priced, promotions, delivery }: Awaited<ReturnType<typeof price>>,
): void {
  const refused = refusedCode(promotions);
  if (refused) throw refused;
  if (input.expected_total !== undefined && toPaise(input.expected_total) !== priced.totalPaise)
    throw pricesChanged(lines, priced);
  if (delivery?.codRefusal) throw delivery.codRefusal;
  if (input.payment_mode === 1 && priced.totalPaise < 100) {
    throw badRequest('Online payment needs an order total of at least ₹1. Please choose cash on delivery.');
  }
}

/** Units wanted per product and per variant; variants in the lock order (product id, then variant id). */
function unitsOf(lines: OrderDraftLine[]) {
  const products = new Map<number, number>();
  const variants = new Map<number, { variant: checkoutRepo.OrderVariant; qty: number }>();
  for (const l of lines) {
    products.set(l.product.id, (products.get(l.product.id) ?? 0) + l.pricing.qty);
    variants.set(l.variant.id, {
      variant: l.variant,
      qty: (variants.get(l.variant.id)?.qty ?? 0) + l.pricing.qty,
    });
  }
  const variantOrder = [...variants.values()].sort(
    (a, b) => a.variant.product_id - b.variant.product_id || a.variant.id - b.variant.id,
  );
  return { products: new Map([...products].sort(([a], [b]) => a - b)), variants: variantOrder };
}

/** Step 3, check stock: what was just read already refuses most sold-out carts, before anything is written. */
function checkStock(lines: OrderDraftLine[], units: ReturnType<typeof unitsOf>): void {
  const byId = new Map(lines.map((l) => [l.product.id, l.product]));
  for (const [id, qty] of units.products) {
    const p = byId.get(id)!;
    if (!p.in_stock || p.stock < qty) throw stockConflict(p);
  }
  for (const { variant, qty } of units.variants)
    if (variant.stock < qty) throw stockConflict(byId.get(variant.product_id)!, variant);
}

/** Step 4, write: the order and its line snapshots (names, options, SKU, unit prices from the pricing function). */
async function writeOrder(
  trx: Trx,
  deps: OrderDeps,
  userId: number,
  input: PlaceOrderInput,
  lines: OrderDraftLine[],
  priced: PricedOrder,
  delivery: DeliveryCharges,
): Promise<{ orderId: number; publicId: string }> {
  const online = input.payment_mode === 1;
  const publicId = newPublicId();
  const a = input.shipping_details;
  const orderId = await repo.insertOrder(trx, {
    public_id: publicId,
    user_id: userId,
    state: online ? 'pending_payment' : 'placed',
    payment_mode: input.payment_mode,
    total_paise: priced.totalPaise,
    original_total_paise: priced.originalPaise,
    razorpay_order_id: null,
    razorpay_payment_id: null,
    ship_adress_line1: a.adressLine1,
    ship_adress_line2: a.adressLine2,
    ship_city: a.city,
    ship_state: a.state,
    ship_postal_code: a.postalCode,
    ship_country: a.country,
    ship_contact: a.contact,
    ship_name: a.name,
    ship_landmark: a.landmark,
    notes: input.notes ?? '',
    buyer_gstin: input.business_gstin || null,
    buyer_business_name: input.business_gstin ? input.business_name || null : null,
    expires_at: online ? new Date(Date.now() + deps.config.PAYMENT_EXPIRY_MINUTES * 60_000) : null,
    paid_at: null,
    shipping_paise: priced.shippingPaise,
    cod_fee_paise: priced.codFeePaise,
    ship_state_code: delivery.place.stateCode,
    delivery_from: delivery.estimate.from,
    delivery_to: delivery.estimate.to,
  });
  await repo.insertLines(
    trx,
    lines.map((l, i) => ({
      order_id: orderId,
      product_id: l.product.id,
      variant_id: l.variant.id,
      sku: l.variant.sku,
      name: l.product.name,
      color_id: l.colorId,
      color_name: l.colorName,
      memory_size: l.memorySize,
      unit_price_paise: priced.lines[i]!.unitPaise,
      unit_original_paise: priced.lines[i]!.unitOriginalPaise,
      qty: l.pricing.qty,
      thumbnail: l.picture,
    })),
  );
  return { orderId, publicId };
}

/**
 * Step 5, mail: the timeline's first entry, and for cash on delivery the confirmation mail, committed with the
 * order (the outbox sends it).
 */
async function queueMail(
  trx: Trx,
  deps: OrderDeps,
  order: {
    orderId: number;
    publicId: string;
    userId: number;
    shopper: { name: string; email: string } | null;
    savedShopName: string;
    paymentMode: 0 | 1;
    estimate: { from: string; to: string };
  },
  lines: OrderDraftLine[],
  priced: PricedOrder,
): Promise<void> {
  await recordOrderEvent(
    trx,
    {
      id: order.orderId,
      public_id: order.publicId,
      user_id: order.userId,
      total_paise: priced.totalPaise,
      payment_mode: order.paymentMode,
      carrier: null,
      tracking_number: null,
      shipping_paise: priced.shippingPaise,
      cod_fee_paise: priced.codFeePaise,
      delivery_from: order.estimate.from,
      delivery_to: order.estimate.to,
    },
    order.paymentMode === 1 ? 'pending_payment' : 'placed',
    'customer',
    {
      config: deps.config,
      lines: lines.map((l, i) => ({
        name: l.product.name,
        options: [l.colorName, l.memorySize ? `${l.memorySize} GB` : null].filter(Boolean).join(', '),
        qty: l.pricing.qty,
        unitPaise: priced.lines[i]!.unitPaise,
      })),
      discounts: priced.discounts,
      shopper: order.shopper,
      savedShopName: order.savedShopName,
    },
  );
}

/**
 * Step 6, take stock: the guarded updates, product rows first, then variant rows, each in id order: every
 * transaction that changes stock locks them in this order (product and variant writes of the back office too), so
 * they cannot deadlock. The guard (active, for sale, enough units) is the final word on stock.
 */
async function takeStock(
  trx: Trx,
  lines: OrderDraftLine[],
  units: ReturnType<typeof unitsOf>,
): Promise<void> {
  const nameOf = (id: number) => lines.find((l) => l.product.id === id)!.product.name;
  for (const [id, qty] of units.products) {
    if (!(await stockRepo.takeStock(trx, id, qty))) {
      // Someone bought the last units (or the product was withdrawn) since it was read: say how it is now.
      const [now] = await checkoutRepo.readProducts(trx, [id]);
      throw now?.status ? stockConflict(now) : unavailable(nameOf(id));
    }
  }
  for (const { variant, qty } of units.variants) {
    if (!(await stockRepo.takeVariantUnits(trx, variant.id, qty))) {
      const [now] = await checkoutRepo.readProducts(trx, [variant.product_id]);
      const v = (await checkoutRepo.readVariants(trx, [variant.product_id])).find((x) => x.id === variant.id);
      if (!now?.status) throw unavailable(nameOf(variant.product_id));
      if (!v?.enabled)
        throw conflict(
          `${now.name} is not sold in the combination you chose. Please choose again.`,
          'option_unavailable',
        );
      throw stockConflict(now, v);
    }
  }
}

/**
 * Turns the shopper's cart into an order: load lines, price, check stock, write, mail, take stock, and for online
 * payment create the payment order.
 * - one transaction: account row and cart lines locked, everything re-read, order and line snapshots written,
 *   cart emptied, and last of all stock taken with guarded updates; any error undoes all of it
 * - the product rows are locked only by that last update, so a popular product is held for the update and the
 *   commit alone, not for the whole checkout
 * - the client's order_total is never used; its expected_total, when sent, must be the total (prices_changed)
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
    // a shopper's cart changes and the same shopper's checkout. The shop's set-up comes with them.
    const start = await checkoutRepo.lockAccountAndCart(trx, userId, [
      ...DELIVERY_SETTINGS,
      ...CHECKOUT_SETTINGS,
    ]);
    const { shopper, lines: cart, settings } = start;
    assertMayOrder(settings, start.account);
    if (!cart.length) throw badRequest('Your cart is empty.', 'cart_empty');
    const lines = await loadLines(trx, cart);
    const pricing = await price(trx, deps.config, userId, lines, {
      ...input,
      pincode: String(input.shipping_details.postalCode),
      stateCode: input.shipping_details.stateCode,
      setup: deliveryConfigOf(await zonesAt(trx, deps.db, start.zonesVersion), settings, deps.config),
    });
    checkPriced(lines, input, pricing);
    const { priced } = pricing;
    // Place-order always has an address, so always delivery charges.
    const delivery = pricing.delivery!;
    const units = unitsOf(lines);
    checkStock(lines, units);
    const { orderId, publicId } = await writeOrder(trx, deps, userId, input, lines, priced, delivery);
    await queueMail(
      trx,
      deps,
      {
        orderId,
        publicId,
        userId,
        shopper,
        savedShopName: savedShopNameOf(settings),
        paymentMode: input.payment_mode,
        estimate: delivery.estimate,
      },
      lines,
      priced,
    );
    await checkoutRepo.deleteCartLines(
      trx,
      userId,
      cart.map((l) => l.id),
    );
    await redeemPromotions(trx, orderId, pricing.promotions, priced);
    await takeStock(trx, lines, units);
    await recordStock(
      trx,
      units.variants.map((u) => ({ variantId: u.variant.id, delta: -u.qty })),
      { reason: 'order', actor: 'customer', orderId, reference: publicId },
    );
    // A cash-on-delivery order is sold once placed (an online one once paid: order-lifecycle's move). Last, after
    // the product rows (the lock order of every writer of both): a popular product's search row is held for this
    // update and the commit only.
    if (!online) await deps.search.indexSales(trx, units.products);
    return { orderId, publicId, total: priced.totalPaise };
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
    await releaseUnpayableOrder(deps, placed.orderId).catch((releaseError) =>
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
async function releaseUnpayableOrder(
  { db, search }: Pick<OrderDeps, 'db' | 'search'>,
  orderId: number,
): Promise<void> {
  await transaction(db, async (trx) => {
    const order = await repo.lockOrder(trx, { id: orderId });
    if (order?.state !== 'pending_payment') return;
    await move(trx, search, order, 'cancelled', 'system');
    await checkoutRepo.restoreCart(trx, order.user_id, order.id);
  });
}
