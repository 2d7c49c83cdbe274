import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebounced } from './hooks';

type ParamChanges = Record<string, string | number | null>;

/**
 * The page, page size and search of a paged list (orders, products, users), kept in the address
 * (`?page=&limit=&q=` and the list's own filters) so a reload or the back button returns to the same place.
 * - the search box shows each key at once; `q` (what is searched) follows 300 ms after the last one
 * - a new search or filter goes back to page 1; page 1 and the default page size are left out of the address
 * - `limit` is one of `limits`, else the default
 */
export function useListParams(opts: { limit: number; limits?: readonly number[] }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = Number(params.get('limit'));
  const limit = opts.limits?.includes(asked) ? asked : opts.limit;
  const [search, setSearchText] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);

  const update = (changes: ParamChanges) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };

  return {
    params,
    page,
    limit,
    /** The search box's text. */
    search,
    /** The search sent to the API (trimmed, debounced). */
    q,
    setSearch(value: string) {
      setSearchText(value);
      update({ q: value.trim() || null, page: 1 });
    },
    /** Sets a filter of the list (null clears it) and goes back to page 1. */
    setFilter(name: string, value: string | null) {
      update({ [name]: value, page: 1 });
    },
    /** Sets several filters at once (e.g. a sort's column and direction) and goes back to page 1. */
    setFilters(changes: ParamChanges) {
      update({ ...changes, page: 1 });
    },
    setPage: (n: number) => update({ page: n }),
    setLimit: (n: number) => update({ limit: n === opts.limit ? null : n, page: 1 }),
  };
}
