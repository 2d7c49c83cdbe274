import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * The lists whose versions the database keeps (migrations 20261125T0800_list_versions and 0803: `products` moves
 * with products' units and sellable state only).
 */
export type VersionedList = 'orders' | 'users' | 'products';

/** The list's version: the sum of its shard rows, which triggers move on with every change it filters on. */
async function readListVersion(db: Db, list: VersionedList): Promise<string> {
  const r = await sql<{ v: string | number | null }>`SELECT SUM(version) AS v FROM list_versions
    WHERE list = ${list}`.execute(db);
  return String(r.rows[0]?.v ?? 0);
}

interface Kept {
  version: string;
  count: Promise<number>;
}

/**
 * The totals of the back office's order and customer lists ("1–50 of 100,000"), kept per API process per filter:
 * - each total belongs to the list's version, read (one short primary-key range) before the count: a write
 *   committed after that read moves the version on, so the next request counts again; a total is never older
 *   than the version its request read, so it is exact when shown, in every process
 * - the version moves in the writer's own transaction (a trigger), so no path that writes orders or accounts
 *   can forget it
 * - concurrent requests for the same total share one count; a failed count is not kept
 * - one cache per database (tests run several shops in one process), at most `maxEntries` totals each, the
 *   oldest dropped first
 * Counting 100,000 orders costs 10–30 ms of database time on an idle machine, and far more while a long
 * transaction elsewhere (a backup, an export) makes every recently changed row's visibility be checked.
 */
export class ListCounts {
  private readonly shops = new WeakMap<Db, Map<string, Kept>>();

  constructor(private readonly maxEntries = 500) {}

  async count(db: Db, list: VersionedList, key: string, load: () => Promise<number>): Promise<number> {
    const version = await readListVersion(db, list);
    let entries = this.shops.get(db);
    if (!entries) {
      entries = new Map();
      this.shops.set(db, entries);
    }
    const name = `${list}\n${key}`;
    const kept = entries.get(name);
    if (kept && kept.version === version) return kept.count;
    entries.delete(name);
    if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value!);
    const count = load();
    const entry = { version, count };
    entries.set(name, entry);
    count.catch(() => {
      if (entries.get(name) === entry) entries.delete(name);
    });
    return count;
  }
}

/** The API's list totals. */
export const listCounts = new ListCounts();

/**
 * How to read a page of a list of `total` rows sorted by a unique key, from whichever end is nearer: a page
 * jump to the last pages then skips few index entries instead of nearly all of them (the deepest page of
 * 100,000 orders skipped 99,950).
 * - past the middle: the same sort reversed, `offset` counted from the end; the caller reverses the rows read
 * - a page beyond the last: `limit` 0 (nothing to read)
 */
export function nearerEnd(
  offset: number,
  limit: number,
  total: number,
): { offset: number; limit: number; reversed: boolean } {
  const rows = Math.max(0, Math.min(limit, total - offset));
  if (rows === 0) return { offset, limit: 0, reversed: false };
  const fromEnd = total - offset - rows;
  return fromEnd < offset
    ? { offset: fromEnd, limit: rows, reversed: true }
    : { offset, limit, reversed: false };
}

/**
 * One page of a sorted list of `total` rows, read from its nearer end (nearerEnd): `read` gets the direction and
 * the window to read; rows read in the reversed direction are turned back into the page's order.
 */
export async function readPage<T>(
  page: { offset: number; limit: number; dir: 'asc' | 'desc' },
  total: number,
  read: (window: { dir: 'asc' | 'desc'; offset: number; limit: number }) => Promise<T[]>,
): Promise<T[]> {
  const at = nearerEnd(page.offset, page.limit, total);
  if (!at.limit) return [];
  const dir = at.reversed ? (page.dir === 'asc' ? 'desc' : 'asc') : page.dir;
  const rows = await read({ dir, offset: at.offset, limit: at.limit });
  return at.reversed ? rows.reverse() : rows;
}
