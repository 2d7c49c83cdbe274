import { OrderPage } from '../../features/checkout/order-page';

export const Component = OrderPage;
