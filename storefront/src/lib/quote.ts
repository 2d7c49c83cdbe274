import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Quote } from '@voltcart/shared';
import { type CartItem, useCart } from '../stores/cart-store';
import { useSession } from '../stores/session-store';
import { api } from './api';

/** Whether a quote prices exactly these lines (a quote still loading for changed lines does not). */
function pricesLines(quote: Quote, items: readonly CartItem[]): boolean {
  return (
    quote.lines.length === items.length &&
    quote.lines.every(
      (l, i) =>
        l.productId === items[i]!.productId &&
        l.qty === items[i]!.qty &&
        (l.colorId ?? null) === (items[i]!.colorId ?? null) &&
        (l.memorySize ?? null) === (items[i]!.memorySize ?? null),
    )
  );
}

/**
 * The cart priced by the API as checkout would price it now (POST /cart/quote): the discount code kept with the
 * cart, the automatic offers running, and (at checkout) the payment mode. Guests send their lines; a shopper's
 * token lets the API check first-order codes and uses per customer too.
 * - `quote`: the figures to show: the latest answer while a new one loads, as long as it prices the same lines
 *   (a changed quantity shows the cart's own figures until its answer arrives)
 * - `latest()`: the answer for the cart as it is now (waits for one on its way): what an order is placed at
 */
export function useQuote(opts: { paymentMode?: 0 | 1 | null; pincode?: string | null } = {}) {
  const items = useCart((s) => s.items);
  const code = useCart((s) => s.discountCode ?? null);
  const token = useSession((s) => s.userToken);
  const lines = items
    .filter((i) => !i.unavailable)
    .map((i) => ({ productId: i.productId, qty: i.qty, colorId: i.colorId, memorySize: i.memorySize }));
  const paymentMode = opts.paymentMode ?? null;
  const pincode = opts.pincode ?? null;
  // The prices the cart last heard of are part of the key: a cart reloaded with new prices is quoted again.
  const prices = items.map((i) => i.unitPrice);
  const query = useQuery({
    queryKey: ['quote', lines, prices, code, paymentMode, pincode, Boolean(token)] as const,
    queryFn: async ({ signal }): Promise<Quote> =>
      api.cart.quote(
        { body: { lines, discount_code: code, payment_mode: paymentMode, ...(pincode && { pincode }) } },
        { signal },
      ),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
  const live = items.filter((i) => !i.unavailable);
  const quote = query.data && pricesLines(query.data, live) ? query.data : undefined;
  return {
    quote,
    /** The answer being shown, even for other lines (the code field reads its verdict). */
    answer: query.data,
    checking: query.isFetching,
    latest: async (): Promise<Quote | undefined> =>
      query.isFetching || query.isPlaceholderData || query.isStale
        ? (await query.refetch()).data
        : query.data,
  };
}
