// Covers what the catalogue cache keys on and how much it keeps, without a database: made-up query parameters
// reach the response their route made (no load, no entry), the parameters a route reads still tell responses
// apart, and kept responses stay within their byte and entry bounds.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { CatalogCache, cacheKey } from './cache';

describe('cacheKey', () => {
  const read = new Set(['limit', 'q']);
  it.each([
    ['/product', '/product'],
    ['/product?x=1', '/product'],
    ['/product?limit=5&x=1&y=2', '/product?limit=5'],
    ['/product?q=usb%20c&limit=5', '/product?limit=5&q=usb%20c'],
    ['/product?limit=5&q=usb+c', '/product?limit=5&q=usb%20c'],
    ['/product?limit=5&limit=9', '/product?limit=5'],
    ['/product?limit=%20&q=', '/product'],
    ['/product?%71=phone', '/product?q=phone'],
  ])('%s → %s', (url, key) => {
    expect(cacheKey(url, read)).toBe(key);
  });
});

/** A cache behind one route that reads `v` from its query, counting its loads; bodies of `size` bytes. */
function setUp(opts: { maxBytes?: number; maxEntries?: number } = {}, size = 2000) {
  const cache = new CatalogCache({ ttlMs: 60_000, ...opts });
  const state = { loads: 0 };
  const app = new Hono<AppEnv>();
  app.get('/item/:n', (c) =>
    cache.respond(
      c,
      async () => {
        state.loads++;
        // Random text: its compressed copies are about as large as it is.
        const pad = Array.from({ length: size / 8 }, () => Math.random().toString(36).slice(2, 10)).join('');
        return { n: c.req.param('n'), v: c.req.query('v') ?? null, pad };
      },
      new Set(['v']),
    ),
  );
  const get = async (path: string) => (await app.request(path)).json() as Promise<{ v: string | null }>;
  return { cache, state, get };
}

describe('the catalogue cache', () => {
  it('answers 300 made-up parameters from one kept response, loaded once', async () => {
    const { cache, state, get } = setUp();
    for (let i = 0; i < 300; i++) await get(`/item/1?x${i}=${i}`);
    expect(state.loads).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('keeps apart what the route reads', async () => {
    const { cache, state, get } = setUp();
    expect((await get('/item/1?v=a&junk=1')).v).toBe('a');
    expect((await get('/item/1?junk=2&v=b')).v).toBe('b');
    expect((await get('/item/1?v=a')).v).toBe('a');
    expect(state.loads).toBe(2);
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxBytes of responses, the oldest dropped first, and never one larger alone', async () => {
    const { cache, get } = setUp({ maxBytes: 20_000 });
    for (let n = 0; n < 30; n++) await get(`/item/${n}`);
    expect(cache.keptBytes).toBeLessThanOrEqual(20_000);
    expect(cache.size).toBeGreaterThan(1);
    expect(cache.size).toBeLessThan(30);

    const huge = setUp({ maxBytes: 1000 });
    await huge.get('/item/1');
    await huge.get('/item/1');
    expect(huge.state.loads).toBe(2);
    expect(huge.cache.size).toBe(0);
    expect(huge.cache.keptBytes).toBe(0);
  });

  it('keeps at most maxEntries responses', async () => {
    const { cache, get } = setUp({ maxEntries: 3 }, 16);
    for (let n = 0; n < 10; n++) await get(`/item/${n}`);
    expect(cache.size).toBe(3);
  });
});
