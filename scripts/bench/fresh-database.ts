/**
 * A fresh, migrated benchmark database in a few seconds. Running every migration on an empty database took 26 s on
 * this 2-core machine under load (54 migrations, many of them ALTER TABLEs that rebuild a table), and a `--quick`
 * run makes about a dozen fresh databases (each checkout rush, promotions, GST, images, the import). So:
 * - the migrations run once into a template, vc_bench_template_<hash of the migration sources>, kept between runs
 *   (a new or changed migration makes another template; the old one is left for checkouts still on it)
 * - a fresh database is the template copied by `mysqldump | mysql` (tables, rows the migrations wrote, triggers)
 * - where those clients are missing, or the copy fails, the migrations run on the empty database as before
 * The caller still runs migrateToLatest afterwards: on a copy it finds nothing to do.
 */
import { type StdioOptions, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDb, ensureDatabase, migrateToLatest } from '@voltcart/api';
import { sql } from 'kysely';

const MIGRATIONS = resolve(import.meta.dirname, '../../api/src/db/migrations');
const READY = 'bench_template_ready';

function templateName(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(resolve(MIGRATIONS, f)));
  return `vc_bench_template_${h.digest('hex').slice(0, 12)}`;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Host, port, user and password of a mysql:// URL as the mysql clients take them. */
function clientArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const socket = u.searchParams.get('socket');
  return {
    args: [
      ...(socket ? [`--socket=${socket}`] : [`--host=${u.hostname}`, `--port=${u.port || '3306'}`]),
      `--user=${decodeURIComponent(u.username || 'root')}`,
    ],
    env: { ...process.env, MYSQL_PWD: decodeURIComponent(u.password) },
  };
}

/** One of MariaDB's command-line clients (system programs, not npm packages: missing ones fall back to migrating). */
function client(program: 'mysqldump' | 'mysql', args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions) {
  return spawn(program, args, { env, stdio });
}

/** `mysqldump template | mysql target`; rejects when either fails or is not installed. */
function copy(url: string, template: string, target: string): Promise<void> {
  const { args, env } = clientArgs(url);
  return new Promise((done, fail) => {
    const dump = client(
      'mysqldump',
      [
        ...args,
        '--single-transaction',
        '--skip-lock-tables',
        '--triggers',
        '--skip-comments',
        '--hex-blob',
        `--ignore-table=${template}.${READY}`,
        template,
      ],
      env,
      ['ignore', 'pipe', 'pipe'],
    );
    const load = client('mysql', [...args, target], env, ['pipe', 'ignore', 'pipe']);
    let errors = '';
    for (const p of [dump, load]) p.stderr?.on('data', (d) => (errors += d));
    dump.stdout?.pipe(load.stdin as NodeJS.WritableStream);
    let left = 2;
    let failed = false;
    const exited = (code: number | null) => {
      if (code !== 0) failed = true;
      if (--left === 0) (failed ? fail(new Error(errors.trim() || 'mysqldump | mysql failed')) : done)();
    };
    for (const p of [dump, load]) {
      p.on('error', (e) => {
        failed = true;
        errors += e.message;
      });
      p.on('close', exited);
    }
  });
}

/** Makes the template when it is missing (one maker at a time across checkouts: a named lock on its own session). */
async function ensureTemplate(url: string, template: string): Promise<void> {
  const templateUrl = withDatabase(url, template);
  await ensureDatabase(templateUrl);
  const { createConnection } = await import('mysql2/promise');
  const lock = await createConnection(templateUrl);
  const db = createDb(templateUrl, 4, { queryTimeoutMs: null });
  try {
    await lock.query('SELECT GET_LOCK(?, 600)', [template]);
    const ready = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.tables
      WHERE table_schema = ${template} AND table_name = ${READY}`.execute(db);
    if (Number(ready.rows[0]?.n) > 0) return;
    await migrateToLatest(db);
    await sql`CREATE TABLE ${sql.id(READY)} (made TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)`.execute(db);
  } finally {
    await db.destroy();
    await lock.end();
  }
}

/**
 * Drops the database of `url` (a vc_bench_ one), creates it again and gives it every migration: copied from the
 * template when the mysql clients are there, else by running the migrations. Returns how it was made.
 */
export async function freshDatabase(url: string): Promise<'copied' | 'migrated'> {
  const name = new URL(url).pathname.slice(1);
  if (!/^vc_bench_\w+$/.test(name)) throw new Error(`refusing to drop "${name}": not a vc_bench_ database`);
  await ensureDatabase(url);
  const boot = createDb(url, 1);
  await sql`DROP DATABASE ${sql.id(name)}`.execute(boot);
  await boot.destroy();
  await ensureDatabase(url);
  if (!process.env.BENCH_NO_TEMPLATE) {
    const template = templateName();
    try {
      await ensureTemplate(url, template);
      await copy(url, template, name);
      return 'copied';
    } catch (e) {
      console.error(
        `The template database could not be copied (${(e as Error).message}); migrating instead.`,
      );
      const again = createDb(url, 1);
      await sql`DROP DATABASE ${sql.id(name)}`.execute(again);
      await again.destroy();
      await ensureDatabase(url);
    }
  }
  const db = createDb(url, 1, { queryTimeoutMs: null });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return 'migrated';
}
