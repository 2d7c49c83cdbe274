import { contract, lowStockThresholdBody, stockMovementsQuery } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import { lowStockList, setVariantThreshold } from './low-stock.service';
import { checkStock, listMovements } from './stock-ledger.service';

/** The stock ledger (read-only): a product's trail and the reconciliation check; the low-stock list and thresholds. */
export function stockRoutes() {
  const { app, on } = resource('/stock');
  on(contract.stock.movements, { query: stockMovementsQuery }, async (c, { query }) => ({
    msg: 'Stock trail.',
    ...(await listMovements(c.var.db, idParam(c, 'id', 'Product'), query)),
  }));
  on(contract.stock.check, async (c) => {
    const r = await checkStock(c.var.db);
    return {
      msg: r.mismatches.length
        ? `${r.mismatches.length} of ${r.checked} variants differ from their stock ledger.`
        : `All ${r.checked} variants agree with their stock ledger.`,
      ...r,
    };
  });
  on(contract.stock.low, async (c) => {
    const r = await lowStockList(c.var.db);
    return { msg: r.total ? `${r.total} variants are low on stock.` : 'No variant is low on stock.', ...r };
  });
  on(contract.stock.threshold, { body: lowStockThresholdBody }, async (c, input) => {
    const { threshold } = await input.body();
    const r = await setVariantThreshold(c.var.db, actorOf(c), idParam(c, 'id', 'Variant'), threshold);
    return {
      msg:
        r.ownThreshold === null
          ? `Low-stock threshold saved: the shop's (${r.threshold} units).`
          : `Low-stock threshold saved: ${r.threshold} units.`,
      ...r,
    };
  });
  return app;
}
