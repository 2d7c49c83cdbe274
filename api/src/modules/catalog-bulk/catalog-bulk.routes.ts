import { contract, productBulkBody } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { releaseStockAlerts } from '../stock-alert/stock-alert.service';
import { BULK_MESSAGES, bulkProducts } from './catalog-bulk.service';

const api = contract.catalogCsv;

/** Bulk actions on chosen products (back office lists). */
export function catalogBulkRoutes() {
  const { app, on } = resource('/catalog/products');

  on(api.bulk, { body: productBulkBody }, async (c, input) => {
    const body = await input.body();
    const { changed } = await bulkProducts(c.var, actorOf(c), body);
    await c.var.catalogCache.invalidate(c.var.db);
    await releaseStockAlerts(c.var);
    return { msg: BULK_MESSAGES.done(body.action, changed), changed };
  });

  return app;
}
