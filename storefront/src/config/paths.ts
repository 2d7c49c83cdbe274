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
  checkout: { pattern: '/checkout', to: () => '/checkout' },
  thankYou: {
    pattern: '/thank-you/:orderId',
    to: (orderId: string) => `/thank-you/${encodeURIComponent(orderId)}`,
  },
  login: {
    pattern: '/login',
    /** `ref` says where the shopper came from: 'checkout' returns there after login, anything else goes home. */
    to: (ref = 'Products') => `/login?ref=${encodeURIComponent(ref)}`,
  },
  profile: { pattern: '/profile', to: () => '/profile' },
  myAddress: { pattern: '/profile/myaddress', to: () => '/profile/myaddress' },
  order: {
    pattern: '/profile/orders/:orderId',
    to: (orderId: string) => `/profile/orders/${encodeURIComponent(orderId)}`,
  },
} as const;
