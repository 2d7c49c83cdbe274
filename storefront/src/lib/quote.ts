import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Quote } from '@voltcart/shared';
import { useCart } from '../stores/cart-store';
import { useSession } from '../stores/session-store';
import { api } from './api';

/**
 * The cart priced by the API as checkout would price it now (POST /cart/quote): the discount code kept with the
 * cart, the automatic offers running, and (at checkout) the payment mode. Guests send their lines; a shopper's
 * token lets the API check first-order codes and uses per customer too. While a new quote loads, the last one
 * stays on screen.
 */
export function useQuote(opts: { paymentMode?: 0 | 1 | null } = {}) {
  const items = useCart((s) => s.items);
  const code = useCart((s) => s.discountCode ?? null);
  const token = useSession((s) => s.userToken);
  const lines = items
    .filter((i) => !i.unavailable)
    .map((i) => ({ productId: i.productId, qty: i.qty, colorId: i.colorId, memorySize: i.memorySize }));
  const paymentMode = opts.paymentMode ?? null;
  // The prices the cart last heard of are part of the key: a cart reloaded with new prices is quoted again.
  const prices = items.map((i) => i.unitPrice);
  return useQuery({
    queryKey: ['quote', lines, prices, code, paymentMode, Boolean(token)] as const,
    queryFn: async ({ signal }): Promise<Quote> =>
      api.cart.quote({ body: { lines, discount_code: code, payment_mode: paymentMode } }, { signal }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}
