/** Every route of the back office (seed §2 admin routes, plus orders, users, settings and bulk upload). */
export const paths = {
  login: '/admin/login',
  dashboard: '/admin',
  categories: '/admin/category',
  categoryAdd: '/admin/category/add',
  categoryEdit: (id: string) => `/admin/category/edit/${encodeURIComponent(id)}`,
  colors: '/admin/color',
  colorAdd: '/admin/color/add',
  colorEdit: (id: string) => `/admin/color/edit/${encodeURIComponent(id)}`,
  products: '/admin/product',
  productAdd: '/admin/product/add',
  productEdit: (id: string) => `/admin/product/edit/${encodeURIComponent(id)}`,
  productImages: (id: string) => `/admin/product/multiple/${encodeURIComponent(id)}`,
  orders: '/admin/orders',
  order: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  users: '/admin/users',
  customer: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  settings: '/admin/settings',
  /** GST: the seller on invoices, HSN codes and rates (Owner). */
  tax: '/admin/tax',
  bulkUpload: '/admin/bulk-upload',
  staff: '/admin/staff',
  catalogCsv: '/admin/catalog-csv',
  history: '/admin/history',
  reviews: '/admin/reviews',
  stockAlerts: '/admin/stock-alerts',
  /** The staff member's own password and two-step sign-in. */
  account: '/admin/account',
  logout: '/logout',
  /** Ends every session of this admin account (other desks, browsers), not only this one. */
  logoutEverywhere: '/logout/everywhere',
} as const;
