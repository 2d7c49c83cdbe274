import { contract, stockMovementsQuery } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { checkStock, listMovements } from './stock-ledger.service';

/** The stock ledger (read-only): a product's trail and the reconciliation check. */
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
  return app;
}
