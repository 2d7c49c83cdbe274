import { compareQuery, contract } from '@voltcart/shared';
import { cached, resource } from '../../lib/routes';
import { compareProducts } from './compare.service';

const api = contract.compare;

export function compareRoutes() {
  const { app, on } = resource('/compare');
  // Public catalogue data: answered from the catalogue cache like the product pages.
  on(api.get, { query: compareQuery }, async (c, { query }) =>
    cached(c, api.get, async () => ({ products: await compareProducts(c.var.readDb, query.ids) })),
  );
  return app;
}
