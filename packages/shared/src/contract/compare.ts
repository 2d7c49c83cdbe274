import type { compareQuery } from '../schemas/compare';
import type { Product } from '../types';
import { route } from './define';

/**
 * Products side by side (the storefront's /compare): up to 4 of one category, in the order asked. Products of two
 * categories are refused (400 `not_comparable`, naming each product's category); an unknown one is 404.
 */
export const compare = {
  get: route('GET /compare', 'public').query<typeof compareQuery>().reply<{ products: Product[] }>(),
};
