import { useQuery } from '@tanstack/react-query';
import { type CartTotals, cartTotals, isPincode, type PincodeCheck } from '@voltcart/shared';
import { queries } from '../../lib/queries';

export interface DeliveryQuote {
  /** The shop's answer for the address's pincode; undefined until it is a pincode and the answer came. */
  check: PincodeCheck | undefined;
  /** The answer could not be had (an unknown pincode: its message). */
  error: unknown;
  /** The cart with the shipping charge and, for cash on delivery, the COD fee. */
  totals: CartTotals;
}

type Lines = Parameters<typeof cartTotals>[0];

/**
 * The checkout's delivery figures for the address's pincode: the same answer as "Check delivery" for the cart's
 * goods, so the total shown (and sent as `expected_total`) is the total the API prices.
 */
export function useDeliveryQuote(lines: Lines, pincode: string, cod: boolean): DeliveryQuote {
  const pin = pincode.trim();
  const goods = cartTotals(lines).finalTotal;
  const q = useQuery({ ...queries.delivery(pin, goods), enabled: isPincode(pin) });
  const check = q.data?.pincode === pin ? q.data : undefined;
  const totals = cartTotals(lines, {
    shipping: check?.shipping ?? 0,
    codFee: cod && check?.cod ? check.codFee : 0,
  });
  return { check, error: isPincode(pin) ? q.error : null, totals };
}
