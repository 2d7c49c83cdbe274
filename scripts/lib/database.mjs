import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { bold, DATA_DIR, ROOT, step, UserError, warn } from './log.mjs';
import { freePort } from './ports.mjs';
import { onCleanup, run, sleep } from './processes.mjs';

/** The server tried when DATABASE_URL is not set or does not answer; overridable to test the fallback. */
const DEFAULT_SERVER_URL = 'mysql://root@127.0.0.1:3306';
const DEFAULT_DATABASE = 'voltcart';

const isRoot = () => process.getuid?.() === 0;

/** The server part of a MySQL URL (credentials, host, port, ?socket=), without the database name. */
export function serverUrl(url) {
  const u = new URL(url);
  u.pathname = '';
  return u.toString().replace(/\/$/, '');
}

/** The URL of database `name` on the server of `url`. */
export function databaseUrl(url, name) {
  if (!/^[A-Za-z0-9_]+$/.test(name))
    throw new UserError(`Database name "${name}" must be letters, digits and _ only`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The database name in a URL, or null. */
function databaseName(url) {
  return new URL(url).pathname.replace(/^\//, '') || null;
}

async function connect(url, { timeoutMs = 3000 } = {}) {
  const { createConnection } = await import('mysql2/promise');
  const u = new URL(url);
  return createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    socketPath: u.searchParams.get('socket') ?? undefined,
    connectTimeout: timeoutMs,
  });
}

/** Whether a MySQL/MariaDB server answers at `url` with these credentials: `{ok, version}` or `{ok: false, error}`. */
export async function probe(url, opts) {
  let conn;
  try {
    conn = await connect(url, opts);
    const [rows] = await conn.query('SELECT VERSION() AS v');
    return { ok: true, version: rows[0].v };
  } catch (e) {
    return { ok: false, error: e.code ?? e.message };
  } finally {
    await conn?.end().catch(() => {});
  }
}

/** Runs statements on the server of `url` (no database selected). */
async function onServer(url, statements) {
  const conn = await connect(url);
  try {
    for (const s of statements) await conn.query(s);
  } finally {
    await conn.end();
  }
}

export async function createDatabase(url, name) {
  databaseUrl(url, name);
  await onServer(url, [
    `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  ]);
}

export async function dropDatabase(url, name) {
  databaseUrl(url, name);
  await onServer(url, [`DROP DATABASE IF EXISTS \`${name}\``]);
}

/**
 * Finds a database server, in this order, and says which one it chose:
 * 1. `DATABASE_URL` (or `opts.url`), when set and answering;
 * 2. a server on 127.0.0.1:3306 (`VOLTCART_DB_PROBE_URL` overrides the address, to test the fallback);
 * 3. a private MariaDB under .data/mariadb on a free port, reused when already running, started otherwise
 *    (installed with apt-get first when missing and we are root). One this call started is stopped when
 *    the script ends, unless `keepRunning`.
 * Returns `{serverUrl, databaseUrl, kind, started}`; `databaseUrl` keeps DATABASE_URL's database name, else
 * `voltcart`; `started` says this call started the private server.
 */
export async function ensureDatabase({
  url = process.env.DATABASE_URL,
  database = DEFAULT_DATABASE,
  keepRunning = false,
  quiet = false,
} = {}) {
  const say = quiet ? () => {} : step;
  const chosen = (kind, server, name, version, started = false) => {
    const dbUrl = databaseUrl(server, name);
    say(`Database: ${kind} server ${bold(redact(server))} (${version}), database ${bold(name)}`);
    return { serverUrl: server, databaseUrl: dbUrl, kind, started };
  };
  if (url) {
    const r = await probe(url);
    if (r.ok) return chosen('configured', serverUrl(url), databaseName(url) ?? database, r.version);
    // A server that refuses the credentials is the one the user meant: say so rather than use another.
    if (/ACCESS_DENIED/.test(r.error))
      throw new UserError(
        `DATABASE_URL (${redact(url)}) refuses the login (${r.error}): check the user and password.`,
      );
    warn(`DATABASE_URL (${redact(url)}) does not answer (${r.error}); looking for another server.`);
  }
  const local = process.env.VOLTCART_DB_PROBE_URL || DEFAULT_SERVER_URL;
  const r = await probe(local);
  if (r.ok) return chosen('local', serverUrl(local), database, r.version);
  // A local server that refuses root without a password (e.g. a stock install using socket authentication)
  // is left alone: the private server needs no set-up.
  if (!quiet) say(`No usable database server at ${redact(local)} (${r.error}); using a private MariaDB.`);
  const priv = await ensurePrivateMariaDb({ keepRunning, quiet });
  return chosen('private', priv.url, database, priv.version, priv.started);
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString().replace(/\/$/, '');
}

// ---------------------------------------------------------------------------------------------------
// The private MariaDB: data, pid file, port and log under .data/mariadb, running as the current user.

const PRIVATE_DIR = resolve(DATA_DIR, 'mariadb');
const paths = {
  data: resolve(PRIVATE_DIR, 'data'),
  pid: resolve(PRIVATE_DIR, 'mariadbd.pid'),
  port: resolve(PRIVATE_DIR, 'port'),
  log: resolve(PRIVATE_DIR, 'mariadbd.log'),
  tmp: resolve(PRIVATE_DIR, 'tmp'),
};

/** Unix socket paths are limited to about 100 bytes: a deep checkout gets its socket in the temp folder. */
function socketPath() {
  const local = resolve(PRIVATE_DIR, 'mariadbd.sock');
  if (local.length < 100) return local;
  const hash = createHash('sha1').update(ROOT).digest('hex').slice(0, 12);
  return join(tmpdir(), `voltcart-${hash}.sock`);
}

function readInt(file) {
  try {
    const n = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is alive and is a MariaDB server (a stale pid file may name a recycled pid). */
function isMariaDbProcess(pid) {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return e.code === 'EPERM';
  }
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /mariadbd|mysqld/.test(cmd);
  } catch {
    return true; // no /proc (macOS): trust the live pid
  }
}

const privateUrl = (port) => `mysql://root@127.0.0.1:${port}`;

/** The running private server's `{pid, port, url}`, or null. */
function privateMariaDbStatus() {
  const pid = readInt(paths.pid);
  const port = readInt(paths.port);
  if (!pid || !port || !isMariaDbProcess(pid)) return null;
  return { pid, port, url: privateUrl(port) };
}

const SEARCH_DIRS = [
  '/usr/sbin',
  '/usr/local/sbin',
  '/usr/local/bin',
  '/opt/homebrew/bin',
  '/usr/local/mysql/bin',
];

function findExecutable(names) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SEARCH_DIRS];
  for (const name of names) for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

