import { type Quote, type quoteBody, toRupees } from '@voltcart/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { transaction } from '../../lib/transaction';
import type { CartLineRow } from '../order/order-checkout.repository';
import { loadLines, price } from '../order/order-checkout.service';
import * as repo from './promotion.repository';

type QuoteInput = z.output<typeof quoteBody>;

/**
 * Prices a cart as checkout would now: the same steps (load lines, price) on the lines sent (a guest's cart) or,
 * without lines, the shopper's server cart; with the code sent and the automatic offers running.
 * - nothing is locked, reserved or written: the order itself is priced again when it is placed
 * - a code that does not apply leaves the figures without it, and says why (`code.reason`)
 * - the payment mode decides online-only offers and the COD fee; with a pincode, shipping and the COD fee follow
 *   the delivery rules (an unknown pincode, or one not delivered to, is refused as at checkout); without one, none
 */
export async function quoteCart(
  db: Db,
  config: Config,
  userId: number | null,
  input: QuoteInput,
): Promise<Quote> {
  return transaction(db, async (trx) => {
    const cart: CartLineRow[] = input.lines
      ? input.lines.map((l, i) => ({
          id: i + 1,
          product_id: Number(l.productId),
          color_id: l.colorId ? Number(l.colorId) : 0,
          memory_size: l.memorySize ?? 0,
          qty: l.qty,
        }))
      : userId === null
        ? []
        : await repo.serverCart(trx, userId);
    const lines = cart.length ? await loadLines(trx, cart) : [];
    const { priced, promotions } = await price(trx, config, userId, lines, {
      discount_code: input.discount_code,
      payment_mode: input.payment_mode,
      pincode: input.pincode,
    });
    const chosenCode = (i: number) => promotions.chosen[i]?.rule.code ?? null;
    return {
      lines: lines.map((l, i) => {
        const p = priced.lines[i]!;
        return {
          productId: String(l.product.id),
          colorId: l.colorId ? String(l.colorId) : null,
          memorySize: l.memorySize || null,
          qty: p.qty,
          unitPrice: toRupees(p.unitPaise),
          unitOriginalPrice: toRupees(p.unitOriginalPaise),
          amount: toRupees(p.amountPaise),
          discount: toRupees(p.discountPaise),
          lineTotal: toRupees(p.netPaise),
        };
      }),
      count: priced.count,
      subtotal: toRupees(priced.subtotalPaise),
      you_save: toRupees(priced.savingsPaise),
      discounts: priced.discounts.map((d, i) => ({
        kind: d.kind,
        label: d.label,
        code: chosenCode(i),
        amount: toRupees(d.amountPaise),
      })),
      discount_total: toRupees(priced.discountPaise),
      shipping: toRupees(priced.shippingPaise),
      cod_fee: toRupees(priced.codFeePaise),
      tax: toRupees(priced.tax.cgstPaise + priced.tax.sgstPaise + priced.tax.igstPaise),
      total: toRupees(priced.totalPaise),
      code: promotions.code,
    };
  });
}
