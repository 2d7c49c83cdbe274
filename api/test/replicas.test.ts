// Covers: read replicas — per-request rotation of c.var.readDb, writes staying on the primary, a replica that
// goes down (reads fall back to the primary without a failed request) and comes back, the replication-status
// verdict, and the runtime wiring of DATABASE_REPLICA_URLS. Two databases on the test server stand in for the
// primary and replicas so that each answer shows where it came from (real replication runs in test:scale).
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, ensureDatabase, openPool } from '../src/db/connection';
import { dbOverPool, judgeReplication, ReadRouter } from '../src/db/pools';
import { createLogger } from '../src/lib/logger';
import { LocalStorage } from '../src/lib/storage';
import { MariaDbSearch } from '../src/modules/search/search-engine';
import { createRuntime } from '../src/runtime';
import { TEST_SERVER } from './context';

const server = new URL(TEST_SERVER);
const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
/** Database names for the primary and two replicas; each answers `SELECT name FROM who` with its label. */
const labels = ['primary', 'a', 'b'] as const;
const names = labels.map((l) => `vc_test_replicas_${l}_${tag}`);
const urlOf = (name: string, port = server.port || '3306') =>
  `mysql://${server.username || 'root'}${server.password ? `:${server.password}` : ''}@127.0.0.1:${port}/${name}`;

let primaryPool: ReturnType<typeof openPool>;
let primary: Db;

async function label(name: string, value: string) {
  await ensureDatabase(urlOf(name));
  const db = dbOverPool(openPool(urlOf(name), 2));
  await sql`CREATE TABLE who (name varchar(20) NOT NULL)`.execute(db);
  await sql`INSERT INTO who VALUES (${value})`.execute(db);
  await db.destroy();
}
const who = async (db: Db) => (await sql<{ name: string }>`SELECT name FROM who`.execute(db)).rows[0]!.name;

/** A TCP forwarder to the test server that can be stopped and started again: a replica going down and up. */
class Flaky {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = createConnection(Number(server.port || 3306), '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((ok) => this.server!.listen(this.port, '127.0.0.1', ok));
    this.port = (this.server.address() as { port: number }).port;
  }
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
    this.server = null;
  }
}

beforeAll(async () => {
  for (const [i, n] of names.entries()) await label(n, labels[i]!);
  primaryPool = openPool(urlOf(names[0]!), 4);
  primary = dbOverPool(primaryPool);
});

afterAll(async () => {
  for (const n of names) await sql`DROP DATABASE IF EXISTS ${sql.id(n)}`.execute(primary).catch(() => {});
  await primary?.destroy();
});

