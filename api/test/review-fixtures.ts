// Fixtures for the review, wishlist and alert tests: an order of a product in a given state, written straight
// into the database (the order module has its own tests).
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/connection';

/** An order of one unit of the product by the shopper, in `state` (delivered by default); its id. */
export async function orderOf(
  db: Db,
  userId: number,
  productId: number,
  state = 'delivered',
): Promise<number> {
  const r = await db
    .insertInto('orders')
    .values({
      public_id: `VC${randomBytes(9).toString('hex').toUpperCase().slice(0, 18)}`,
      user_id: userId,
      state,
      payment_mode: 0,
      total_paise: 100_000,
      original_total_paise: 100_000,
      razorpay_order_id: null,
      razorpay_payment_id: null,
      ship_adress_line1: '12 MG Road',
      ship_city: 'Bengaluru',
      ship_state: 'Karnataka',
      ship_postal_code: '560001',
      ship_country: 'India',
      expires_at: null,
      paid_at: null,
    })
    .executeTakeFirstOrThrow();
  const orderId = Number(r.insertId);
  await db
    .insertInto('order_lines')
    .values({
      order_id: orderId,
      product_id: productId,
      name: 'Reviewed product',
      color_name: null,
      unit_price_paise: 100_000,
      unit_original_paise: 100_000,
      qty: 1,
    })
    .execute();
  return orderId;
}
