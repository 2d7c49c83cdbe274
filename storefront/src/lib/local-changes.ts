/**
 * Change signals for a list kept in localStorage: `changed()` tells this tab's subscribers after a write, and
 * other tabs' writes reach them through the `storage` event. `subscribe` is useSyncExternalStore's.
 */
export function localChanges() {
  const listeners = new Set<() => void>();
  return {
    changed: () => {
      for (const l of listeners) l();
    },
    subscribe: (l: () => void) => {
      listeners.add(l);
      window.addEventListener('storage', l);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', l);
      };
    },
  };
}
