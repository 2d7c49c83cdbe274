import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { badRequest } from '../../errors';
import { access } from '../../lib/access';
import { catalogCache } from '../../lib/cache';
import { formBody, jsonBody, parse } from '../../lib/validate';
import { getShopSettings, SETTINGS_MESSAGES, saveShopSettings, settingsBody } from './settings.service';

const readBody = (c: Context) =>
  /multipart\/form-data|x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')
    ? formBody(c)
    : jsonBody(c);

export function settingsRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  // Read on every storefront page: answered from the catalogue cache (lib/cache.ts), invalidated on save.
  r.get('/', access.public, (c) =>
    catalogCache(c).respond(c, async () => ({
      flag: 1,
      msg: 'OK',
      settings: await getShopSettings(c.var.readDb, c.var.config),
    })),
  );

  r.put('/', access.admin, async (c) => {
    const input = parse(settingsBody, await readBody(c));
    if (input.shopName === undefined && input.freeShippingThreshold === undefined)
      throw badRequest(SETTINGS_MESSAGES.nothingToChange);
    const settings = await saveShopSettings(c.var.db, c.var.config, input);
    await catalogCache(c).invalidate(c.var.db);
    return c.json({ flag: 1, msg: SETTINGS_MESSAGES.saved, settings });
  });

  return r;
}
