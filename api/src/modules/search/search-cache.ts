import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/**
 * What a search or faceted list computed, kept per API process so that the next request for the same
 * matches does not find, count and rank them again (a common word matches a tenth of a million products):
 * - entries belong to one catalogue version (`catalog_version`, moved on by every back-office write, synonyms
 *   included): a request that reads another version drops them all, so a product change is seen at once, by
 *   every process
 * - what moves without a back-office write (units taken by checkouts: sellable counts and order; units sold:
 *   popularity) is seen within `ttlMs` plus one load: an entry past its time whose products' units have moved
 *   since it was loaded (the stock version of `list_versions`, moved by a trigger in the writer's transaction,
 *   checkouts' and cancellations' included) is still answered while one request reloads it in the background (no
 *   shopper waits for a recount), one reload at a time per process; an entry whose units have not moved is
 *   still exact and is kept (reloading a common word of a million products keeps a core busy for seconds), up
 *   to `maxAgeMs`: what changes the catalogue without either version (SQL by hand) shows within that
 * - concurrent requests for the same entry share one load
 * - one cache per database (tests run several shops in one process), at most `maxEntries` entries each, the
 *   oldest dropped first
 */
export class SearchCache {
  private readonly shops = new WeakMap<Db, { version: number; entries: Map<string, Entry> }>();
  /** Reloads under way, and those waiting for one of them to finish. */
  private refreshes = 0;
  private readonly waitingRefreshes: (() => void)[] = [];

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly maxAgeMs = ttlMs * 10,
  ) {}

  /** The cache of `db` at its current catalogue version (one read of two primary-key ranges); `use` false: none. */
  async open(db: Db, use = true): Promise<SearchCacheView> {
    if (this.ttlMs <= 0 || !use) return NO_CACHE;
    const { version, stock } = await readVersions(db);
    let shop = this.shops.get(db);
    if (!shop || shop.version !== version) {
      shop = { version, entries: new Map() };
      this.shops.set(db, shop);
    }
    const { entries } = shop;
    return {
      stockVersion: stock,
      memo: <T>(key: string, load: () => Promise<T>): Promise<T> => {
        const now = Date.now();
        const kept = entries.get(key);
        const age = kept ? now - kept.at : 0;
        if (kept && (age < this.ttlMs || (kept.stock === stock && age < this.maxAgeMs)))
          return kept.value as Promise<T>;
        if (kept?.settled) {
          // Past its time: answered as it is while its successor loads (once), so that no request waits.
          if (!kept.refreshing) {
            kept.refreshing = true;
            this.refreshSoon(() => {
              const next = load();
              return next.then(
                () => {
                  if (entries.get(key) === kept) entries.set(key, settledEntry(next, stock));
                },
                () => {
                  kept.refreshing = false;
                },
              );
            });
          }
          return kept.value as Promise<T>;
        }
        if (kept) return kept.value as Promise<T>;
        if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value!);
        const value = load();
        const entry: Entry = { at: now, stock, value, settled: false, refreshing: false };
        entries.set(key, entry);
        value.then(
          () => {
            entry.settled = true;
          },
          // A failed load is not kept: the next request tries again.
          () => {
            if (entries.get(key) === entry) entries.delete(key);
          },
        );
        return value;
      },
    };
  }

  /** Runs a reload now if fewer than MAX_REFRESHES are running, else when one of them finishes. */
  private refreshSoon(run: () => Promise<void>): void {
    if (this.refreshes >= MAX_REFRESHES) {
      this.waitingRefreshes.push(() => this.refreshSoon(run));
      return;
    }
    this.refreshes++;
    void run().finally(() => {
      this.refreshes--;
      this.waitingRefreshes.shift()?.();
    });
  }
}

/**
 * Reloads at the same time, per process: a reload holds database connections for as long as it counts (seconds
 * for a common word of a million products); several at once left shoppers' requests waiting for a connection.
 */
const MAX_REFRESHES = 1;

function settledEntry(value: Promise<unknown>, stock: string): Entry {
  return { at: Date.now(), stock, value, settled: true, refreshing: false };
}

/**
 * The catalogue version and the products' stock version (lib/list-counts.ts `readListVersion`), in one statement:
 * every search and list request reads them.
 */
async function readVersions(db: Db): Promise<{ version: number; stock: string }> {
  const r = await sql<{ version: number | string | null; stock: number | string | null }>`SELECT
    (SELECT version FROM catalog_version WHERE id = 1) AS version,
    (SELECT SUM(version) FROM list_versions WHERE list = 'products') AS stock`.execute(db);
  return { version: Number(r.rows[0]?.version ?? 0), stock: String(r.rows[0]?.stock ?? 0) };
}

interface Entry {
  at: number;
  /** The products' stock version read before it was loaded. */
  stock: string;
  value: Promise<unknown>;
  /** The load has answered (only then is it answered past its time). */
  settled: boolean;
  /** Its successor is loading. */
  refreshing: boolean;
}

export interface SearchCacheView {
  /** The products' stock version read when it was opened ('' when nothing is kept). */
  stockVersion: string;
  /** The kept answer for `key` (or the load under way: concurrent requests share it), else `load()`'s. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** Keeps nothing: every `memo` loads. */
export const NO_CACHE: SearchCacheView = { stockVersion: '', memo: (_key, load) => load() };
