import { useEffect, useState, useSyncExternalStore } from 'react';

/** Live `matchMedia` result (e.g. the product table from 1024 px, cards below). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The text of a field typed freely and applied later (on Enter or when left): it starts from `value`, and starts
 * again from it whenever `value` changes from outside (a filter cleared, the address changed).
 */
export function useDraft(value: string) {
  const [text, setText] = useState(value);
  const [shownFor, setShownFor] = useState(value);
  if (shownFor !== value) {
    setShownFor(value);
    setText(value);
  }
  return [text, setText] as const;
}
