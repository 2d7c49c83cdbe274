import { codRemittanceBody, codRemittancesQuery, contract } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { codDue, listRemittances, recordRemittance } from './cod.service';

const api = contract.cod;

/** COD remittances: what couriers still owe per carrier, and the remittances staff record. */
export function codRoutes() {
  const { app, on } = resource('/cod');
  on(api.due, async (c) => ({ msg: 'Cash on delivery still to collect.', ...(await codDue(c.var.db)) }));
  on(api.remittances, { query: codRemittancesQuery }, async (c, { query }) => ({
    msg: 'COD remittances.',
    ...(await listRemittances(c.var.db, query)),
  }));
  on(api.record, { body: codRemittanceBody }, async (c, input) => {
    const remittance = await recordRemittance(c.var.db, actorOf(c), await input.body());
    return {
      msg: `Remittance recorded: ${remittance.orders} order${remittance.orders === 1 ? '' : 's'} settled.`,
      remittance,
    };
  });
  return app;
}
