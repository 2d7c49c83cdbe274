import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { createApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db/connection';
import { createMigratedDatabase } from '../src/db/template';
import { createLogger } from '../src/lib/logger';
import { LocalStorage } from '../src/lib/storage';
import { MariaDbSearch } from '../src/modules/search/search-engine';
import { createServices } from '../src/services';
import { type Reply, type RequestOptions, request } from './support';

export const TEST_SERVER = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306';

/** The value of one series in a Prometheus scrape, or 0 when it is absent. */
export function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The first password the latest staff-password mail to `email` carries (the Owner never sees it). */
export async function firstPasswordOf(db: Db, email: string): Promise<string> {
  const mail = await db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .where('kind', '=', 'staff_password')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /password for .* is: (\S+)/.exec(mail.text_body)![1]!;
}

/** The path (with its token) of the link in the latest mail of `kind` to `email`. */
export async function mailedLink(db: Db, email: string, kind: string): Promise<string> {
  const mail = await db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return new URL(/: (http\S+)/.exec(mail.text_body)![1]!).searchParams.get('token')!;
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  uploadDir: string;
  /** The app's search engine, for tests that build another app or call a service themselves. */
  search: MariaDbSearch;
  /** A request to the app (support.ts `request`): status, parsed body, text and headers. */
  req(method: string, path: string, opts?: Omit<RequestOptions, 'from'>): Promise<Reply>;
  adminToken(): Promise<string>;
  /**
   * Invites a staff member with `ownerToken`, reads the first password from the mail, logs in and chooses
   * `password`: the account is ready to work (no pending password change).
   */
  staffMember(
    ownerToken: string,
    role: string,
    password?: string,
  ): Promise<{ id: string; email: string; password: string; token: string }>;
  /** Registers a fresh customer and returns its id and token. */
  customer(name?: string): Promise<{ id: string; token: string; email: string }>;
  /** Row counts of every table, to assert that a refused request changed nothing. */
  snapshot(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * A fresh database (unique name) and app per test file, dropped at the end.
 * `env` overrides configuration for this context.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const name = `vc_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = `${TEST_SERVER.replace(/\/$/, '')}/${name}`;
  const uploadDir = await mkdtemp(join(tmpdir(), 'vc-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    UPLOAD_DIR: uploadDir,
    LOG_LEVEL: 'silent',
    CATALOG_CACHE_SECONDS: '0',
    // Orders of these tests ship free, so their totals are their goods; delivery.test.ts prices shipping with
    // the shop's real default (₹999).
    FREE_SHIPPING_THRESHOLD: '0',
    ...env,
  });
  await createMigratedDatabase(url);
  const db = createDb(url, 10);
  const logger = createLogger('silent');
  // Tests that deliver mail run their own outbox senders (mail.test.ts).
  const search = new MariaDbSearch();
  const services = await createServices({ config, db, logger, search }, { mailSender: false, sweeps: false });
  const app = createApp({
    db,
    config,
    storage: new LocalStorage(uploadDir),
    search,
    logger,
    services: services.values,
  });

  // An empty token sends no Authorization header at all.
  const req: TestContext['req'] = (method, path, opts = {}) =>
    request(app, method, path, { ...opts, token: opts.token || undefined });

  let admin: string | undefined;
  let n = 0;
  return {
    app,
    db,
    config,
    uploadDir,
    search,
    req,
    async adminToken() {
      if (admin) return admin;
      const email = `admin-${randomBytes(3).toString('hex')}@voltcart.test`;
      await db
        .insertInto('admins')
        .values({ name: 'Admin', email, password_hash: await bcrypt.hash('admin-password-1', 10) })
        .execute();
      const r = await req('POST', '/admin/login', { body: { email, password: 'admin-password-1' } });
      if (r.status !== 200) throw new Error(`admin login failed in test context: ${JSON.stringify(r.body)}`);
      admin = r.body.token as string;
      return admin;
    },
    async staffMember(ownerToken, role, password = 'staff-password-1') {
      const email = `staff${++n}-${randomBytes(3).toString('hex')}@voltcart.test`;
      const invited = await req('POST', '/admin/staff', {
        token: ownerToken,
        body: { name: `Staff ${n}`, email, role },
      });
      if (invited.status !== 201) throw new Error(`invite failed in test context: ${invited.text}`);
      const first = await firstPasswordOf(db, email);
      const login = await req('POST', '/admin/login', { body: { email, password: first } });
      const changed = await req('POST', '/admin/password', {
        token: login.body.token,
        body: { currentPassword: first, password },
      });
      if (changed.status !== 200) throw new Error(`password change failed in test context: ${changed.text}`);
      return { id: invited.body.member._id as string, email, password, token: changed.body.token as string };
    },
    async customer(name = 'Test Shopper') {
      const email = `shopper${++n}-${randomBytes(3).toString('hex')}@example.com`;
      const r = await req('POST', '/user/register', { body: { name, email, password: 'shopper-pass-1' } });
      if (r.status !== 201) throw new Error(`register failed in test context: ${JSON.stringify(r.body)}`);
      return { id: r.body.user._id as string, token: r.body.token as string, email };
    },
    async snapshot() {
      const tables = await sql<{
        t: string;
      }>`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name NOT LIKE 'kysely_%' AND table_name NOT IN ('login_failures', 'known_logins')`.execute(
        db,
      );
      const out: Record<string, number> = {};
      for (const { t } of tables.rows) {
        // A refused login is supposed to leave its line in the change history: those lines are not counted.
        const r =
          t === 'audit_log'
            ? await sql<{
                n: number;
              }>`SELECT COUNT(*) AS n FROM audit_log WHERE action <> 'session.login_failed'`.execute(db)
            : await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(t)}`.execute(db);
        out[t] = Number(r.rows[0]!.n);
      }
      const sum = await sql<{ s: string | null }>`SELECT SUM(stock) AS s FROM products`.execute(db);
      out['products.stock'] = Number(sum.rows[0]?.s ?? 0);
      return out;
    },
    async close() {
      await services.close();
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(db).catch(() => {});
      await db.destroy();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
