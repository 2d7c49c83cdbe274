import { ShopPageView } from '../../features/shop-pages/shop-page';

export const Component = ShopPageView;
