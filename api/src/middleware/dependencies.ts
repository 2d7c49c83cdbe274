import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../app-env';
import type { Db } from '../db/connection';

/**
 * Makes the app's dependencies `c.var.<name>` for every request (createApp's options and services).
 * - `pickReadDb`, when given, chooses the request's catalogue database (read replicas in rotation), once per request
 */
export function dependencies(deps: Deps, pickReadDb: (() => Db) | null) {
  const entries = Object.entries(deps) as [keyof Deps, unknown][];
  return createMiddleware<AppEnv>(async (c, next) => {
    for (const [k, v] of entries) c.set(k, v as never);
    if (pickReadDb) c.set('readDb', pickReadDb());
    await next();
  });
}
