import { contract, stockAlertBody } from '@voltcart/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { authenticate, bearer } from '../../lib/auth';
import { replyWith, resource } from '../../lib/routes';
import * as alerts from './stock-alert.service';

const api = contract.stockAlert;

/** The logged-in shopper on a public route (their own address is the default), or null for a guest. */
async function shopperOf(c: Context<AppEnv>): Promise<{ id: number; email: string } | null> {
  const token = bearer(c.req.header('authorization'));
  if (!token) return null;
  const p = await authenticate(c.var.db, c.var.tokens, 'customer', token).catch(() => null);
  if (!p) return null;
  const u = await c.var.db.selectFrom('users').select('email').where('id', '=', p.id).executeTakeFirst();
  return u ? { id: p.id, email: u.email } : null;
}

export function stockAlertRoutes() {
  const { app, on } = resource('/stock-alerts');
  on(api.create, { body: stockAlertBody }, async (c, input) => {
    const body = await input.body();
    const { created, msg } = await alerts.requestAlert(c.var.db, body, await shopperOf(c));
    return replyWith(c, api.create, { msg, waiting: true }, created ? 201 : 200);
  });
  return app;
}

export function staffStockAlertRoutes() {
  const { app, on } = resource('/admin/stock-alerts');
  on(api.waiting, async (c) => ({
    msg: alerts.STOCK_ALERT_MESSAGES.loaded,
    ...(await alerts.waitingVariants(c.var.db)),
  }));
  return app;
}
