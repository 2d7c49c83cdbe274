import type { AuditKind, contract, InputOf, ProductSort, ReportPeriod } from '@voltcart/shared';

/** Filters of the paged lists, as the screens send them (blank values are left out by the client). */
interface PageQuery {
  page?: number;
  limit?: number;
  q?: string;
}
/** The order list's query as sent (filters, sort, page). */
export type OrderQuery = NonNullable<InputOf<typeof contract.order.list>['query']>;
/** The customer list's query as sent (filters, sort, page). */
export type CustomerQuery = NonNullable<InputOf<typeof contract.admin.customers>['query']>;

/** The change history's filters (see auditQuery). */
export type AuditFilter = PageQuery & {
  actor?: string;
  kind?: AuditKind;
  objectId?: string;
  from?: string;
  to?: string;
};
/**
 * `limit: 0` lists every product; `lowStock: '1'` only those at or under the low-stock threshold; search (`q`,
 * SKUs included), sort and filters as the API's product list takes them.
 */
export type ProductQuery = PageQuery & {
  categorySlug?: string;
  colorSlug?: string;
  lowStock?: '1';
  sort?: ProductSort;
  brand?: string;
  category?: string;
  inStock?: '1';
  outOfStock?: '1';
  status?: '1' | '0';
  top?: '1' | '0';
  /** Rupees, whole numbers. */
  minPrice?: string;
  maxPrice?: string;
  minDiscount?: '10' | '20' | '30';
  facets?: '1';
};

/**
 * Query keys per resource. Each starts with the resource's name, so `all` matches every list and detail of it
 * (what a write invalidates); a list's key ends with its filters, a detail's with its id.
 */
export const queryKeys = {
  categories: {
    all: ['categories'] as const,
    list: () => ['categories', 'list'] as const,
    detail: (id: string) => ['categories', 'detail', id] as const,
  },
  colors: {
    all: ['colors'] as const,
    list: () => ['colors', 'list'] as const,
    detail: (id: string) => ['colors', 'detail', id] as const,
  },
  products: {
    all: ['products'] as const,
    list: (query: ProductQuery) => ['products', 'list', query] as const,
    detail: (id: string) => ['products', 'detail', id] as const,
    /** The products a scanned folder's file names may mean (bulk upload), by scan. */
    imageMatches: (scanId: string) => ['products', 'image-matches', scanId] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (query: OrderQuery) => ['orders', 'list', query] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
    /** The order's courier booking and scans (under the order, so its writes refresh it). */
    courier: (id: string) => ['orders', 'detail', id, 'courier'] as const,
  },
  customers: {
    all: ['customers'] as const,
    list: (query: CustomerQuery) => ['customers', 'list', query] as const,
    detail: (id: string) => ['customers', 'detail', id] as const,
    /** Addresses whose state the pincode migration could not match (under customers: a fix refreshes both). */
    toCheck: ['customers', 'to-check'] as const,
  },
  metrics: {
    all: ['metrics'] as const,
    period: (period: ReportPeriod) => ['metrics', period] as const,
  },
  settings: ['settings'] as const,
  /** The GST settings and each category's HSN code and rate. */
  tax: ['tax'] as const,
  shipping: ['shipping'] as const,
  /** The signed-in staff member (role and permissions). */
  me: ['me'] as const,
  staff: ['staff'] as const,
  /** The change history, by filter. */
  audit: {
    all: ['audit'] as const,
    list: (query: AuditFilter) => ['audit', 'list', query] as const,
  },
};

/**
 * What a write to each resource makes stale (invalidated once the write succeeds):
 * - a category's or colour's name shows in product rows and details
 * - categories count their products
 * - an order's move changes the dashboard's figures, and a cancelled order returns its stock
 * - customers count their orders
 * - every write adds to the change history
 */
export const staleAfter = {
  category: [queryKeys.categories.all, queryKeys.products.all, queryKeys.audit.all],
  color: [queryKeys.colors.all, queryKeys.products.all, queryKeys.audit.all],
  product: [queryKeys.products.all, queryKeys.categories.all, queryKeys.audit.all],
  order: [
    queryKeys.orders.all,
    queryKeys.metrics.all,
    queryKeys.products.all,
    queryKeys.customers.all,
    queryKeys.audit.all,
  ],
  // The low-stock threshold decides which products the low-stock list shows.
  settings: [queryKeys.settings, queryKeys.products.all, queryKeys.audit.all],
  // A category's HSN code and rate show on its products' forms.
  tax: [queryKeys.tax, queryKeys.products.all, queryKeys.audit.all],
  shipping: [queryKeys.shipping, queryKeys.audit.all],
  // Changing one's own role changes what the app offers.
  staff: [queryKeys.staff, queryKeys.me, queryKeys.audit.all],
  customer: [queryKeys.customers.all, queryKeys.audit.all],
} as const;
