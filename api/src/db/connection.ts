import { Kysely, MysqlDialect, type MysqlPool } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createPool, type Pool, type PoolOptions } from 'mysql2';
import { localInfileStream } from './bulk-load';
import type { Database } from './database';
import { migrations } from './migrations/index';

/** The database handle every query takes; a transaction (lib/transaction.ts) is one too, so a query runs in either. */
export type Db = Kysely<Database>;

/**
 * Where a database URL (`mysql://user:pass@host:port/name?socket=…`) points, as mysql2 options: the server, the
 * credentials (root when none are given) and the database, for the pools and for single connections alike.
 */
function urlOptions(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    socketPath: u.searchParams.get('socket') ?? undefined,
    database: u.pathname.replace(/^\//, '') || undefined,
  };
}

/**
 * mysql2 pool settings for a database URL.
 * The primary and every replica use the same settings so that rows decode identically whichever answers.
 */
function poolOptions(url: string, poolSize: number): PoolOptions {
  return {
    ...urlOptions(url),
    connectionLimit: poolSize,
    maxIdle: poolSize,
    charset: 'utf8mb4',
    timezone: 'Z',
    dateStrings: false,
    connectTimeout: 5000,
    enableKeepAlive: true,
    // LOAD DATA LOCAL INFILE reads rows the app registered in memory (bulk-load.ts), never a file from the disk.
    infileStreamFactory: localInfileStream,
  };
}

/**
 * A mysql2 pool whose connections run their transactions at READ COMMITTED (see lib/transaction.ts): set once
 * per connection, not before every transaction, which saves a round trip per checkout.
 * Their time zone is UTC too: mysql2 reads and writes dates as UTC (`timezone: 'Z'`), and so must the
 * server's own CURRENT_TIMESTAMP defaults (created_at), whatever the server's system zone (a server in
 * India runs at +05:30), or the dashboard's days would be shifted by that much.
 * Their JSON aggregates (a statement that reads the shipping zones or settings along with other figures) may be as
 * long as a packet: MariaDB cuts them at group_concat_max_len otherwise (1 MB by default).
 */
export function openPool(url: string, poolSize: number): Pool {
  const pool = createPool(poolOptions(url, poolSize));
  pool.on('connection', (conn) => {
    // Two statements: no one SET names the isolation level on both MariaDB and MySQL 8. Queued before any
    // query of the pool's users, and sent together without waiting for each other's answer.
    for (const statement of [
      'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED',
      "SET time_zone = '+00:00', group_concat_max_len = @@max_allowed_packet",
    ]) {
      conn.query(statement, (err) => {
        if (err) conn.destroy();
      });
    }
  });
  return pool;
}

/**
 * A Kysely instance over a new pool. Statements give up after `queryTimeoutMs` (see withQueryTimeout);
 * `null` lifts the bound, for maintenance work such as migrations whose DDL may run long on a big catalogue.
 */
export function createDb(url: string, poolSize = 10, opts: { queryTimeoutMs?: number | null } = {}): Db {
  const pool = openPool(url, poolSize);
  const timeout = opts.queryTimeoutMs === undefined ? QUERY_TIMEOUT_MS : opts.queryTimeoutMs;
  return new Kysely<Database>({
    dialect: new MysqlDialect({ pool: timeout === null ? pool : withQueryTimeout(pool, timeout) }),
  });
}

/** Creates the database when missing and runs every pending migration, on a short-lived pool without query timeout. */
export async function migrateDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  const db = createDb(url, 1, { queryTimeoutMs: null });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Longest a single statement may run before its connection is given up (see withQueryTimeout). */
const QUERY_TIMEOUT_MS = 30_000;

const TIMED = Symbol('query timeout installed');

/**
 * A pool whose statements give up after `ms`. mysql2 has no pool-wide query timeout, and a statement sent to a
 * frozen or partitioned server otherwise waits until TCP gives up (hours), holding its pooled connection. On a
 * timeout the connection is destroyed, never handed out again, so the pool refills with fresh connections once
 * the server answers. (The request itself is already bounded by the app's request deadline.)
 */
export function withQueryTimeout(pool: Pool, ms = QUERY_TIMEOUT_MS): MysqlPool {
  return {
    getConnection(cb) {
      pool.getConnection((err, conn) => {
        if (!err && conn && !(conn as unknown as Record<symbol, boolean>)[TIMED]) {
          const query = conn.query.bind(conn) as (...args: unknown[]) => unknown;
          Object.assign(conn, {
            [TIMED]: true,
            query: (
              sql: string,
              valuesOrDone?: unknown,
              maybeDone?: (e: unknown, ...rest: unknown[]) => void,
            ) => {
              // mysql2 also calls query(sql, callback) (its promise API does): the callback may come second.
              const done =
                typeof valuesOrDone === 'function' ? (valuesOrDone as typeof maybeDone) : maybeDone;
              const values = typeof valuesOrDone === 'function' ? undefined : valuesOrDone;
              // Without a callback Kysely streams the rows: the stream reports the timeout itself.
              return done
                ? query({ sql, values, timeout: ms }, (e: { code?: string } | null, ...rest: unknown[]) => {
                    if (e?.code === 'PROTOCOL_SEQUENCE_TIMEOUT') conn.destroy();
                    done(e, ...rest);
                  })
                : query({ sql, values, timeout: ms });
            },
          });
        }
        cb(err, conn as unknown as Parameters<Parameters<MysqlPool['getConnection']>[0]>[1]);
      });
    },
    end: (cb) => pool.end(cb),
  };
}

export function migrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`);
  }
}

/**
 * One connection outside any pool to the server of `url` (creating databases, copying the template database), to
 * the URL's database or to `database` (null: none).
 */
export async function serverConnection(url: string, database?: string | null) {
  const options = urlOptions(url);
  const { createConnection } = await import('mysql2/promise');
  return createConnection({
    ...options,
    database: database === undefined ? options.database : (database ?? undefined),
  });
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.replace(/^\//, '');
  if (!/^[A-Za-z0-9_]+$/.test(name))
    throw new Error(`Database name "${name}" must be letters, digits and _ only`);
  const conn = await serverConnection(url, null);
  try {
    await conn.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await conn.end();
  }
}
