/**
 * The API's command line (run with tsx; the root scripts `db:migrate`, `db:seed`, `admin:create` and
 * `npm start` call it with DATABASE_URL set):
 *
 *   migrate                                      create the database when missing, run pending migrations
 *   seed --products N [--force] [--pictures P]   a deterministic sample catalogue of N products with images
 *                                                (P pictures per colour, 1–3 angles; default 3)
 *   admin-create --email E --password P [--name N]   create an admin, or reset its password
 *   setup [--products N] [--pictures P] [--admin-email E] [--admin-name N]
 *                                                migrate, seed when the catalogue is empty, create or reset
 *                                                the admin (password from VOLTCART_ADMIN_PASSWORD, kept
 *                                                out of the process list); used by `npm start` and the e2e tests
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createOrResetAdmin } from './cli/admin-create';
import { type Config, ConfigError, loadConfig } from './config';
import { createDb, type Db, ensureDatabase, migrateToLatest } from './db/connection';
import { type SeedResult, seedCatalog } from './db/seed/seed-catalog';
import { seedDeps } from './lib/seed-deps';
import { countProducts } from './modules/product/product.repository';
import { MariaDbSearch } from './modules/search/search-engine';
import { createStorage } from './runtime';

/** A failure of the command line: printed as its message, exit code 1. */
export class CliError extends Error {}

const USAGE = `Usage: tsx api/src/cli.ts <command> [options]
  migrate
  seed --products N [--force] [--pictures P]
  admin-create --email E --password P [--name N]
  setup [--products N] [--pictures P] [--admin-email E] [--admin-name N]   (password in VOLTCART_ADMIN_PASSWORD)`;

function positiveInt(name: string, value: string | undefined, { max = 1_000_000 } = {}): number {
  if (value === undefined) throw new CliError(`--${name} is required`);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new CliError(
      `--${name} must be a whole number from 0 to ${max.toLocaleString('en')}, not "${value}"`,
    );
  return n;
}

/** Draws `[#####-----]  45%  450/1,000 products  3.2 s` on stderr (redrawn on a terminal, every 10 % otherwise). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastShown = -1;
  let finished = false;
  return {
    update(done: number, total: number) {
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const pct = Math.floor(ratio * 100);
      if (!stream.isTTY && pct < 100 && pct - lastShown < 10) return;
      if (pct === lastShown && done < total) return;
      lastShown = pct;
      const width = 30;
      const filled = Math.round(ratio * width);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(pct).padStart(3)}%  ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${label}  ${secs} s`;
      stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
    },
    done() {
      if (stream.isTTY && lastShown >= 0 && !finished) stream.write('\n');
      finished = true;
    },
  };
}

async function openDatabase(config: Config): Promise<Db> {
  try {
    await ensureDatabase(config.DATABASE_URL);
  } catch (e) {
    throw new CliError(
      `Cannot reach the database at ${redact(config.DATABASE_URL)}: ${(e as Error).message}`,
    );
  }
  // Maintenance work (migrations, a million-product seed) is not bounded by the request-serving query timeout.
  // The seed loads an empty catalogue over seven connections at once (seed-catalog.ts).
  return createDb(config.DATABASE_URL, 10, { queryTimeoutMs: null });
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export async function migrate(db: Db): Promise<void> {
  await migrateToLatest(db);
}

export async function productCount(db: Db): Promise<number> {
  return countProducts(db);
}

export async function seed(
  db: Db,
  config: Config,
  opts: { products: number; force?: boolean; pictures?: number; progress?: boolean },
): Promise<SeedResult> {
  const storage = await createStorage(config);
  // One bar per phase: the picture pool is drawn first, then the products are written in batches.
  const bars = new Map<string, ReturnType<typeof progressBar>>();
  try {
    return await seedCatalog(db, seedDeps(storage, new MariaDbSearch()), {
      products: opts.products,
      force: opts.force ?? false,
      ...(opts.pictures ? { picturesPerColor: opts.pictures } : {}),
      onProgress: (p) => {
        if (opts.progress === false) return;
        let bar = bars.get(p.phase);
        if (!bar) {
          for (const previous of bars.values()) previous.done();
          bar = progressBar(p.phase);
          bars.set(p.phase, bar);
        }
        bar.update(p.done, p.total);
      },
    });
  } finally {
    for (const bar of bars.values()) bar.done();
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    if (!command) throw new CliError('No command given.');
    return;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        products: { type: 'string' },
        pictures: { type: 'string' },
        force: { type: 'boolean' },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  const str = (k: string) => values[k] as string | undefined;

  let config: Config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) throw new CliError(e.message);
    throw e;
  }

  // Check the arguments before touching the database.
  const pictures =
    str('pictures') === undefined ? undefined : positiveInt('pictures', str('pictures'), { max: 3 });
  if (command === 'seed') positiveInt('products', str('products'));
  else if (command === 'admin-create') {
    if (!str('email')) throw new CliError('--email is required');
    if (!str('password')) throw new CliError('--password is required');
  } else if (command === 'setup') {
    if (str('products') !== undefined) positiveInt('products', str('products'));
    if (str('admin-email') && !env.VOLTCART_ADMIN_PASSWORD)
      throw new CliError('setup --admin-email needs the password in VOLTCART_ADMIN_PASSWORD');
  } else if (command !== 'migrate') throw new CliError(`Unknown command "${command}".\n${USAGE}`);

  const db = await openDatabase(config);
  try {
    if (command === 'migrate') {
      await migrate(db);
      console.log(
        `Database ${new URL(config.DATABASE_URL).pathname.slice(1)} is migrated to the latest schema.`,
      );
    } else if (command === 'seed') {
      await migrate(db);
      const products = positiveInt('products', str('products'));
      const existing = await productCount(db);
      if (existing > 0 && !values.force)
        throw new CliError(
          `The catalogue already has ${existing.toLocaleString('en')} products. Add --force to add ${products.toLocaleString('en')} more anyway.`,
        );
      const t0 = Date.now();
      await seed(db, config, { products, force: Boolean(values.force), pictures });
      console.log(
        `Seeded ${products.toLocaleString('en')} products in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
      );
    } else if (command === 'admin-create') {
      await migrate(db);
      const r = await createOrResetAdmin(db, {
        email: str('email')!,
        password: str('password')!,
        name: str('name'),
      });
      console.log(
        r.created ? `Admin ${r.email} created.` : `Admin ${r.email} already existed: password reset.`,
      );
    } else if (command === 'setup') {
      await migrate(db);
      const products = str('products') === undefined ? 0 : positiveInt('products', str('products'));
      if (products > 0) {
        const existing = await productCount(db);
        if (existing === 0) {
          console.log(`Seeding a sample catalogue of ${products} products…`);
          await seed(db, config, { products, pictures });
        } else console.log(`The catalogue has ${existing.toLocaleString('en')} products: not seeding.`);
      }
      const email = str('admin-email');
      if (email) {
        const r = await createOrResetAdmin(db, {
          email,
          password: env.VOLTCART_ADMIN_PASSWORD!,
          name: str('admin-name'),
        });
        console.log(r.created ? `Admin ${r.email} created.` : `Admin ${r.email} is ready.`);
      }
    }
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (e) => {
      // Known failures (bad arguments, bad input, unreachable database) print their message alone.
      const known = e instanceof CliError || (e && typeof e === 'object' && 'status' in e);
      console.error(known ? (e as Error).message : ((e as Error).stack ?? String(e)));
      process.exit(1);
    },
  );
}
