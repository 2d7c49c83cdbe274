import type { User } from '@voltcart/shared';
import { api } from '../lib/api';
import { useCart } from './cart-store';
import { useSession } from './session-store';

/** Login or register succeeded: keep the session, then merge the guest cart into the server cart. */
export async function startSession(user: User, token: string): Promise<void> {
  useSession.getState().setUser(user, token);
  await useCart.getState().mergeIntoServer();
}

/**
 * LOG OUT: the server ends this session (the shopper's other devices stay logged in; with `everywhere`, every
 * session of the account ends), the session is cleared and the cart emptied (the next person at this browser
 * finds neither). Resolves with whether
 * the server confirmed it.
 */
export async function endSession(opts: { everywhere?: boolean } = {}): Promise<boolean> {
  const hadToken = Boolean(useSession.getState().userToken);
  const revoke = hadToken
    ? (opts.everywhere ? api.user.logoutEverywhere() : api.user.logout()).then(
        () => true,
        () => false,
      )
    : Promise.resolve(true);
  // Clear locally once the request carries the token, so the shopper is logged out even offline.
  const confirmed = await Promise.race([
    revoke,
    new Promise<boolean>((r) => setTimeout(() => r(false), 1500)),
  ]);
  useSession.getState().clear();
  await useCart.getState().empty();
  return confirmed;
}

/**
 * The signed-in shopper's account afresh (saved addresses); a failure keeps the copy already here. A reply
 * that arrives after the account changed here meanwhile (an address added or deleted) is older than what
 * the page shows, so it is not applied.
 */
export async function refreshUser(): Promise<boolean> {
  if (!useSession.getState().userToken) return false;
  const before = useSession.getState().data;
  try {
    const { user } = await api.user.me();
    if (useSession.getState().data === before) useSession.getState().updateUser(user);
    return true;
  } catch {
    return false;
  }
}

/** On start-up with a stored session: refresh the user and reload the server cart (a 401 clears the session). */
export async function refreshSession(): Promise<void> {
  if (await refreshUser()) await useCart.getState().loadFromServer();
}
