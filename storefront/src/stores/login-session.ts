import type { User } from '@voltcart/shared';
import { mergeGuestWishlist } from '../lib/wishlist';
import { startSession } from './session-actions';

/**
 * A login from one of the login pages: the session starts (the guest cart merged), and the guest's wishlist goes
 * to the account too. Kept apart from session-actions, which every page loads (log out), so that the wishlist's
 * code loads with the login pages only.
 */
export async function startShopperSession(user: User, token: string): Promise<void> {
  await startSession(user, token);
  await mergeGuestWishlist();
}
