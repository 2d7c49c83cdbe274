import { ComparePage } from '../../features/catalog/compare-page';

export const Component = ComparePage;
