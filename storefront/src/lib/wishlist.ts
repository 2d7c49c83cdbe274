import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import type { User } from '@voltcart/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { notify } from '../stores/notifications-store';
import { startSession } from '../stores/session-actions';
import { useSession } from '../stores/session-store';
import { api } from './api';
import { localChanges } from './local-changes';
import { shopperKeys, shopperQueries } from './shopper-queries';

/**
 * The wishlist: in the browser for guests (the `wishlist` key, as first released: a list of product ids, plus the
 * options chosen per product under `wishlistOptions`), on the server for logged-in shoppers (merged in at login, as
 * the cart is, and then cleared here).
 */
const IDS = 'wishlist';
const OPTIONS = 'wishlistOptions';

export interface WishOptions {
  colorId: string | null;
  memorySize: number | null;
}

const { changed, subscribe } = localChanges();

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(window.localStorage.getItem(key) ?? 'null') as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The guest's wishlist: product ids, oldest first (as the wishlist toggle appends them). */
function guestWishlist(): string[] {
  const v = readJson<unknown>(IDS, []);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function guestOptions(): Record<string, WishOptions> {
  const v = readJson<unknown>(OPTIONS, {});
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, WishOptions>) : {};
}

function writeGuest(ids: string[], options: Record<string, WishOptions>): void {
  try {
    window.localStorage.setItem(IDS, JSON.stringify(ids));
    window.localStorage.setItem(OPTIONS, JSON.stringify(options));
  } catch {
    // storage blocked: nothing to keep
  }
  changed();
}

/** Adds or removes a product on the guest's list; returns whether it is on the list now. */
export function toggleGuest(productId: string, options: WishOptions, on?: boolean): boolean {
  const ids = guestWishlist();
  const has = ids.includes(productId);
  const want = on ?? !has;
  const all = guestOptions();
  if (want) all[productId] = options;
  else delete all[productId];
  writeGuest(want ? (has ? ids : [...ids, productId]) : ids.filter((id) => id !== productId), all);
  return want;
}

/** The guest's list as a string (a stable snapshot for useSyncExternalStore). */
const snapshot = () => (typeof window === 'undefined' ? '' : (window.localStorage.getItem(IDS) ?? ''));

/** At login: the guest's wishlist goes to the account, then is cleared here. A failure keeps it for next time. */
async function mergeGuestWishlist(): Promise<void> {
  const ids = guestWishlist();
  if (ids.length === 0) return;
  const options = guestOptions();
  try {
    await api.wishlist.merge({
      body: { items: ids.map((productId) => ({ productId, ...(options[productId] ?? {}) })) },
    });
    writeGuest([], {});
  } catch {
    // kept in the browser: merged at the next login
  }
}

/** Whether the shopper is logged in, read after the page has started (the session lives in the browser). */
export function useShopper(): { started: boolean; loggedIn: boolean } {
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const loggedIn = useSession((s) => Boolean(s.userToken));
  return { started, loggedIn: started && loggedIn };
}

/** The ids on the wishlist (the account's, or the guest's). */
export function useWishlistIds(): string[] {
  const { loggedIn } = useShopper();
  const server = useQuery({ ...shopperQueries.wishlistIds(), enabled: loggedIn });
  const local = useSyncExternalStore(subscribe, snapshot, () => '');
  if (loggedIn) return server.data ?? [];
  return local ? guestWishlist() : [];
}

/** A product's heart: whether it is on the wishlist, and the toggle (with the options chosen now). */
export function useWishlist(productId: string): [boolean, (options?: WishOptions) => Promise<void>] {
  const { loggedIn } = useShopper();
  const ids = useWishlistIds();
  const client = useQueryClient();
  const has = ids.includes(productId);
  const toggle = useCallback(
    async (options: WishOptions = { colorId: null, memorySize: null }) => {
      if (!loggedIn) {
        toggleGuest(productId, options, !has);
        return;
      }
      try {
        const r = has
          ? await api.wishlist.remove({ params: { productId } })
          : await api.wishlist.add({ params: { productId }, body: options });
        client.setQueryData(shopperQueries.wishlistIds().queryKey, r.ids);
        void client.invalidateQueries({ queryKey: shopperKeys.wishlist.pages });
      } catch (e) {
        notify.error(errorMessage(e));
      }
    },
    [client, has, loggedIn, productId],
  );
  return [has, toggle];
}

/**
 * A login from one of the login pages: the session starts (the guest cart merged), and the guest's wishlist goes
 * to the account too (kept here, not in session-actions, which every page loads to log out).
 */
export async function startShopperSession(user: User, token: string): Promise<void> {
  await startSession(user, token);
  await mergeGuestWishlist();
}
