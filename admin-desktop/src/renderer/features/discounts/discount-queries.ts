import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The discounts screen's reads; every write makes `all` stale. */
const discountKeys = {
  all: ['promotions'] as const,
  list: () => ['promotions', 'list'] as const,
  detail: (id: string) => ['promotions', 'detail', id] as const,
};

export const discountQueries = {
  list: () =>
    queryOptions({
      queryKey: discountKeys.list(),
      queryFn: async ({ signal }) => (await api.promotion.list({}, { signal })).promotions,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: discountKeys.detail(id),
      queryFn: async ({ signal }) => (await api.promotion.get({ params: { id } }, { signal })).promotion,
    }),
};

export const staleAfterDiscount = [discountKeys.all] as const;
