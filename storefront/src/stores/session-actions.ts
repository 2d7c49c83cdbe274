import type { User } from '@voltcart/shared';
import { loadApi } from '../lib/load-api';
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
  const revoke = hadToken
    ? loadApi()
        .then((api) => api.user.logout())
        .catch(() => undefined)
    : Promise.resolve();
  // Clear locally once the request carries the token, so the shopper is logged out even offline.
  await Promise.race([revoke, new Promise((r) => setTimeout(r, 1500))]);
  useSession.getState().clear();
  await useCart.getState().empty();
}

/** On start-up with a stored session: refresh the user and reload the server cart (a 401 clears the session). */
export async function refreshSession(): Promise<void> {
  if (!useSession.getState().userToken) return;
  try {
    const user = await (await loadApi()).user.me();
    useSession.getState().updateUser(user);
  } catch {
    return;
  }
  await useCart.getState().loadFromServer();
}
