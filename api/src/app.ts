import { Hono } from 'hono';
import type { AppEnv, Deps, Services } from './app-env';
import type { Config } from './config';
import type { Db } from './db/connection';
import { toErrorResponse } from './errors';
import { Tokens } from './lib/auth';
import { CatalogCache } from './lib/cache';
import { KeptValue } from './lib/kept-value';
import { createLogger, type Logger } from './lib/logger';
import type { Storage } from './lib/storage';
import { bodyLimits } from './middleware/body-limit';
import { withCatalogCache } from './middleware/catalog-cache';
import { compress } from './middleware/compress';
import { corsPolicy } from './middleware/cors';
import { deadline } from './middleware/deadline';
import { dependencies } from './middleware/dependencies';
import { requestId } from './middleware/request-id';
import { requestLog, requestLogger } from './middleware/request-log';
import { SECURITY_HEADERS, securityHeaders } from './middleware/security-headers';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { catalogBulkRoutes } from './modules/catalog-bulk/catalog-bulk.routes';
import { catalogCsvRoutes } from './modules/catalog-csv/catalog-csv.routes';
import { categoryRoutes } from './modules/category/category.routes';
import { codRoutes } from './modules/cod/cod.routes';
import { colorRoutes } from './modules/color/color.routes';
import { compareRoutes } from './modules/compare/compare.routes';
import { addressReviewRoutes } from './modules/customer/address-review.routes';
import { customerRoutes } from './modules/customer/customer.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { gstExportRoutes } from './modules/invoice/gst-export.routes';
import { taxRoutes } from './modules/invoice/invoice.routes';
import { serialRoutes } from './modules/invoice/serials.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { orderRoutes } from './modules/order/order.routes';
import { productRoutes } from './modules/product/product.routes';
import { promotionRoutes, quoteRoutes } from './modules/promotion/promotion.routes';
import { reminderRoutes } from './modules/reminder/reminder.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { orderReturnRoutes, returnsRoutes } from './modules/returns/returns.routes';
import { productReviewRoutes, reviewRoutes, staffReviewRoutes } from './modules/review/review.routes';
import { searchRoutes } from './modules/search/search.routes';
import type { SearchEngine } from './modules/search/search-engine';
import { settingsRoutes } from './modules/settings/settings.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { staffStockAlertRoutes, stockAlertRoutes } from './modules/stock-alert/stock-alert.routes';
import { userRoutes } from './modules/user/user.routes';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';

export interface AppOptions {
  db: Db;
  /** Catalogue reads: one database, or a chooser called once per request (read replicas in rotation). */
  readDb?: Db | (() => Db);
  config: Config;
  storage: Storage;
  /** The product search index (MariaDbSearch where the app is assembled). */
  search: SearchEngine;
  logger?: Logger;
  /** What createServices made (payments, courier), available as `c.var.<name>`. */
  services?: Partial<Services>;
}

/** Builds the whole API. It never listens: server.ts does, tests call `app.request()`. */
export function createApp(opts: AppOptions) {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const pickReadDb = typeof opts.readDb === 'function' ? opts.readDb : null;
  const deps = createDeps(opts, logger, pickReadDb);
  const cors = corsPolicy(config.CORS_ORIGINS);
  const log = requestLogger(logger, config.METRICS_ENABLED);

  const app = new Hono<AppEnv>({ strict: false });
  app.use(dependencies(deps, pickReadDb));
  app.use(requestId());
  app.use(requestLog(log));
  app.use(securityHeaders());
  app.use(cors.middleware);
  app.use(compress());
  app.use(bodyLimits(config.MAX_UPLOAD_MB));
  app.use(deadline(logger));

  if (config.METRICS_ENABLED) app.route('/', metricsRoutes());
  app.route('/', healthRoutes());
  app.route('/admin/users', customerRoutes());
  app.route('/admin/addresses', addressReviewRoutes());
  app.route('/admin', adminRoutes());
  app.route('/admin', staffRoutes());
  app.route('/admin', auditRoutes());
  app.route('/user', userRoutes());
  app.route('/user', accountRoutes());
  app.route('/user', reminderRoutes());
  app.route('/catalog', catalogRoutes());
  app.route('/category', categoryRoutes());
  app.route('/color', colorRoutes());
  app.route('/product', productRoutes());
  app.route('/product', productReviewRoutes());
  app.route('/review', reviewRoutes());
  app.route('/admin/reviews', staffReviewRoutes());
  app.route('/wishlist', wishlistRoutes());
  app.route('/stock-alerts', stockAlertRoutes());
  app.route('/compare', compareRoutes());
  app.route('/admin/stock-alerts', staffStockAlertRoutes());
  app.route('/search', searchRoutes());
  app.route('/catalog/products', catalogBulkRoutes());
  app.route('/catalog', catalogCsvRoutes());
  app.route('/cart', cartRoutes());
  app.route('/cart', quoteRoutes());
  app.route('/promotion', promotionRoutes());
  app.route('/order', orderRoutes());
  app.route('/order', orderReturnRoutes());
  app.route('/returns', returnsRoutes());
  app.route('/newsletter', newsletterRoutes());
  app.route('/settings', settingsRoutes());
  app.route('/delivery', deliveryRoutes());
  app.route('/settings/tax', taxRoutes());
  app.route('/reports/gst', gstExportRoutes());
  app.route('/', serialRoutes());
  app.route('/stock', stockRoutes());
  app.route('/reports', reportsRoutes());
  app.route('/cod', codRoutes());
  app.route('/images', imagesRoutes());

  app.notFound((c) =>
    c.json({ flag: 0, msg: `No such API route: ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404),
  );
  app.onError((err, c) => {
    const { status, body, headers, log } = toErrorResponse(err);
    if (log) logger[log.level](log.msg, { requestId: c.var.requestId, path: c.req.path, ...log.fields });
    return c.json(body, status, headers);
  });

  // Kept catalogue answers bypass everything above (see middleware/catalog-cache.ts).
  return withCatalogCache(app, { cache: deps.catalogCache, cors, log });
}

/** What every handler finds in `c.var`: the options, the token signer and the catalogue cache, and the services. */
function createDeps(opts: AppOptions, logger: Logger, pickReadDb: (() => Db) | null): Deps {
  const { config } = opts;
  const readDb = (typeof opts.readDb === 'function' ? undefined : opts.readDb) ?? opts.db;
  return {
    db: opts.db,
    readDb,
    config,
    storage: opts.storage,
    search: opts.search,
    logger,
    tokens: new Tokens(config.JWT_SECRET, {
      admin: config.ADMIN_TOKEN_TTL,
      customer: config.CUSTOMER_TOKEN_TTL,
    }),
    catalogCache: new CatalogCache({
      ttlMs: config.CATALOG_CACHE_SECONDS * 1000,
      versionDb: pickReadDb ?? (() => readDb),
      fixedHeaders: SECURITY_HEADERS,
    }),
    deliveryConfig: new KeptValue(config.CATALOG_CACHE_SECONDS * 1000),
    ...opts.services,
  };
}

export type App = ReturnType<typeof createApp>;
