import { contract, orderSerialsBody, serialSearchQuery } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { visibleOrderId } from '../order/order-shopper.service';
import { lineSerials, saveSerials, searchSerials } from './serials.service';

const api = contract.serials;

/** Serial numbers (IMEI) of an order's units: read and recorded per order, found by search (staff). */
export function serialRoutes() {
  const { app, on } = resource('');

  on(api.get, async (c, input) => {
    const id = await visibleOrderId(c.var.db, input.params.orderId!, c.var.principal!);
    return { msg: 'Serial numbers.', lines: await lineSerials(c.var.db, id) };
  });

  on(api.set, { body: orderSerialsBody }, async (c, input) => {
    const publicId = input.params.orderId!;
    const id = await visibleOrderId(c.var.db, publicId, c.var.principal!);
    const { lines } = await input.body();
    return {
      msg: 'Serial numbers saved.',
      lines: await saveSerials(c.var.db, actorOf(c), { id, publicId }, lines),
    };
  });

  on(api.search, { query: serialSearchQuery }, async (c, input) => {
    const { q } = input.query;
    return { msg: 'Serial numbers found.', matches: await searchSerials(c.var.db, q) };
  });

  return app;
}
