import type { SeedDeps } from '../db/seed/seed-catalog';
import type { MariaDbSearch } from '../modules/search/search-engine';
import { pictureStore } from './images';
import type { Storage } from './storage';

/** What the seed needs besides the database: the shop's picture storage and its search index. */
export function seedDeps(storage: Storage, search: MariaDbSearch): SeedDeps {
  return {
    storePicture: pictureStore(storage),
    indexProducts: (trx, ids) => search.indexProducts(trx, ids),
    indexLoader: (db) => search.bulkLoader(db),
  };
}
