import { useCallback, useSyncExternalStore } from 'react';
import { localChanges } from '../../lib/local-changes';

/** Wishlist and compare lists, kept only in this browser (a guest needs no account for them). */
export type LocalList = 'wishlist' | 'compare';

const { changed, subscribe } = localChanges();

function read(list: LocalList): string[] {
  try {
    const v = JSON.parse(window.localStorage.getItem(list) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toggleInList(list: LocalList, productId: string): boolean {
  const ids = read(list);
  const has = ids.includes(productId);
  const next = has ? ids.filter((id) => id !== productId) : [...ids, productId];
  try {
    window.localStorage.setItem(list, JSON.stringify(next));
  } catch {
    // storage blocked: nothing to keep
  }
  changed();
  return !has;
}

export function useInList(list: LocalList, productId: string): [boolean, () => boolean] {
  const has = useSyncExternalStore(
    subscribe,
    () => read(list).includes(productId),
    () => false,
  );
  const toggle = useCallback(() => toggleInList(list, productId), [list, productId]);
  return [has, toggle];
}
