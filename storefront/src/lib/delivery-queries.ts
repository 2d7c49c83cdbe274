import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * What the shop says for a pincode (the place, whether it ships there, COD, the estimate) and, for the goods' value
 * `amount` (₹), the shipping charge and COD fee. Apart from lib/queries.ts: only the product, cart and checkout
 * pages ask it, so it stays out of every page's first load.
 */
export const deliveryQuery = (pincode: string, amount?: number) =>
  queryOptions({
    queryKey: queryKeys.delivery(pincode, amount),
    queryFn: async ({ signal }) =>
      (await api.delivery.pincode({ params: { pincode }, query: { amount } }, { signal })).delivery,
    staleTime: 60_000,
    retry: false,
  });
