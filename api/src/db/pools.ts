import { Kysely, MysqlDialect, type MysqlPool, type MysqlPoolConnection, sql } from 'kysely';
import type { Pool } from 'mysql2';
import { type Db, openPool, withQueryTimeout } from './connection';
import type { Database } from './database';

/** A Db over a mysql2 pool (or a pool-like chooser), every statement bounded by the query timeout. */
const dbOver = (pool: MysqlPool): Db => new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
export const dbOverPool = (pool: Pool): Db => dbOver(withQueryTimeout(pool));

/** `host:port/name` without credentials, for logs and metric labels. */
function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 3306}${u.pathname}`;
}

interface ReplicaState {
  readonly name: string;
  readonly address: string;
  readonly pool: Pool;
  /** The replica itself, without falling back: for its health check. */
  readonly direct: Db;
  /** False while the replica is unreachable, its replication is stopped, or it lags too far behind. */
  up: boolean;
  /** Seconds behind the primary at the last check; null when unknown. */
  lagSeconds: number | null;
  reason: string;
}

export interface Replica extends ReplicaState {
  readonly db: Db;
}

/** Where the read router reports replicas leaving and rejoining the rotation (the API's logger fits it). */
interface PoolLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface ReadRouterOptions {
  /** A replica further behind than this serves no reads until it catches up. */
  maxLagSeconds?: number;
  /** How often replicas are checked (reachability, replication threads, lag). */
  checkEveryMs?: number;
  logger?: PoolLogger;
}

/** A replica check (connection + status query) that takes longer than this counts as a failure. */
const CHECK_TIMEOUT_MS = 5_000;

/** mysql2 codes of a connection that died under a query: the read can be run again elsewhere. */
const CONNECTION_LOST = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'ER_SERVER_SHUTDOWN']);
const READ_ONLY_STATEMENT = /^\s*\(?\s*(?:select|show|with)\b/i;

/**
 * Sends catalogue reads to read replicas and everything else to the primary.
 * - `pick()` rotates over the replicas that are up, one per request; with none up it returns the primary.
 * - A replica that refuses a connection is marked down at once and that very query runs on the primary;
 *   a read whose replica connection dies under it is run again on the primary. A replica failing never
 *   fails a request.
 * - A background check (unref'd timer) marks replicas up or down: unreachable, replication threads not
 *   running, or lag above `maxLagSeconds`. Without the privilege to read replication status, only
 *   reachability counts.
 * - Reads that must see the request's own writes never come here: they use the primary (`c.var.db`).
 */
export class ReadRouter {
  readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private readonly maxLag: number;
  private readonly statusDenied = new Set<string>();

  constructor(
    private readonly primary: { db: Db; pool: Pool },
    urls: string[],
    poolSize: number,
    private readonly opts: ReadRouterOptions = {},
  ) {
    this.maxLag = opts.maxLagSeconds ?? 30;
    this.replicas = urls.map((url, i) => {
      const pool = openPool(url, poolSize);
      const state: ReplicaState = {
        name: `replica-${i + 1}`,
        address: describeUrl(url),
        pool,
        direct: dbOverPool(pool),
        up: true,
        lagSeconds: null,
        reason: '',
      };
      return Object.assign(state, { db: dbOver(this.failoverPool(state)) });
    });
  }

  /** The database for this request's catalogue reads. */
  pick(): Db {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[this.next++ % n]!;
      if (r.up) return r.db;
    }
    return this.primary.db;
  }

  /** Starts the periodic check (runs one at once). */
  start(): this {
    if (this.replicas.length && !this.timer) {
      void this.check();
      this.timer = setInterval(() => void this.check(), this.opts.checkEveryMs ?? 2000);
      this.timer.unref();
    }
    return this;
  }

  /** Checks every replica once; concurrent callers share the same run. */
  check(): Promise<void> {
    this.checking ??= Promise.all(this.replicas.map((r) => this.checkOne(r))).then(() => {
      this.checking = null;
    });
    return this.checking;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
    // `direct` shares the pool that destroying `db` ends.
    await Promise.all(this.replicas.map((r) => r.db.destroy()));
  }

  private async checkOne(r: ReplicaState): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('check timed out')), CHECK_TIMEOUT_MS);
    });
    try {
      const verdict = judgeReplication(await Promise.race([this.replicationStatus(r), timeout]), this.maxLag);
      this.mark(r, verdict.up, verdict.reason, verdict.lag);
    } catch (e) {
      this.mark(r, false, `unreachable (${(e as { code?: string }).code ?? (e as Error).message})`, null);
    } finally {
      clearTimeout(timer);
    }
  }

  private async replicationStatus(r: ReplicaState): Promise<StatusRow | null> {
    if (this.statusDenied.has(r.name)) {
      await sql`SELECT 1`.execute(r.direct);
      return null;
    }
    // MariaDB 10.5+ and MySQL 8.0.22+ know REPLICA; older servers only SLAVE.
    for (const q of ['SHOW REPLICA STATUS', 'SHOW SLAVE STATUS']) {
      try {
        return (await sql.raw<StatusRow>(q).execute(r.direct)).rows[0] ?? null;
      } catch (e) {
        const errno = (e as { errno?: number }).errno;
        // 1227: no privilege to read replication status; 1064: syntax unknown to this server.
        if (errno === 1227) {
          this.statusDenied.add(r.name);
          this.opts.logger?.warn('replica status not readable; checking reachability only', {
            replica: r.name,
          });
          return null;
        }
        if (errno !== 1064) throw e;
      }
    }
    return null;
  }

  private mark(r: ReplicaState, up: boolean, reason: string, lag: number | null): void {
    r.lagSeconds = lag;
    if (r.up === up && r.reason === reason) return;
    const was = r.up;
    r.up = up;
    r.reason = reason;
    if (was === up) return;
    if (up) this.opts.logger?.info('replica back in rotation', { replica: r.name, address: r.address });
    else
      this.opts.logger?.warn('replica out of rotation; reads go to the primary', {
        replica: r.name,
        address: r.address,
        reason,
      });
  }

  /**
   * A pool that hands out a replica connection, or a primary one when the replica cannot give one.
   * Replica connections come wrapped so that a read whose connection dies is answered by the primary.
   */
  private failoverPool(r: ReplicaState): MysqlPool {
    const primary = withQueryTimeout(this.primary.pool);
    const replica = withQueryTimeout(r.pool);
    const wrapped = new WeakMap<MysqlPoolConnection, MysqlPoolConnection>();
    const down = (err: unknown) => {
      const e = err as { code?: string; message?: string };
      this.mark(r, false, `unreachable (${e.code ?? e.message})`, null);
    };
    type Done = (e: unknown, result?: unknown) => void;
    const onPrimary = (text: string, params: unknown, cb: Done) =>
      primary.getConnection((err, conn) => {
        if (err) return cb(err);
        conn.query(text, params, (e, result) => {
          conn.release();
          cb(e, result);
        });
      });
    // Kysely keeps its own object per raw connection, so one wrapper per connection is handed out every time.
    const wrap = (conn: MysqlPoolConnection): MysqlPoolConnection => {
      let w = wrapped.get(conn);
      if (!w) {
        const query = (text: string, params: unknown, cb?: Done) => {
          if (!cb) return conn.query(text, params);
          return conn.query(text, params, (e, result) => {
            const code = (e as { code?: string } | null)?.code;
            if (!code || !CONNECTION_LOST.has(code) || !READ_ONLY_STATEMENT.test(text)) return cb(e, result);
            down(e);
            onPrimary(text, params, cb);
          });
        };
        w = {
          get config() {
            return conn.config;
          },
          get threadId() {
            return conn.threadId;
          },
          connect: (callback) => conn.connect(callback),
          destroy: () => conn.destroy(),
          release: () => conn.release(),
          query: query as MysqlPoolConnection['query'],
        };
        wrapped.set(conn, w);
      }
      return w;
    };
    return {
      getConnection: (cb) => {
        if (!r.up) return primary.getConnection(cb);
        replica.getConnection((err, conn) => {
          if (!err) return cb(null, wrap(conn));
          down(err);
          primary.getConnection(cb);
        });
      },
      // The primary pool belongs to the primary Db and is ended with it.
      end: (cb) => replica.end(cb),
    };
  }
}

type StatusRow = Record<string, string | number | null | undefined>;

/**
 * Whether a replica may serve reads, from its `SHOW REPLICA STATUS` row (MariaDB or MySQL column names).
 * - no row (not a replica, or status not readable): serves reads, lag unknown
 * - I/O or SQL thread not running: out of rotation (its data stops moving)
 * - lag unknown while running, or above `maxLag` seconds: out of rotation until it catches up
 */
export function judgeReplication(
  row: StatusRow | null,
  maxLag: number,
): { up: boolean; reason: string; lag: number | null } {
  if (!row) return { up: true, reason: '', lag: null };
  const io = row.Slave_IO_Running ?? row.Replica_IO_Running;
  const sqlThread = row.Slave_SQL_Running ?? row.Replica_SQL_Running;
  const behind = row.Seconds_Behind_Master ?? row.Seconds_Behind_Source;
  const lag = behind === null || behind === undefined ? null : Number(behind);
  if (io !== 'Yes' || sqlThread !== 'Yes') return { up: false, reason: 'replication is not running', lag };
  if (lag === null) return { up: false, reason: 'replication lag is unknown', lag };
  if (lag > maxLag) return { up: false, reason: `replica is ${lag} s behind the primary`, lag };
  return { up: true, reason: '', lag };
}