describe('ReadRouter', () => {
  it('rotates catalogue reads over the replicas, one per request', async () => {
    const reads = new ReadRouter({ db: primary, pool: primaryPool }, [urlOf(names[1]!), urlOf(names[2]!)], 2);
    try {
      const seen = [];
      for (let i = 0; i < 4; i++) seen.push(await who(reads.pick()));
      expect(seen).toEqual(['a', 'b', 'a', 'b']);
    } finally {
      await reads.close();
    }
  });

  it('reads from the primary when no replica is configured', async () => {
    const reads = new ReadRouter({ db: primary, pool: primaryPool }, [], 2);
    expect(reads.pick()).toBe(primary);
    await reads.close();
  });

  it('falls back to the primary when a replica is down, and takes it back once it answers', async () => {
    const flaky = new Flaky();
    await flaky.up();
    await flaky.down(); // the port is known but nothing listens: the replica is down
    const reads = new ReadRouter(
      { db: primary, pool: primaryPool },
      [urlOf(names[1]!, String(flaky.port))],
      2,
      {
        logger: createLogger('silent'),
      },
    );
    try {
      // Still believed up: the very query that finds it down is answered by the primary instead.
      expect(await who(reads.pick())).toBe('primary');
      expect(reads.replicas[0]!.up).toBe(false);
      expect(reads.replicas[0]!.reason).toMatch(/unreachable \(ECONNREFUSED\)/);
      expect(reads.pick()).toBe(primary);
      await reads.check();
      expect(reads.replicas[0]!.up).toBe(false);

      await flaky.up();
      await reads.check();
      expect(reads.replicas[0]!.up).toBe(true);
      expect(await who(reads.pick())).toBe('a');

      // Dies with pooled connections open: the pool drops them and the next read goes to the primary.
      await flaky.down();
      await new Promise((r) => setTimeout(r, 50));
      const results = await Promise.all([1, 2, 3].map(() => who(reads.pick())));
      expect(results).toEqual(['primary', 'primary', 'primary']);
      expect(reads.replicas[0]!.up).toBe(false);
    } finally {
      await reads.close();
      await flaky.down();
    }
  });

  it('answers a read from the primary when its replica connection dies under it; never re-runs a write', async () => {
    const flaky = new Flaky();
    await flaky.up();
    const reads = new ReadRouter(
      { db: primary, pool: primaryPool },
      [urlOf(names[1]!, String(flaky.port))],
      2,
      {
        logger: createLogger('silent'),
      },
    );
    try {
      const slow = sql<{ name: string }>`SELECT SLEEP(0.4) AS s, name FROM who`.execute(reads.pick());
      await new Promise((r) => setTimeout(r, 150));
      await flaky.down();
      expect((await slow).rows[0]!.name).toBe('primary');
      expect(reads.replicas[0]!.up).toBe(false);

      await flaky.up();
      await reads.check();
      expect(reads.replicas[0]!.up).toBe(true);
      const write = sql`UPDATE who SET name = CONCAT(name, '') WHERE SLEEP(0.4) = 0`.execute(reads.pick());
      await new Promise((r) => setTimeout(r, 150));
      await flaky.down();
      await expect(write).rejects.toThrow();
      expect(await who(primary)).toBe('primary');
    } finally {
      await reads.close();
      await flaky.down();
    }
  });

  it('judges replication status: running and close behind serves; stopped, unknown or far behind does not', () => {
    const row = (io: string, sqlThread: string, lag: number | null) => ({
      Slave_IO_Running: io,
      Slave_SQL_Running: sqlThread,
      Seconds_Behind_Master: lag,
    });
    expect(judgeReplication(null, 30)).toEqual({ up: true, reason: '', lag: null });
    expect(judgeReplication(row('Yes', 'Yes', 0), 30)).toEqual({ up: true, reason: '', lag: 0 });
    expect(judgeReplication(row('Yes', 'Yes', 30), 30).up).toBe(true);
    expect(judgeReplication(row('Yes', 'Yes', 31), 30)).toMatchObject({ up: false, lag: 31 });
    expect(judgeReplication(row('Yes', 'Yes', null), 30)).toMatchObject({ up: false, reason: /unknown/ });
    expect(judgeReplication(row('Connecting', 'Yes', null), 30)).toMatchObject({
      up: false,
      reason: /not running/,
    });
    expect(judgeReplication(row('Yes', 'No', 0), 30)).toMatchObject({ up: false, reason: /not running/ });
    // MySQL 8.4 names the columns after the source/replica wording.
    expect(
      judgeReplication(
        { Replica_IO_Running: 'Yes', Replica_SQL_Running: 'Yes', Seconds_Behind_Source: 2 },
        30,
      ),
    ).toEqual({ up: true, reason: '', lag: 2 });
  });

  it('keeps the test server (not a replica) in rotation after a check, also on connections reads have used', async () => {
    const reads = new ReadRouter({ db: primary, pool: primaryPool }, [urlOf(names[1]!)], 2);
    try {
      await Promise.all([1, 2, 3, 4].map(() => who(reads.pick())));
      await reads.check();
      expect(reads.replicas[0]).toMatchObject({ up: true, reason: '' });
    } finally {
      await reads.close();
    }
  });
});

describe('app wiring', () => {
  it('gives each request its own replica as c.var.readDb while c.var.db stays the primary', async () => {
    const reads = new ReadRouter({ db: primary, pool: primaryPool }, [urlOf(names[1]!), urlOf(names[2]!)], 2);
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
    const app = createApp({
      db: primary,
      readDb: () => reads.pick(),
      config,
      storage: new LocalStorage(config.UPLOAD_DIR),
      search: new MariaDbSearch(),
      logger: createLogger('silent'),
    });
    app.get('/test/where', async (c) =>
      c.json({ read: await who(c.var.readDb), write: await who(c.var.db) }),
    );
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await (await app.request('/test/where')).json());
      expect(answers).toEqual([
        { read: 'a', write: 'primary' },
        { read: 'b', write: 'primary' },
        { read: 'a', write: 'primary' },
        { read: 'b', write: 'primary' },
      ]);
    } finally {
      await reads.close();
    }
  });

  it('builds one pool per DATABASE_REPLICA_URLS entry in the runtime and closes them all', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
      DATABASE_URL: urlOf(names[0]!),
      DATABASE_REPLICA_URLS: `${urlOf(names[1]!)}, ${urlOf(names[2]!)}`,
      DATABASE_POOL_SIZE: '3',
    });
    const rt = await createRuntime(config, { migrate: false, logger: createLogger('silent') });
    try {
      expect(rt.reads.replicas.map((r) => r.name)).toEqual(['replica-1', 'replica-2']);
      expect(rt.reads.replicas.map((r) => r.address)).toEqual([
        `127.0.0.1:${server.port || 3306}/${names[1]}`,
        `127.0.0.1:${server.port || 3306}/${names[2]}`,
      ]);
      expect(rt.reads.replicas[0]!.pool.config.connectionLimit).toBe(3);
      expect(await who(rt.db)).toBe('primary');
      expect([await who(rt.reads.pick()), await who(rt.reads.pick())]).toEqual(['a', 'b']);
      expect((await rt.app.request('/health')).status).toBe(200);
    } finally {
      await rt.close();
    }
    await expect(who(rt.reads.replicas[0]!.db)).rejects.toThrow();
  });
});
