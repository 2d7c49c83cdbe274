import type { User } from '@voltcart/shared';
import { api } from '../lib/api';
import { useCart } from './cart-store';
import { useSession } from './session-store';

/** Login or register succeeded: keep the session, then merge the guest cart into the server cart. */
export async function startSession(user: User, token: string): Promise<void> {
  useSession.getState().setUser(user, token);
  await useCart.getState().mergeIntoServer();
}

/** LOG OUT: the server revokes the tokens, the session is cleared and the cart emptied (seed §4). */
export async function endSession(): Promise<void> {
  const hadToken = Boolean(useSession.getState().userToken);
  const revoke = hadToken ? api.user.logout().catch(() => undefined) : Promise.resolve();
  // Clear locally once the request carries the token, so the shopper is logged out even offline.
  await Promise.race([revoke, new Promise((r) => setTimeout(r, 1500))]);
  useSession.getState().clear();
  await useCart.getState().empty();
}

/** The signed-in shopper's account afresh (saved addresses); a failure keeps the copy already here. */
export async function refreshUser(): Promise<boolean> {
  if (!useSession.getState().userToken) return false;
  try {
    const { user } = await api.user.me();
    useSession.getState().updateUser(user);
    return true;
  } catch {
    return false;
  }
}

/** On start-up with a stored session: refresh the user and reload the server cart (a 401 clears the session). */
export async function refreshSession(): Promise<void> {
  if (await refreshUser()) await useCart.getState().loadFromServer();
}
