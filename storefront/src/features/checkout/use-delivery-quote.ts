import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CartTotals, cartTotals, isPincode, type PincodeCheck } from '@voltcart/shared';
import { deliveryQuery } from '../../lib/delivery-queries';

export interface DeliveryQuote {
  /** The shop's answer for the address's pincode; undefined until it is a pincode and the answer came. */
  check: PincodeCheck | undefined;
  /** The answer could not be had (an unknown pincode: its message). */
  error: unknown;
  /** The cart with the shipping charge and, for cash on delivery, the COD fee. */
  totals: CartTotals;
  /**
   * The totals once the answer for this pincode is in (waited for when it is still on its way), so that PLACE
   * ORDER never sends a total without the shipping the API will charge.
   */
  settle: () => Promise<CartTotals>;
}

type Lines = Parameters<typeof cartTotals>[0];

const withCharges = (lines: Lines, check: PincodeCheck | undefined, cod: boolean) =>
  cartTotals(lines, {
    shipping: check?.shipping ?? 0,
    codFee: cod && check?.cod ? check.codFee : 0,
  });

/**
 * The checkout's delivery figures for the address's pincode: the same answer as "Check delivery" for the cart's
 * goods, so the total shown (and sent as `expected_total`) is the total the API prices.
 */
export function useDeliveryQuote(lines: Lines, pincode: string, cod: boolean): DeliveryQuote {
  const client = useQueryClient();
  const pin = pincode.trim();
  const goods = cartTotals(lines).finalTotal;
  const q = useQuery({ ...deliveryQuery(pin, goods), enabled: isPincode(pin) });
  const check = q.data?.pincode === pin ? q.data : undefined;
  return {
    check,
    error: isPincode(pin) ? q.error : null,
    totals: withCharges(lines, check, cod),
    settle: async () => {
      if (!isPincode(pin)) return withCharges(lines, undefined, cod);
      const fresh = await client.fetchQuery(deliveryQuery(pin, goods)).catch(() => undefined);
      return withCharges(lines, fresh, cod);
    },
  };
}
