import { describe, expect, it } from 'vitest';
import { createPageCache, type PageCacheOptions } from './page-cache';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A cache over a version the test moves, and a loader that counts its renders. */
function setUp(opts: Partial<PageCacheOptions> = {}, bytes = 100) {
  const state = { version: 1, renders: 0 };
  const cache = createPageCache<{ keep: boolean; bytes: number; html: string }>({
    ttlMs: 10_000,
    checkMs: 0,
    readVersion: async () => state.version,
    ...opts,
  });
  const load =
    (keep = true) =>
    async () => {
      state.renders++;
      await sleep(5);
      return { keep, bytes, html: `render ${state.renders}` };
    };
  return { state, cache, load };
}

describe('page cache', () => {
  it('renders a page once and answers it from memory until its time is up', async () => {
    const { cache, load, state } = setUp({ ttlMs: 50 });
    expect((await cache.get('/store', load())).html).toBe('render 1');
    expect((await cache.get('/store', load())).html).toBe('render 1');
    expect((await cache.get('/product/1', load())).html).toBe('render 2');
    await sleep(60);
    expect((await cache.get('/store', load())).html).toBe('render 3');
    expect(state.renders).toBe(3);
  });

  it('renews a page in use in the background before it expires, answering the kept one meanwhile', async () => {
    // Times with wide margins: a busy machine may oversleep by hundreds of milliseconds.
    const { cache, load, state } = setUp({ ttlMs: 2000, refreshAt: 0.5 });
    await cache.get('/store', load());
    await sleep(1200);
    // Past half its time, not expired: answered at once from memory, a new render started.
    const [a, b] = await Promise.all([cache.get('/store', load()), cache.get('/store', load())]);
    expect([a.html, b.html]).toEqual(['render 1', 'render 1']);
    expect(state.renders).toBe(2);
    await sleep(100);
    // The renewed page (its time starts again), with no render waited for.
    expect((await cache.get('/store', load())).html).toBe('render 2');
    await sleep(300);
    expect((await cache.get('/store', load())).html).toBe('render 2');
    expect(state.renders).toBe(2);
  });

  it('shares one render between concurrent requests for the same page', async () => {
    const { cache, load, state } = setUp();
    const pages = await Promise.all([1, 2, 3].map(() => cache.get('/store', load())));
    expect(pages.map((p) => p.html)).toEqual(['render 1', 'render 1', 'render 1']);
    expect(state.renders).toBe(1);
  });

  it('drops every page when the catalogue version moves on', async () => {
    const { cache, load, state } = setUp();
    await cache.get('/store', load());
    state.version = 2;
    // The check runs in the background: the next request still gets the kept page, the one after a new render.
    await cache.get('/store', load());
    await sleep(1);
    expect((await cache.get('/store', load())).html).toBe('render 2');
  });

  it('keeps a page its loader marks as not to keep (the shell sent while the API struggled) only for retryMs', async () => {
    const { cache, load, state } = setUp({ retryMs: 40 });
    await cache.get('/store', load(false));
    expect((await cache.get('/store', load(false))).html).toBe('render 1');
    await sleep(50);
    expect((await cache.get('/store', load())).html).toBe('render 2');
    expect(state.renders).toBe(2);
  });

  it('keeps at most maxEntries pages, the oldest dropped first', async () => {
    const { cache, load } = setUp({ maxEntries: 2 });
    for (const path of ['/a', '/b', '/c']) await cache.get(path, load());
    expect(cache.size).toBe(2);
    expect((await cache.get('/a', load())).html).toBe('render 4');
  });

  it('keeps at most maxBytes of pages, the oldest dropped first, and never a page larger than that alone', async () => {
    const { cache, load } = setUp({ maxBytes: 250 });
    for (const path of ['/a', '/b', '/c']) await cache.get(path, load());
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(200);
    expect((await cache.get('/a', load())).html).toBe('render 4');
    expect((await cache.get('/c', load())).html).toBe('render 3');

    const huge = setUp({ maxBytes: 250 }, 300);
    expect((await huge.cache.get('/big', huge.load())).html).toBe('render 1');
    expect((await huge.cache.get('/big', huge.load())).html).toBe('render 2');
    expect(huge.cache.size).toBe(0);
    expect(huge.cache.bytes).toBe(0);
  });

  it('counts no bytes for pages dropped when the catalogue changes', async () => {
    const { cache, load, state } = setUp();
    await cache.get('/a', load());
    await cache.get('/b', load());
    expect(cache.bytes).toBe(200);
    state.version = 2;
    await cache.get('/a', load());
    await sleep(1);
    expect(cache.bytes).toBe(0);
  });
});
