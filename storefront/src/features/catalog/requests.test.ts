import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const catalog = vi.hoisted(() => ({ products: vi.fn(), categories: vi.fn(), colors: vi.fn() }));
vi.mock('../../lib/api', async () => (await import('../../testing/api-mock')).apiMock({ catalog }));
vi.mock('../../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { queries } from '../../lib/queries';
import { makeQueryClient } from '../../lib/query-client';
import { testQueryClient } from '../../testing/render';
import { catalogRequests } from './requests';

const product = (id: number, thumbnail: string | null) => ({ _id: String(id), thumbnail });
let preloaded: string[];
let client: QueryClient;

beforeEach(() => {
  client = testQueryClient();
  for (const fn of Object.values(catalog)) fn.mockReset().mockResolvedValue([]);
  preloaded = [];
  // Records the pictures loaded ahead of the grid instead of fetching them.
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = '';
      set src(url: string) {
        preloaded.push(url);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the store page requests', () => {
  it('ask for the list the page will show, with categories and colours, and cache them under its keys', async () => {
    catalog.products.mockResolvedValue({ flag: 1, msg: 'OK', products: [], hasMore: false });
    await catalogRequests.store(client, 'phones', new URLSearchParams('limit=2&colorSlug=red'));
    const params = {
      limit: 2,
      page: undefined,
      categorySlug: 'phones',
      colorSlug: 'red',
      q: '',
      facets: '1' as const,
    };
    expect(catalog.products).toHaveBeenCalledWith(params);
    expect(client.getQueryData(queries.products(params).queryKey)).toEqual({ products: [], hasMore: false });
    expect(catalog.categories).toHaveBeenCalledTimes(1);
    expect(catalog.colors).toHaveBeenCalledTimes(1);
  });

  it('load the pictures of the first four cards (grid size) as soon as the list arrives', async () => {
    catalog.products.mockResolvedValue({
      products: [
        product(1, 'a.webp'),
        product(2, null),
        product(3, 'c d.webp'),
        product(4, 'd.webp'),
        product(5, 'e.webp'),
      ],
      hasMore: true,
    });
    await catalogRequests.store(client, '', new URLSearchParams());
    expect(preloaded).toEqual([
      'http://api.test/images/product/sm/a.webp',
      'http://api.test/images/product/sm/c%20d.webp',
      'http://api.test/images/product/sm/d.webp',
    ]);
  });

  it('send each request once while it is on its way, and settle when the list fails', async () => {
    catalog.products.mockRejectedValue(new Error('offline'));
    await Promise.all([
      catalogRequests.store(client, '', new URLSearchParams()),
      catalogRequests.store(client, '', new URLSearchParams()),
    ]);
    expect(catalog.products).toHaveBeenCalledTimes(1);
    expect(preloaded).toEqual([]);
  });
});

describe('prefetch on one side, hydrate on the other (what a server rendering the page will do)', () => {
  it("a page's queries made in one cache arrive whole in another, through JSON", async () => {
    const list = { products: [product(1, 'a.webp')], hasMore: false };
    catalog.products.mockResolvedValue({ flag: 1, msg: 'OK', ...list });
    catalog.categories.mockResolvedValue([{ _id: '1', name: 'Phones', slug: 'phones' }]);
    const server = makeQueryClient();
    await catalogRequests.store(server, 'phones', new URLSearchParams());
    const sent = JSON.parse(JSON.stringify(dehydrate(server)));

    const browser = makeQueryClient();
    hydrate(browser, sent);
    const params = {
      limit: 24,
      page: undefined,
      categorySlug: 'phones',
      colorSlug: '',
      q: '',
      facets: '1' as const,
    };
    expect(browser.getQueryData(queries.products(params).queryKey)).toEqual(list);
    expect(browser.getQueryData(queries.categories().queryKey)).toEqual([
      { _id: '1', name: 'Phones', slug: 'phones' },
    ]);
    // Two caches: nothing is shared between them but what was sent.
    expect(server).not.toBe(browser);
  });
});
