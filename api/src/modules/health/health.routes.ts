import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { migrations } from '../../db/migrations/index';
import { AppError } from '../../errors';
import { access } from '../../lib/access';
import { doneMigrations } from './health.repository';

export function healthRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  /** Liveness: the process answers. */
  r.get('/health', access.public, (c) => c.json({ flag: 1, msg: 'ok', status: 'ok' }));
  /** Readiness: the database answers and every migration has run. */
  r.get('/ready', access.public, async (c) => {
    try {
      const done = await doneMigrations(c.var.db);
      const pending = Object.keys(migrations).filter((m) => !done.has(m));
      if (pending.length)
        throw new AppError(503, 'not_ready', `Database migrations pending: ${pending.join(', ')}`);
      return c.json({ flag: 1, msg: 'ready', status: 'ready' });
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError(503, 'not_ready', 'The database is not reachable.');
    }
  });
  return r;
}
