import { CartPage } from '../../features/cart/cart-page';

export const Component = CartPage;
