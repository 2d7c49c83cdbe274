import { MONEY_TAKEN_STATES } from '@voltcart/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * Paise an order row has brought in, net of refunds (packages/shared MONEY_TAKEN_STATES): in one of those states,
 * an online order (it was paid to get there) or a cash-on-delivery one whose cash was collected (delivered, or
 * `paid_at` set when it was delivered) counts its total less what was refunded; anything else 0. The dashboard's
 * revenue and a customer's "spent" both sum it, so the two give the same answer.
 */
export function moneyTakenPaise(): RawBuilder<number> {
  return sql<number>`CASE WHEN ${moneyTaken()} THEN total_paise - refunded_paise ELSE 0 END`;
}

/** True for an order row whose money was taken (the condition of moneyTakenPaise; `o` names the orders table). */
export function moneyTaken(o?: string): RawBuilder<boolean> {
  const c = (name: string) => sql.ref(o ? `${o}.${name}` : name);
  return sql<boolean>`(${c('state')} IN (${sql.join(MONEY_TAKEN_STATES.map((s) => sql.lit(s)))})
    AND (${c('payment_mode')} = 1 OR ${c('state')} = 'delivered' OR ${c('paid_at')} IS NOT NULL))`;
}
