/** A rendered page as the cache keeps it: `keep` false for the shell sent while the API struggled. */
export interface CachedPage {
  keep: boolean;
  /** The memory the page holds (its HTML and compressed copies), counted against `maxBytes`. */
  bytes: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  refreshAt?: number;
  checkMs?: number;
  retryMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  readVersion: () => Promise<number>;
}

/**
 * Rendered pages kept in memory, per normalised address (storefront server):
 * - a page is kept at most `ttlMs` (stock and prices that change without a staff edit show within that time);
 *   once it is `refreshAt` of that old, the next request for it starts a new render in the background and is
 *   still answered the kept page, so that a page in use is renewed before it expires and its readers never
 *   all wait for a render together (under load that wait was the store page's p99: 952 ms against 13 ms p50)
 * - the catalogue's version (GET /catalog/version, moved on by every staff change) is read at most every
 *   `checkMs`, in the background; when it has moved every page is dropped, and a render that started before is
 *   answered but not kept
 * - concurrent misses of one page share one render
 * - at most `maxEntries` pages and `maxBytes` of them, the oldest dropped first: addresses nobody links to
 *   (made up by a crawler or an attacker) can cost renders, never unbounded memory; a page larger than
 *   `maxBytes` on its own is answered and not kept
 * - what `load` marks as not to keep (the API was down or slow and the shell was sent) is kept `retryMs` only, so
 *   that a struggling API is asked for that page once per `retryMs`, not by every request
 */
export function createPageCache<P extends CachedPage>({
  ttlMs,
  refreshAt = 0.8,
  checkMs = 1000,
  retryMs = 2000,
  maxEntries = 2000,
  maxBytes = 64 * 1024 * 1024,
  readVersion,
}: PageCacheOptions) {
  const entries = new Map<string, { at: number; page: P }>();
  const loading = new Map<string, Promise<P>>();
  let bytes = 0;
  let version: number | null = null;
  let generation = 0;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.page.bytes;
  }

  function clear() {
    entries.clear();
    loading.clear();
    bytes = 0;
    generation++;
  }

  function checkVersion() {
    checking ??= readVersion()
      .then((v) => {
        if (version !== null && v !== version) clear();
        version = v;
      })
      .catch(() => {
        // The API is unreachable: pages stay for their TTL at most.
      })
      .finally(() => {
        checkedAt = Date.now();
        checking = null;
      });
    return checking;
  }

  /** Keeps a page, dropping the oldest until both bounds hold. */
  function keep(key: string, page: P) {
    drop(key);
    if (page.bytes > maxBytes) return;
    entries.set(key, { at: Date.now(), page });
    bytes += page.bytes;
    while (entries.size > maxEntries || bytes > maxBytes) drop(entries.keys().next().value!);
  }

  /** One render of the page under `key`, shared by the requests that come meanwhile; kept when it ends. */
  function render(key: string, load: () => Promise<P>) {
    const startedIn = generation;
    const pending = load().then((page) => {
      if (loading.get(key) === pending) loading.delete(key);
      if (startedIn === generation) keep(key, page);
      return page;
    });
    pending.catch(() => {
      if (loading.get(key) === pending) loading.delete(key);
    });
    loading.set(key, pending);
    return pending;
  }

  return {
    /** The page under `key`: kept, or made by `load()`. */
    async get(key: string, load: () => Promise<P>): Promise<P> {
      if (ttlMs <= 0) return load();
      if (Date.now() - checkedAt >= checkMs) {
        // The first check is waited for, so that a page is never kept under an unknown version.
        if (version === null) await checkVersion();
        else void checkVersion();
      }
      const kept = entries.get(key);
      if (kept) {
        const age = Date.now() - kept.at;
        if (age < (kept.page.keep ? ttlMs : retryMs)) {
          // Renewed ahead of time, in the background (a failed renewal leaves the page to expire).
          if (kept.page.keep && age >= ttlMs * refreshAt && !loading.has(key))
            render(key, load).catch(() => {});
          return kept.page;
        }
        drop(key);
      }
      return loading.get(key) ?? render(key, load);
    },
    /** Pages kept now. */
    get size() {
      return entries.size;
    },
    /** Memory the kept pages hold, in bytes. */
    get bytes() {
      return bytes;
    },
  };
}
