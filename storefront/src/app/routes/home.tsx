import { HomePage } from '../../features/catalog/home-page';

export const Component = HomePage;
