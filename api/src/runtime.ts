import { createApp } from './app';
import type { Config } from './config';
import { type Db, migrateDatabase, openPool } from './db/connection';
import { dbOverPool, ReadRouter } from './db/pools';
import { createLogger, type Logger } from './lib/logger';
import { watchPool, watchReplica } from './lib/metrics';
import { LocalStorage, type Storage } from './lib/storage';
import { MariaDbSearch } from './modules/search/search-engine';

export interface Runtime {
  app: ReturnType<typeof createApp>;
  db: Db;
  /** Routes catalogue reads over DATABASE_REPLICA_URLS (falls back to the primary). */
  reads: ReadRouter;
  storage: Storage;
  logger: Logger;
  /** Background jobs started by the services (e.g. the unpaid-order sweep); stopped by close(). */
  close(): Promise<void>;
}

export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Storage } = await import('./lib/s3-storage');
    return new S3Storage(config);
  }
  return new LocalStorage(config.UPLOAD_DIR);
}

/**
 * Everything the API needs, wired from the configuration: used by server.ts and by tests that run the real server.
 * `migrate` creates the database when missing and runs pending migrations (safe with several processes: Kysely locks).
 */
export async function createRuntime(
  config: Config,
  opts: { migrate?: boolean; logger?: Logger } = {},
): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  if (opts.migrate !== false) await migrateDatabase(config.DATABASE_URL);
  const pool = openPool(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const db = dbOverPool(pool);
  const reads = new ReadRouter({ db, pool }, config.DATABASE_REPLICA_URLS, config.DATABASE_POOL_SIZE, {
    logger,
  }).start();
  const unwatch = [
    watchPool('primary', pool),
    ...reads.replicas.flatMap((r) => [watchPool(r.name, r.pool), watchReplica(r)]),
  ];
  const storage = await createStorage(config);
  // One search engine per process: its cache of found lists is this process's (search-cache.ts).
  const search = new MariaDbSearch();
  const { createServices } = await import('./services');
  const services = await createServices({ config, db, logger, search });
  const readDb = reads.replicas.length ? () => reads.pick() : undefined;
  const app = createApp({ db, readDb, config, storage, search, logger, services: services.values });
  return {
    app,
    db,
    reads,
    storage,
    logger,
    async close() {
      await services.close();
      for (const u of unwatch) u();
      await reads.close();
      await db.destroy();
    },
  };
}
