import { contract, productIdsQuery } from '@voltcart/shared';
import { catalogDb, resource } from '../../lib/routes';
import * as catalog from './catalog.service';

const api = contract.catalog;

/** Reads for the storefront server: the catalogue's version (its page cache) and the sitemap's product ids. */
export function catalogRoutes() {
  const { app, on } = resource('/catalog');

  // Never from the catalogue cache: the version is what tells that cache's readers it is out of date.
  on(api.version, async (c) => ({ version: await catalog.catalogVersion(c.var.db) }));

  on(api.productIds, { query: productIdsQuery }, async (c, input) =>
    catalog.productIds(catalogDb(c), input.query),
  );

  return app;
}
