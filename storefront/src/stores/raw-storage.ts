import type { PersistStorage } from 'zustand/middleware';

/**
 * localStorage adapter for zustand's persist that stores the state object itself under the key
 * (no `{state, version}` wrapper), so `cart` and `user` keep their first-release shapes and saved ones still load.
 * Unreadable or blocked storage (private mode, quota) degrades to an in-memory store silently.
 */
export function rawLocalStorage<S>(): PersistStorage<S> {
  return {
    getItem: (name) => {
      try {
        const raw = window.localStorage.getItem(name);
        if (raw == null) return null;
        return { state: JSON.parse(raw) as S, version: 0 };
      } catch {
        return null;
      }
    },
    setItem: (name, value) => {
      try {
        window.localStorage.setItem(name, JSON.stringify(value.state));
      } catch {
        // storage full or blocked: the in-memory state still works for this visit
      }
    },
    removeItem: (name) => {
      try {
        window.localStorage.removeItem(name);
      } catch {
        // ignore
      }
    },
  };
}
