/**
 * The responses of read requests, shared by the pages (useFetch) and whatever starts a page's requests
 * before it renders (route loaders, and the start of the app for the page it opens on). Keys name a
 * request and its parameters; a request in flight is shared, never sent twice.
 */
interface Entry {
  data: unknown;
  at: number;
}

const cache = new Map<string, Entry>();
const inflight = new Map<string, Promise<unknown>>();
const FRESH_MS = 30_000;

export function cachedEntry(key: string): Entry | undefined {
  return cache.get(key);
}

export function isFresh(key: string): boolean {
  const entry = cache.get(key);
  return Boolean(entry && Date.now() - entry.at < FRESH_MS);
}

export function pendingRequest<T>(key: string): Promise<T> | undefined {
  return inflight.get(key) as Promise<T> | undefined;
}

export function remember(key: string, data: unknown): void {
  cache.set(key, { data, at: Date.now() });
}

/** Drops the cached response of exactly this key (a reload asks the server again). */
export function forget(key: string): void {
  cache.delete(key);
}

/**
 * Starts loading `key` before its page renders, unless fresh data or a request for it is already there;
 * the page's useFetch then picks up the same request instead of starting another. Resolves with the data.
 */
export function prefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const entry = cache.get(key);
  if (entry && isFresh(key)) return Promise.resolve(entry.data as T);
  const pending = inflight.get(key);
  if (pending) return pending as Promise<T>;
  const p = load()
    .then((data) => {
      remember(key, data);
      return data;
    })
    .finally(() => inflight.delete(key));
  p.catch(() => undefined);
  inflight.set(key, p);
  return p;
}

/** Forget cached responses (e.g. after an order changes stock). */
export function clearFetchCache(prefix = ''): void {
  for (const k of cache.keys()) if (k.startsWith(prefix)) cache.delete(k);
  for (const k of inflight.keys()) if (k.startsWith(prefix)) inflight.delete(k);
}
