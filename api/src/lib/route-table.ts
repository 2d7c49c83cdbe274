import type { Permission } from '@voltcart/shared';
import type { Hono } from 'hono';
import { ACCESS, type AccessLevel, PERMISSION } from './access';

export interface RouteEntry {
  method: string;
  path: string;
  /** The level declared by the route's first handler, or null when the route declares none. */
  access: AccessLevel | null;
  /** The permission a staff token needs, when the route declares one. */
  permission?: Permission;
}

// Hono wraps the handlers of a sub-app that has its own error handler and keeps the original under this key
// (hono/utils/constants COMPOSED_HANDLER, not part of the package's public exports).
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

type AnyHandler = ((...args: never[]) => unknown) & {
  [ACCESS]?: AccessLevel;
  [PERMISSION]?: Permission;
  [COMPOSED_HANDLER]?: AnyHandler;
};

/** The handler tagged with an access level (looking through Hono's sub-app wrapper), if any. */
function tagged(handler: unknown): AnyHandler | null {
  let h = handler as AnyHandler | undefined;
  for (let depth = 0; h && depth < 5; depth++) {
    if (h[ACCESS]) return h;
    h = h[COMPOSED_HANDLER];
  }
  return null;
}

/** The access level a handler was tagged with (looking through Hono's sub-app wrapper), or null. */
export function accessOf(handler: unknown): AccessLevel | null {
  return tagged(handler)?.[ACCESS] ?? null;
}

/**
 * Every route of an app with the access level it declares, in registration order.
 * - `app.use()` middleware (method ALL) is not a route and is skipped; so are `app.all()` routes,
 *   which only the health checks could need and none use
 * - each method + path appears once: its first registered handler must be an `access.*` tag
 *   (a route whose first handler is anything else reports `access: null`)
 * - GET routes also answer HEAD (Hono does that itself), so HEAD is not listed separately
 */
export function routeTable(app: Pick<Hono, 'routes'>): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    const permission = tagged(r.handler)?.[PERMISSION];
    seen.set(key, {
      method: r.method,
      path: r.path,
      access: accessOf(r.handler),
      ...(permission ? { permission } : {}),
    });
  }
  return [...seen.values()];
}

/** Routes that declare no access level: must be empty (a test fails otherwise). */
export function undeclaredRoutes(app: Pick<Hono, 'routes'>): RouteEntry[] {
  return routeTable(app).filter((r) => r.access === null);
}
