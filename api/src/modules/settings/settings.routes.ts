import { contract, isShopPage, settingsBody, shopPageBody } from '@voltcart/shared';
import { badRequest, notFound } from '../../errors';
import { isAdmin } from '../../lib/access';
import { cached, resource } from '../../lib/routes';
import { jsonOrFormBody } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import { getShopSettings, SETTINGS_MESSAGES, saveShopSettings } from './settings.service';
import { getShopPage, saveShopPage } from './shop-pages.service';

const api = contract.settings;

export function settingsRoutes() {
  const { app, on } = resource('/settings');

  // Read on every storefront page: answered from the catalogue cache (lib/cache.ts), invalidated on save. Admins
  // (never cached) also get the back office's own settings, read from the primary.
  on(api.get, async (c) =>
    cached(c, api.get, async () => {
      const settings = await getShopSettings(isAdmin(c) ? c.var.db : c.var.readDb, c.var.config, {
        admin: isAdmin(c),
      });
      // The EMI figure is the gateway's to back: its plans, asked only when staff offer EMI.
      const payments = c.var.payments;
      if (settings.emiEnabled && payments) settings.emiPlans = await payments.emiPlans();
      return { settings };
    }),
  );

  on(api.update, { body: settingsBody }, async (c, input) => {
    const changes = await input.body(await jsonOrFormBody(c));
    if (Object.values(changes).every((v) => v === undefined))
      throw badRequest(SETTINGS_MESSAGES.nothingToChange);
    const settings = await saveShopSettings(c.var.db, c.var.config, actorOf(c), changes);
    await c.var.catalogCache.invalidate(c.var.db);
    // The free-shipping threshold is one of them: the pincode check sees it at once.
    c.var.deliveryConfig.clear();
    return { msg: SETTINGS_MESSAGES.saved, settings };
  });

  // The shop's pages, read by their storefront pages: cached like the settings, invalidated on save.
  on(api.page, async (c) => {
    const slug = c.req.param('slug') ?? '';
    if (!isShopPage(slug)) throw notFound('Page');
    return cached(c, api.page, async () => ({ page: await getShopPage(c.var.readDb, c.var.config, slug) }));
  });

  on(api.savePage, { body: shopPageBody }, async (c, input) => {
    const slug = c.req.param('slug') ?? '';
    if (!isShopPage(slug)) throw notFound('Page');
    const page = await saveShopPage(c.var.db, c.var.config, actorOf(c), slug, await input.body());
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: 'Page saved.', page };
  });

  return app;
}
