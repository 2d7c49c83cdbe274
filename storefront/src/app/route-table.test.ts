import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const requests = vi.hoisted(() => ({ home: vi.fn(), store: vi.fn(), product: vi.fn() }));
vi.mock('../features/catalog/requests', () => ({ catalogRequests: requests }));

import { makeQueryClient } from '../lib/query-client';
import { startOpeningPage } from './early-start';
import { matchPattern, pageRoutes } from './route-table';

const EmptyPage = () => null;
const client = makeQueryClient();

beforeEach(() => {
  for (const fn of Object.values(requests)) fn.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('matchPattern (as the router matches)', () => {
  it('matches whole paths, ignoring trailing slashes and letter case', () => {
    expect(matchPattern('/store', '/store')).toEqual({});
    expect(matchPattern('/store', '/Store/')).toEqual({});
    expect(matchPattern('/store', '/store/phones')).toBeNull();
    expect(matchPattern('/store', '/storefront')).toBeNull();
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/ghar')).toBeNull();
    expect(matchPattern('*', '/anything/else')).toEqual({});
  });

  it('reads one segment per param, URL-decoded', () => {
    expect(matchPattern('/store/:categorySlug', '/store/smart%20watches')).toEqual({
      categorySlug: 'smart watches',
    });
    expect(matchPattern('/store/:categorySlug', '/store/a/b')).toBeNull();
    expect(matchPattern('/product/:id', '/product/%E0%A4')).toBeNull();
  });
});

describe('the opening page', () => {
  /** Stops the page code from loading for real; returns the spy of the route that matches. */
  const stubPages = () => {
    for (const route of pageRoutes) vi.spyOn(route, 'page').mockResolvedValue({ Component: EmptyPage });
  };
  const routeOf = (pattern: string) => pageRoutes.find((r) => r.pattern === pattern)!;

  it("starts the store's code and requests with its category and query string", async () => {
    stubPages();
    requests.store.mockResolvedValue(undefined);
    await startOpeningPage(client, { pathname: '/store/phones', search: '?limit=2&colorSlug=red' });
    expect(routeOf('/store/:categorySlug').page).toHaveBeenCalledTimes(1);
    const [given, slug, search] = requests.store.mock.lastCall!;
    expect(given).toBe(client);
    expect(slug).toBe('phones');
    expect(Object.fromEntries(search as URLSearchParams)).toEqual({ limit: '2', colorSlug: 'red' });
  });

  it('starts a product page with its id, the home page with its lists, and other pages with their code only', async () => {
    stubPages();
    await startOpeningPage(client, { pathname: '/product/42', search: '' });
    expect(requests.product).toHaveBeenCalledWith(client, '42');
    await startOpeningPage(client, { pathname: '/', search: '' });
    expect(requests.home).toHaveBeenCalledTimes(1);
    await startOpeningPage(client, { pathname: '/cart', search: '' });
    expect(routeOf('/cart').page).toHaveBeenCalledTimes(1);
    await startOpeningPage(client, { pathname: '/no/such/page', search: '' });
    expect(routeOf('*').page).toHaveBeenCalledTimes(1);
  });

  it('settles even when the page code or its data fail to load (the router reports it)', async () => {
    stubPages();
    vi.spyOn(routeOf('/product/:id'), 'page').mockRejectedValue(new Error('offline'));
    requests.product.mockRejectedValue(new Error('offline'));
    await expect(startOpeningPage(client, { pathname: '/product/7', search: '' })).resolves.toBeDefined();
  });
});
