import { StorePage } from '../../features/catalog/store-page';

export const Component = StorePage;
