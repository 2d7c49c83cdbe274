import { ProductPage } from '../../features/catalog/product-page';

export const Component = ProductPage;
