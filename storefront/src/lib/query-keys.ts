import type { Contract, InputOf } from '@voltcart/shared';

/** The product list parameters a page asks for (blank values are left out of the request by the client). */
export type ProductListParams = NonNullable<InputOf<Contract['product']['list']>['query']>;

/**
 * Query keys per resource. Each starts with the resource's name, so `all` matches every list and detail of it
 * (what a write invalidates); a list's key ends with its parameters, a detail's with its id.
 */
export const queryKeys = {
  categories: { all: ['categories'] as const },
  colors: { all: ['colors'] as const },
  products: {
    all: ['products'] as const,
    list: (params: ProductListParams) => ['products', 'list', params] as const,
    bestSellers: () => ['products', 'best-sellers'] as const,
    suggest: (q: string) => ['products', 'suggest', q] as const,
    detail: (id: string) => ['products', 'detail', id] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: (limit: number) => ['orders', 'mine', limit] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
  },
  settings: ['settings'] as const,
  deals: ['deals'] as const,
  delivery: (pincode: string, amount: number | undefined) => ['delivery', pincode, amount ?? null] as const,
  shopPage: (slug: string) => ['shop-page', slug] as const,
};

/**
 * What a write makes stale (invalidated once it succeeds):
 * - a placed order takes units from stock (product pages, lists, best sellers) and adds to the shopper's orders
 */
export const staleAfter = {
  order: [queryKeys.products.all, queryKeys.orders.all],
} as const;