async function mariaDbBinaries({ quiet }) {
  const find = () => ({
    server: findExecutable(['mariadbd', 'mysqld']),
    installDb: findExecutable(['mariadb-install-db', 'mysql_install_db']),
  });
  let bins = find();
  if (bins.server && bins.installDb) return bins;
  const howTo =
    'Install MariaDB with:  sudo apt-get install -y mariadb-server   (Debian/Ubuntu; on macOS: brew install mariadb)\n' +
    'or point DATABASE_URL at a MySQL 8 / MariaDB 10.6+ server, e.g. DATABASE_URL=mysql://user:pass@host:3306/voltcart';
  if (!isRoot() || !findExecutable(['apt-get']))
    throw new UserError(`No database server is running and MariaDB is not installed.\n${howTo}`);
  if (!quiet) step('MariaDB is not installed: installing it with apt-get (mariadb-server)…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env, quiet: true });
  await run('apt-get', ['install', '-y', 'mariadb-server'], { env, quiet: true });
  bins = find();
  if (!bins.server || !bins.installDb)
    throw new UserError(
      `mariadb-server was installed but mariadbd / mariadb-install-db were not found.\n${howTo}`,
    );
  return bins;
}

function logTail(lines = 15) {
  try {
    return readFileSync(paths.log, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Reuses the private server when it runs, otherwise initialises its data folder (once) and starts it
 * on a free port, bound to 127.0.0.1, root without a password (it is reachable from this machine only).
 */
async function ensurePrivateMariaDb({ keepRunning = false, quiet = false } = {}) {
  const say = quiet ? () => {} : step;
  const running = privateMariaDbStatus();
  if (running) {
    const r = await waitForServer(running.url, 30_000);
    if (r.ok) {
      say(`Reusing the private MariaDB (pid ${running.pid}, port ${running.port}).`);
      return { ...running, version: r.version, started: false };
    }
    throw new UserError(
      `The private MariaDB (pid ${running.pid}) runs but does not answer on port ${running.port} (${r.error}).\n` +
        `Stop it with: kill ${running.pid}\nIts log: ${paths.log}\n${logTail()}`,
    );
  }
  rmSync(paths.pid, { force: true });
  const bins = await mariaDbBinaries({ quiet });
  mkdirSync(paths.tmp, { recursive: true });
  const asRoot = isRoot() ? ['--user=root'] : [];
  if (!existsSync(join(paths.data, 'mysql'))) {
    say(`Initialising a private MariaDB data folder in ${paths.data}…`);
    rmSync(paths.data, { recursive: true, force: true });
    await run(
      bins.installDb,
      [
        '--no-defaults',
        `--datadir=${paths.data}`,
        `--tmpdir=${paths.tmp}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...asRoot,
      ],
      { quiet: true, label: 'mariadb-install-db' },
    );
  }
  let lastError = '';
  // The free port may be taken between choosing and binding it: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    say(`Starting a private MariaDB on 127.0.0.1:${port} (data in .data/mariadb)…`);
    const pid = spawnServer(bins.server, port, asRoot);
    const url = privateUrl(port);
    const r = await waitForServer(url, 60_000, pid);
    if (r.ok) {
      writeFileSync(paths.port, `${port}\n`);
      if (!keepRunning) onCleanup(() => stopPrivateMariaDb({ quiet }));
      return { pid, port, url, version: r.version, started: true };
    }
    lastError = r.error;
    if (isMariaDbProcess(pid)) process.kill(pid, 'SIGKILL');
    if (!/Bind on TCP\/IP port|Address already in use/.test(logTail(5))) break;
  }
  throw new UserError(
    `The private MariaDB did not start (${lastError}). Its log (${paths.log}):\n${logTail()}`,
  );
}

/** The private server's InnoDB buffer pool: VOLTCART_DB_BUFFER_POOL (e.g. 512M, 2G), 1G by default. */
export function bufferPoolSize(value = process.env.VOLTCART_DB_BUFFER_POOL) {
  if (value === undefined || value === '') return '1G';
  if (!/^\d+[KMG]?$/i.test(value) || Number.parseInt(value, 10) === 0)
    throw new UserError(
      `VOLTCART_DB_BUFFER_POOL must be a size such as 512M or 2G (MariaDB's innodb_buffer_pool_size), not "${value}"`,
    );
  return value.toUpperCase();
}

function spawnServer(binary, port, extra) {
  const log = openSync(paths.log, 'a');
  const child = spawn(
    binary,
    [
      '--no-defaults', // never read the system's my.cnf: its datadir, socket and port belong to another server
      `--datadir=${paths.data}`,
      `--socket=${socketPath()}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${paths.pid}`,
      `--log-error=${paths.log}`,
      // Its own temporary folder: a server cleans up temporary-table files in its tmpdir, and must never touch
      // another server's (a shared /tmp would break the other server's running queries).
      `--tmpdir=${paths.tmp}`,
      '--skip-name-resolve',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      '--max-connections=500',
      // MariaDB's default (128 MB) holds a fraction of a shop's catalogue: 1 GB keeps the 100,000-product sample
      // and its search index in memory and loads a million products several times faster (docs/performance.md).
      `--innodb-buffer-pool-size=${bufferPoolSize()}`,
      // A development server: losing the last second of commits on a power cut is acceptable, and an
      // fsync per commit would make the test suite several times slower on ordinary disks.
      '--innodb-flush-log-at-trx-commit=2',
      ...extra,
    ],
    { detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  child.unref();
  writeFileSync(paths.pid, `${child.pid}\n`);
  return child.pid;
}

async function waitForServer(url, timeoutMs, pid) {
  const deadline = Date.now() + timeoutMs;
  let r = { ok: false, error: 'timed out' };
  while (Date.now() < deadline) {
    r = await probe(url, { timeoutMs: 2000 });
    if (r.ok) return r;
    if (pid && !isMariaDbProcess(pid)) return { ok: false, error: 'the server exited' };
    await sleep(300);
  }
  return r;
}

/** Stops the private server (if it runs) and waits until it has shut down cleanly. */
export async function stopPrivateMariaDb({ quiet = false } = {}) {
  const running = privateMariaDbStatus();
  if (!running) return false;
  if (!quiet) step(`Stopping the private MariaDB (pid ${running.pid})…`);
  process.kill(running.pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (isMariaDbProcess(running.pid) && Date.now() < deadline) await sleep(200);
  if (isMariaDbProcess(running.pid)) {
    warn(`The private MariaDB did not stop in time; killing it (pid ${running.pid}).`);
    process.kill(running.pid, 'SIGKILL');
  }
  rmSync(paths.pid, { force: true });
  return true;
}
