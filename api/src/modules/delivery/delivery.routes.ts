import { contract, pincodeQuery, shippingSettingsBody, toPaise } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { checkPincode, getShippingSettings, saveShippingSettings } from './delivery.service';

const api = contract.delivery;

export function deliveryRoutes() {
  const { app, on } = resource('/delivery');

  // The answer is not cached: the estimate moves with the clock (the daily cut-off), and the lookup is in memory.
  // The zones and settings it reads are, for CATALOG_CACHE_SECONDS (no stock, no prices among them).
  on(api.pincode, { query: pincodeQuery }, async (c, input) => ({
    delivery: await checkPincode(
      c.var.readDb,
      c.var.config,
      c.req.param('pincode') ?? '',
      {
        amountPaise: input.query.amount === undefined ? undefined : toPaise(input.query.amount),
        weightGrams: input.query.weight,
      },
      new Date(),
      c.var.deliveryConfig,
    ),
  }));

  on(api.settings, async (c) => ({ shipping: await getShippingSettings(c.var.db, c.var.config) }));

  on(api.saveSettings, { body: shippingSettingsBody }, async (c, input) => {
    const shipping = await saveShippingSettings(c.var.db, c.var.config, actorOf(c), await input.body());
    c.var.deliveryConfig.clear();
    // The shop settings (cached) carry the zones' free-shipping thresholds that pages claim.
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: 'Shipping settings saved.', shipping };
  });

  return app;
}
