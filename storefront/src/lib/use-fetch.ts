import { useCallback, useEffect, useRef, useState } from 'react';
import { cachedEntry, forget, isFresh, pendingRequest, remember } from './request-cache';

export interface FetchState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * A small cached fetch hook: a key (null = do not fetch) and a loader. Cached data is shown at once
 * and refreshed in the background when older than 30 s; a newer key cancels an older request.
 */
export function useFetch<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): FetchState<T> {
  const cached = key ? cachedEntry(key) : undefined;
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: unknown }>({
    key,
    data: cached?.data as T | undefined,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  // A new key shows its cached data (or nothing) immediately rather than the previous key's data.
  let view = state;
  if (state.key !== key) {
    view = { key, data: cached?.data as T | undefined, error: null };
    setState(view);
  }

  useEffect(() => {
    if (!key) return;
    if (isFresh(key) && tick === 0) {
      // The response may have arrived between this render and its effect (a request started by a
      // route loader): show it, instead of waiting for a request that is already over.
      const { data } = cachedEntry(key)!;
      setState((s) => (s.key === key && s.data === data ? s : { key, data: data as T, error: null }));
      return;
    }
    const ctrl = new AbortController();
    const pending = tick === 0 ? pendingRequest<T>(key) : undefined;
    (pending ?? loader.current(ctrl.signal))
      .then((data) => {
        remember(key, data);
        if (!ctrl.signal.aborted) setState({ key, data, error: null });
      })
      .catch((error: unknown) => {
        if (!ctrl.signal.aborted) setState((s) => ({ key, data: s.key === key ? s.data : undefined, error }));
      });
    return () => ctrl.abort();
  }, [key, tick]);

  const reload = useCallback(() => {
    if (key) forget(key);
    setTick((t) => t + 1);
  }, [key]);

  return {
    data: view.data,
    error: view.error,
    loading: Boolean(key) && view.data === undefined && !view.error,
    reload,
  };
}
