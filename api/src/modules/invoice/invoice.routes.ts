import { categoryTaxBody, contract, taxSettingsBody } from '@voltcart/shared';
import { notFound } from '../../errors';
import { resource } from '../../lib/routes';
import { actorOf } from '../audit/audit.service';
import { saveCategoryTax, saveTaxSettings, taxSettingsReply } from './invoice.service';

const api = contract.tax;

/** GST settings of the back office (the invoice PDF is served under /order: see order.routes.ts). */
export function taxRoutes() {
  const { app, on } = resource('/settings/tax');

  on(api.get, async (c) => ({ msg: 'Tax settings.', ...(await taxSettingsReply(c.var.db, c.var.config)) }));

  on(api.update, { body: taxSettingsBody }, async (c, input) => ({
    msg: 'Tax settings saved.',
    ...(await saveTaxSettings(c.var.db, c.var.config, actorOf(c), await input.body())),
  }));

  on(api.setCategory, { body: categoryTaxBody }, async (c, input) => {
    const id = Number(input.params.categoryId);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound('Category');
    return {
      msg: 'Category tax saved.',
      ...(await saveCategoryTax(c.var.db, c.var.config, actorOf(c), id, await input.body())),
    };
  });

  return app;
}
