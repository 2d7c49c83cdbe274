import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../config/env', () => ({ env: () => ({ apiUrl: 'http://api.test' }) }));

import { apiStatus, errorMessage } from './api-errors';
import { fetchGet, publicApi } from './public-api';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calledUrl = () => String(fetchMock.mock.calls.at(-1)?.[0]);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the api-client catalogue and settings reads over fetch', () => {
  it('lists products with only the chosen filters in the query string', async () => {
    fetchMock.mockResolvedValue(json({ flag: 1, products: [{ _id: '1' }], hasMore: true }));
    const list = await publicApi.catalog.products({
      limit: 24,
      categorySlug: 'phones',
      colorSlug: undefined,
      q: '',
    });
    expect(calledUrl()).toBe('http://api.test/product?limit=24&categorySlug=phones');
    expect(list).toEqual({ products: [{ _id: '1' }], hasMore: true });
  });

  it('encodes search words and reads categories, colours, best sellers, one product and settings', async () => {
    fetchMock.mockImplementation(async () =>
      json({ flag: 1, products: [], categories: ['c'], colors: ['k'] }),
    );
    await publicApi.catalog.products({ limit: 0, q: 'galaxy s24 & co' });
    expect(calledUrl()).toBe('http://api.test/product?limit=0&q=galaxy+s24+%26+co');
    expect(await publicApi.catalog.categories()).toEqual(['c']);
    expect(calledUrl()).toBe('http://api.test/category');
    expect(await publicApi.catalog.colors()).toEqual(['k']);
    await publicApi.catalog.bestSellers();
    expect(calledUrl()).toBe('http://api.test/product/best-sellers');

    fetchMock.mockResolvedValue(json({ flag: 1, product: { _id: '7' } }));
    expect(await publicApi.catalog.product('a/b')).toEqual({ _id: '7' });
    expect(calledUrl()).toBe('http://api.test/product/a%2Fb');

    fetchMock.mockResolvedValue(json({ flag: 1, settings: { shopName: 'Voltcart' } }));
    expect(await publicApi.settings.get()).toEqual({ shopName: 'Voltcart' });
    expect(calledUrl()).toBe('http://api.test/settings');
  });

  it("fails with the server's message and status, as the axios client does", async () => {
    fetchMock.mockResolvedValue(json({ flag: 0, msg: 'Product not found.', code: 'not_found' }, 404));
    const err = await publicApi.catalog.product('999').catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('Product not found.');
    expect(apiStatus(err)).toBe(404);
    expect(err).toMatchObject({ code: 'not_found' });
  });

  it('fails on a {flag: 0} reply even with status 200', async () => {
    fetchMock.mockResolvedValue(json({ flag: 0, msg: 'Catalogue is closed.' }));
    const err = await fetchGet('/category').catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('Catalogue is closed.');
    expect(apiStatus(err)).toBe(200);
  });

  it('names the status when the server answers without a message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await fetchGet('/category').catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('The server answered 502. Please try again.');
    expect(apiStatus(err)).toBe(502);
  });

  it('says the server cannot be reached when the request fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await fetchGet('/category').catch((e: unknown) => e);
    expect(errorMessage(err)).toMatch(/^Cannot reach the shop server/);
    expect(apiStatus(err)).toBe(0);
  });

  it('gives up after 20 s with a clear message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = fetchGet('/category').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(errorMessage(await pending)).toBe('The shop server took too long to answer. Please try again.');
  });

  it("passes the caller's abort through (not shown as a failure of the server)", async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const ctrl = new AbortController();
    const pending = publicApi.catalog.products({ limit: 2 }, ctrl.signal).catch((e: unknown) => e);
    ctrl.abort();
    const err = await pending;
    expect((err as Error).name).toBe('AbortError');
    expect(apiStatus(err)).toBeNull();
  });
});
