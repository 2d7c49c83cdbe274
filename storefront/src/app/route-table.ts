import type { QueryClient } from '@tanstack/react-query';
import { SHOP_PAGES } from '@voltcart/shared';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import { catalogRequests } from '../features/catalog/requests';
import { queries } from '../lib/queries';

export interface PageRoute {
  /** The path pattern ('*' for every other path). */
  pattern: string;
  /** The page's code: its own chunk (route-level code splitting). */
  page: () => Promise<{ Component: ComponentType }>;
  /**
   * Starts the page's catalogue requests into the query cache (features/catalog/requests.ts); the promise
   * settles, never rejects, when the page's main content is there.
   */
  requests?: (
    client: QueryClient,
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ) => Promise<unknown>;
}

/**
 * Every page of the shop, in one place for the two that need it: the routes (app/router.tsx) and the
 * early start of the page the shop opens on (app/early-start.ts).
 */
export const pageRoutes: PageRoute[] = [
  {
    pattern: paths.home.pattern,
    page: () => import('./routes/home'),
    requests: (client) => catalogRequests.home(client),
  },
  { pattern: paths.about.pattern, page: () => import('./routes/ghar') },
  {
    pattern: paths.store.pattern,
    page: () => import('./routes/store'),
    requests: (client, _, search) => catalogRequests.store(client, '', search),
  },
  {
    pattern: paths.storeCategory.pattern,
    page: () => import('./routes/store'),
    requests: (client, params, search) => catalogRequests.store(client, params.categorySlug ?? '', search),
  },
  {
    pattern: paths.product.pattern,
    page: () => import('./routes/product'),
    requests: (client, params) =>
      params.id ? catalogRequests.product(client, params.id) : Promise.resolve(),
  },
  { pattern: paths.cart.pattern, page: () => import('./routes/cart') },
  { pattern: paths.wishlist.pattern, page: () => import('./routes/wishlist') },
  { pattern: paths.compare.pattern, page: () => import('./routes/compare') },
  { pattern: paths.checkout.pattern, page: () => import('./routes/checkout') },
  { pattern: paths.thankYou.pattern, page: () => import('./routes/thank-you') },
  { pattern: paths.login.pattern, page: () => import('./routes/login') },
  { pattern: paths.codeLogin.pattern, page: () => import('./routes/code-login') },
  { pattern: paths.forgotPassword.pattern, page: () => import('./routes/forgot-password') },
  { pattern: paths.resetPassword.pattern, page: () => import('./routes/reset-password') },
  { pattern: paths.confirmEmail.pattern, page: () => import('./routes/confirm-email') },
  { pattern: paths.deleteAccount.pattern, page: () => import('./routes/delete-account') },
  { pattern: paths.verifyEmail.pattern, page: () => import('./routes/verify-email') },
  { pattern: paths.stopReminders.pattern, page: () => import('./routes/stop-reminders') },
  { pattern: paths.myData.pattern, page: () => import('./routes/my-data') },
  { pattern: paths.profile.pattern, page: () => import('./routes/profile') },
  { pattern: paths.myAddress.pattern, page: () => import('./routes/my-address') },
  { pattern: paths.order.pattern, page: () => import('./routes/order') },
  ...SHOP_PAGES.map((slug) => ({
    pattern: paths.shopPage.to(slug),
    page: () => import('./routes/shop-page'),
    requests: (client: QueryClient) => client.prefetchQuery(queries.shopPage(slug)),
  })),
  { pattern: '*', page: () => import('./routes/not-found') },
];

/**
 * A route pattern's params when it matches the whole path, as the router matches: `:name` is one
 * segment, '*' is anything, trailing slashes and letter case do not matter, params are URL-decoded.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const names: string[] = [];
  const source = pattern.replace(/\/$/, '').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${source}/*$`, 'i').exec(pathname);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return null;
  }
}

const loaded = new Map<string, ComponentType>();

/** Loads a page's code, and remembers it so that a page already here renders at once (loadedPage). */
export function loadPage(route: PageRoute): Promise<{ Component: ComponentType }> {
  return route.page().then((m) => {
    loaded.set(route.pattern, m.Component);
    return m;
  });
}

/** The page's component when its code is already here, else undefined. */
export function loadedPage(route: PageRoute): ComponentType | undefined {
  return loaded.get(route.pattern);
}
