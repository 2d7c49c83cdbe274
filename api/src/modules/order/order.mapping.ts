import { type Order, type OrderState, priceSnapshot, toRupees } from '@voltcart/shared';
import { NO_DISCOUNTS, type OrderDiscounts } from '../promotion/promotion-pricing.service';
import type { OrderLineRow, OrderWithUser } from './order.repository';

/** A DATE column as mysql2 gives it (a Date at local midnight, or text) as `YYYY-MM-DD`. */
export const ymd = (d: Date | string) =>
  typeof d === 'string'
    ? d.slice(0, 10)
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

type ShipColumns = Pick<
  OrderWithUser,
  | 'ship_adress_line1'
  | 'ship_adress_line2'
  | 'ship_city'
  | 'ship_state'
  | 'ship_postal_code'
  | 'ship_country'
  | 'ship_contact'
>;

/** Where an order ships to, from its row's ship_ columns, as the order and the shopper's data export show it. */
export function shipAddress(o: ShipColumns) {
  return {
    adressLine1: o.ship_adress_line1,
    adressLine2: o.ship_adress_line2,
    city: o.ship_city,
    state: o.ship_state,
    postalCode: o.ship_postal_code,
    country: o.ship_country,
    contact: o.ship_contact,
  };
}

/**
 * An order as the API answers it (rupees, the field names of docs/api.md), from its row, its lines (in id order)
 * and the discounts it was priced with.
 */
export function toOrderJson(
  o: OrderWithUser,
  lines: OrderLineRow[],
  discounts: OrderDiscounts = NO_DISCOUNTS,
): Order {
  const priced = priceSnapshot(
    lines.map((l) => ({
      unitPaise: l.unit_price_paise,
      unitOriginalPaise: l.unit_original_paise,
      qty: l.qty,
    })),
    { discounts: discounts.applied, shippingPaise: o.shipping_paise, codFeePaise: o.cod_fee_paise },
  );
  return {
    _id: o.public_id,
    order_id: o.public_id,
    state: o.state as OrderState,
    payment_mode: o.payment_mode === 1 ? 1 : 0,
    order_total: toRupees(o.total_paise),
    original_total: toRupees(o.original_total_paise),
    razorpay_order_id: o.razorpay_order_id,
    razorpay_payment_id: o.razorpay_payment_id,
    shipping_details: {
      ...shipAddress(o),
      name: o.ship_name,
      landmark: o.ship_landmark,
      stateCode: o.ship_state_code,
    },
    shipping: toRupees(priced.shippingPaise),
    cod_fee: toRupees(priced.codFeePaise),
    you_save: toRupees(priced.savingsPaise),
    delivery_estimate:
      o.delivery_from && o.delivery_to ? { from: ymd(o.delivery_from), to: ymd(o.delivery_to) } : null,
    notes: o.notes,
    lines: lines.map((l, i) => ({
      productId: String(l.product_id),
      name: l.name,
      colorName: l.color_name,
      memorySize: l.memory_size || null,
      sku: l.sku,
      unitPrice: toRupees(priced.lines[i]!.unitPaise),
      unitOriginalPrice: toRupees(l.unit_original_paise),
      qty: l.qty,
      // Before the order's discounts, which are lines of their own (`discounts`).
      lineTotal: toRupees(priced.lines[i]!.amountPaise),
      thumbnail: l.thumbnail,
    })),
    discounts: discounts.lines,
    user: o.user_email ? { _id: String(o.user_id), name: o.user_name ?? '', email: o.user_email } : null,
    createdAt: o.created_at.toISOString(),
    updatedAt: o.updated_at.toISOString(),
  };
}
