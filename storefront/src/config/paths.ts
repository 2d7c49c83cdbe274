import type { ShopPageSlug } from '@voltcart/shared';

/** Every route of the storefront, as patterns for the router and builders for links. */
export const paths = {
  home: { pattern: '/', to: () => '/' },
  about: { pattern: '/ghar', to: () => '/ghar' },
  store: {
    pattern: '/store',
    to: (query?: string) => (query ? `/store?${query}` : '/store'),
  },
  storeCategory: {
    pattern: '/store/:categorySlug',
    to: (slug: string, query?: string) => `/store/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`,
  },
  product: { pattern: '/product/:id', to: (id: string) => `/product/${encodeURIComponent(id)}` },
  cart: { pattern: '/cart', to: () => '/cart' },
  wishlist: { pattern: '/wishlist', to: () => '/wishlist' },
  /** A comparison's address is its products: shareable. */
  compare: {
    pattern: '/compare',
    // Ids are digits or slugs (readCompareIds): the list as text is the address.
    to: (ids: string[] = []) => `/compare${ids.length ? `?ids=${ids.join()}` : ''}`,
  },
  checkout: { pattern: '/checkout', to: () => '/checkout' },
  thankYou: {
    pattern: '/thank-you/:orderId',
    to: (orderId: string) => `/thank-you/${encodeURIComponent(orderId)}`,
  },
  login: {
    pattern: '/login',
    /**
     * `ref` says where to go after login: 'checkout', or a path of this shop (features/account/after-login.ts);
     * anything else goes home.
     */
    to: (ref = 'Products') => `/login?ref=${encodeURIComponent(ref)}`,
  },
  codeLogin: {
    pattern: '/login/code',
    to: (ref?: string | null) => (ref ? `/login/code?ref=${encodeURIComponent(ref)}` : '/login/code'),
  },
  forgotPassword: { pattern: '/forgot-password', to: () => '/forgot-password' },
  /** The page a reset mail links to (with `?token=`). */
  resetPassword: { pattern: '/reset-password', to: () => '/reset-password' },
  confirmEmail: { pattern: '/account/confirm-email', to: () => '/account/confirm-email' },
  deleteAccount: { pattern: '/account/delete', to: () => '/account/delete' },
  verifyEmail: { pattern: '/account/verify-email', to: () => '/account/verify-email' },
  /** A reminder mail's "Stop reminder mails" link (with `?token=`). */
  stopReminders: { pattern: '/account/stop-reminders', to: () => '/account/stop-reminders' },
  /** The shop's own pages (rules/shop-pages.ts): terms, privacy, shipping, returns, contact. */
  shopPage: { to: (slug: ShopPageSlug) => `/${slug}` },
  myData: { pattern: '/profile/my-data', to: () => '/profile/my-data' },
  profile: { pattern: '/profile', to: () => '/profile' },
  myAddress: { pattern: '/profile/myaddress', to: () => '/profile/myaddress' },
  order: {
    pattern: '/profile/orders/:orderId',
    to: (orderId: string) => `/profile/orders/${encodeURIComponent(orderId)}`,
  },
} as const;
