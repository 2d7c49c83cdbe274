import type { SeedDeps } from '../db/seed/seed-catalog';
import { searchEngine } from '../modules/search/search-engine';
import { pictureStore } from './images';
import type { Storage } from './storage';

/** What the seed needs besides the database: the shop's picture storage and its search index. */
export function seedDeps(storage: Storage): SeedDeps {
  return {
    storePicture: pictureStore(storage),
    indexProducts: (trx, ids) => searchEngine.indexProducts(trx, ids),
    indexLoader: (db) => searchEngine.bulkLoader(db),
  };
}
