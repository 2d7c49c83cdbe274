import { contract, generateCodesBody, promotionBody, quoteBody } from '@voltcart/shared';
import { stringify } from 'csv-stringify/sync';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { guardOf } from '../../lib/access';
import { authenticate, bearer } from '../../lib/auth';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import * as promotions from './promotion.service';
import { quoteCart } from './quote.service';

const api = contract.promotion;
const M = promotions.PROMOTION_STAFF_MESSAGES;

/** Staff CRUD of discount codes and automatic offers, code generation and export, and the running deals. */
export function promotionRoutes() {
  const { app, on } = resource('/promotion');

  on(api.list, async (c) => ({ promotions: await promotions.listPromotions(c.var.db) }));

  // Product cards and pages name the running offers: a change to one drops the kept catalogue answers.
  on(api.create, { body: promotionBody }, async (c, input) => {
    const promotion = await promotions.createPromotion(c.var.db, await input.body());
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.created, promotion };
  });

  // Before `/:id`: a public read of what runs now (never cached: a deal's end is a moment).
  on(api.deals, async (c) => ({ deals: await promotions.runningDeals(c.var.readDb) }));

  on(api.get, async (c) => ({
    promotion: await promotions.getPromotion(c.var.db, idParam(c, 'id', 'Discount')),
  }));

  on(api.update, { body: promotionBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Discount');
    const promotion = await promotions.updatePromotion(c.var.db, id, await input.body());
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.updated, promotion };
  });

  on(api.remove, async (c) => {
    await promotions.deletePromotion(c.var.db, idParam(c, 'id', 'Discount'));
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.deleted };
  });

  on(api.generate, { body: generateCodesBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Discount');
    const { codes, promotion } = await promotions.generateCodes(c.var.db, id, await input.body());
    return { msg: M.generated(codes.length), generated: codes.length, codes, promotion };
  });

  // Every code of a discount as CSV (a campaign's 1,000 single-use codes): outside the JSON contract.
  app.get('/:id/codes.csv', guardOf({ access: 'admin', permission: 'promotions.write' }), async (c) => {
    const { promotion, codes } = await promotions.codesForExport(c.var.db, idParam(c, 'id', 'Discount'));
    const csv = stringify(
      codes.map((r) => [
        r.code,
        r.generated ? 'generated' : 'typed',
        r.max_uses ?? '',
        Number(r.uses),
        r.max_uses !== null && Number(r.uses) >= r.max_uses ? 'yes' : 'no',
        r.created_at.toISOString(),
      ]),
      { header: true, columns: ['code', 'source', 'max_uses', 'uses', 'used_up', 'created_at'] },
    );
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="voltcart-codes-${promotion.id}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });

  return app;
}

/** The shopper behind a public call, when a valid customer token came with it (guests: null). */
async function shopperOf(c: Context<AppEnv>): Promise<number | null> {
  const token = bearer(c.req.header('authorization'));
  if (!token) return null;
  const principal = await authenticate(c.var.db, c.var.tokens, 'customer', token).catch(() => null);
  return principal && !principal.pending ? principal.id : null;
}

/** `POST /cart/quote`: a cart priced as checkout would price it now (guests too). */
export function quoteRoutes() {
  const { app, on } = resource('/cart');
  on(contract.cart.quote, { body: quoteBody }, async (c, input) => {
    const body = await input.body();
    const quote = await quoteCart(c.var.db, c.var.config, await shopperOf(c), body);
    return { msg: quote.code?.reason ?? 'Your cart is priced.', ...quote };
  });
  return app;
}
