// Covers: the app implements exactly the contract (packages/shared/src/contract): every route of the contract is
// registered with its method, path, access level and permission, and nothing else is registered but the binary routes that
// stay outside it (pictures under /images, the invoice, packing-slip and courier label PDFs, the catalogue CSV export, the reports' CSV exports, a discount's codes as CSV, and /metrics
// when metrics are on).
import { type AnyRoute, contract } from '@voltcart/shared';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/connection';
import { createLogger } from '../src/lib/logger';
import { routeTable } from '../src/lib/route-table';
import { LocalStorage } from '../src/lib/storage';
import { MariaDbSearch } from '../src/modules/search/search-engine';

/** Routes that are not JSON and so not in the contract, with their access levels. */
const OUTSIDE_THE_CONTRACT = [
  'GET /images/product/sm/:file public',
  'GET /images/product/:file public',
  'GET /images/categories/:file public',
  'GET /images/returns/:file public',
  'GET /order/:orderId/invoice account orders.read',
  'GET /order/packing-slips admin orders.read',
  'GET /order/:orderId/courier/label admin orders.read',
  'GET /catalog/export admin catalog.read',
  'GET /reports/gst/sales-register admin reports.read',
  'GET /reports/gst/gstr1 admin reports.read',
  'GET /reports/gst/eway-bills admin reports.read',
  'GET /reports/gst/gstr1/:section admin reports.read',
  'GET /reports/sales.csv admin reports.read',
  'GET /promotion/:id/codes.csv admin promotions.write',
];
const METRICS = 'GET /metrics public';

/** The app's route table as `METHOD /path access`, built without a database (createApp never queries while wiring). */
function registered(metrics: boolean): string[] {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'r'.repeat(40),
    UPLOAD_DIR: 'unused-uploads',
    METRICS_ENABLED: String(metrics),
  });
  const app = createApp({
    db: {} as Db,
    config,
    storage: new LocalStorage('unused-uploads'),
    search: new MariaDbSearch(),
    logger: createLogger('silent'),
  });
  return routeTable(app).map(
    (r) => `${r.method} ${r.path} ${r.access}${r.permission ? ` ${r.permission}` : ''}`,
  );
}

const contractRoutes = Object.values(contract).flatMap((routes) =>
  Object.values(routes as Record<string, AnyRoute>).map(
    (d) => `${d.method} ${d.path} ${d.access}${d.permission ? ` ${d.permission}` : ''}`,
  ),
);

describe('route table', () => {
  it('is the contract, plus the picture routes', () => {
    expect(registered(false).sort()).toEqual([...contractRoutes, ...OUTSIDE_THE_CONTRACT].sort());
  });

  it('adds /metrics (public: the balancer keeps it from the public) when metrics are on', () => {
    expect(registered(true).sort()).toEqual([...contractRoutes, ...OUTSIDE_THE_CONTRACT, METRICS].sort());
  });
});
