import { WishlistPage } from '../../features/catalog/wishlist-page';

export const Component = WishlistPage;
