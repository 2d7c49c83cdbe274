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
 * - at most `maxEntries` pages, the oldest dropped first
 * - what `load` marks as not to keep (the API was down or slow and the shell was sent) is kept `retryMs` only, so
 *   that a struggling API is asked for that page once per `retryMs`, not by every request
 */
export function createPageCache({
  ttlMs,
  refreshAt = 0.8,
  checkMs = 1000,
  retryMs = 2000,
  maxEntries = 2000,
  readVersion,
}) {
  const entries = new Map();
  const loading = new Map();
  let version = null;
  let generation = 0;
  let checkedAt = 0;
  let checking = null;

  function checkVersion() {
    checking ??= readVersion()
      .then((v) => {
        if (version !== null && v !== version) {
          entries.clear();
          loading.clear();
          generation++;
        }
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

  /** One render of the page under `key`, shared by the requests that come meanwhile; kept when it ends. */
  function render(key, load) {
    const startedIn = generation;
    const pending = load().then((page) => {
      if (loading.get(key) === pending) loading.delete(key);
      if (startedIn === generation) {
        entries.delete(key);
        entries.set(key, { at: Date.now(), page });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value);
      }
      return page;
    });
    pending.catch(() => {
      if (loading.get(key) === pending) loading.delete(key);
    });
    loading.set(key, pending);
    return pending;
  }

  return {
    /** The page under `key`: kept, or made by `load()` (which resolves `{keep, ...page}`). */
    async get(key, load) {
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
        entries.delete(key);
      }
      return loading.get(key) ?? render(key, load);
    },
    get size() {
      return entries.size;
    },
  };
}
