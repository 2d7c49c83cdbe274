import { contract } from '@voltcart/shared';
import { migrations } from '../../db/migrations/index';
import { AppError } from '../../errors';
import { resource } from '../../lib/routes';
import { doneMigrations } from './health.repository';

const api = contract.health;

export function healthRoutes() {
  // Mounted at the root: the paths are the contract's own.
  const { app, on } = resource('');

  /** Liveness: the process answers. */
  on(api.live, async () => ({ msg: 'ok', status: 'ok' }));

  /** Readiness: the database answers and every migration has run. */
  on(api.ready, async (c) => {
    try {
      const done = await doneMigrations(c.var.db);
      const pending = Object.keys(migrations).filter((m) => !done.has(m));
      if (pending.length)
        throw new AppError(503, 'not_ready', `Database migrations pending: ${pending.join(', ')}`);
      return { msg: 'ready', status: 'ready' };
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError(503, 'not_ready', 'The database is not reachable.');
    }
  });

  return app;
}
