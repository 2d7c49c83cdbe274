/**
 * Two private MariaDB servers on loopback ports for the scale-out test: a primary with the binary log on and a
 * read-only replica following it with GTID replication. Root is reached over each server's Unix socket only;
 * the API connects over TCP as `voltcart`, the replica replicates as `repl`.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fatal, findExecutable, freePort, run, startProcess, tail, waitFor } from './processes.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');

export const APP_USER = 'voltcart';
export const APP_PASSWORD = 'scale-test-app-password';
const REPL_USER = 'repl';
const REPL_PASSWORD = 'scale-test-repl-password';

export function mariaDbBinaries() {
  return {
    server: findExecutable(['mariadbd', 'mysqld']),
    installDb: findExecutable(['mariadb-install-db', 'mysql_install_db']),
  };
}

const isRoot = () => process.getuid?.() === 0;

/**
 * Initialises a data folder and starts one server. `role` is 'primary' (binary log, GTID source) or
 * 'replica' (read-only, relay log, replication started later by `followPrimary`).
 */
export async function startMariaDb({ dir, name, serverId, role }) {
  const bins = mariaDbBinaries();
  const home = join(dir, name);
  const data = join(home, 'data');
  const tmp = join(home, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const asRoot = isRoot() ? ['--user=root'] : [];
  // Each server its own tmpdir: two servers bootstrapping at once in the same one clash on temporary tables.
  await run(bins.installDb, [
    '--no-defaults',
    `--datadir=${data}`,
    `--tmpdir=${tmp}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    ...asRoot,
  ]);
  const port = await freePort();
  const socket = join(home, 'mysqld.sock');
  const args = [
    '--no-defaults', // never the system my.cnf: its datadir, socket and port belong to another server
    `--datadir=${data}`,
    `--tmpdir=${tmp}`,
    `--socket=${socket}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--pid-file=${join(home, 'mysqld.pid')}`,
    `--log-error=${join(home, 'error.log')}`,
    `--log-basename=${name}`,
    '--skip-name-resolve',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
    '--max-connections=300',
    '--innodb-buffer-pool-size=64M',
    '--innodb-log-file-size=32M',
    '--innodb-flush-log-at-trx-commit=2',
    `--server-id=${serverId}`,
    ...(role === 'primary'
      ? // The change history's append-only triggers are created by the app's (non-SUPER) user: with binary
        // logging on, MariaDB allows that only when it trusts routine creators (see docs/deploy.md).
        [
          `--log-bin=${join(home, 'binlog')}`,
          '--binlog-format=ROW',
          '--sync-binlog=0',
          '--log-bin-trust-function-creators=1',
        ]
      : ['--read-only=ON', `--relay-log=${join(home, 'relay')}`, '--skip-slave-start']),
    ...asRoot,
  ];
  const server = {
    name,
    role,
    port,
    socket,
    args,
    errorLog: join(home, 'error.log'),
    url: (db = 'voltcart') => `mysql://${APP_USER}:${APP_PASSWORD}@127.0.0.1:${port}/${db}`,
    proc: null,
    root: null,
  };
  await launch(server, bins.server);
  return server;
}

async function launch(server, binary = mariaDbBinaries().server) {
  server.proc = startProcess(server.name, binary, server.args, { log: `${server.errorLog}.out` });
  server.root = await waitFor(
    `${server.name} to accept connections`,
    async () => {
      if (!server.proc.running)
        throw fatal(`${server.name} exited during start-up:\n${tail(server.errorLog)}`);
      return mysql.createConnection({ socketPath: server.socket, user: 'root', multipleStatements: true });
    },
    { timeoutMs: 60_000, everyMs: 200 },
  );
  server.root.on('error', () => {}); // a crash test kills the server under this connection on purpose
}

/** Stops a server hard (a crash) and waits for it to be gone. */
export async function crash(server) {
  await server.root?.destroy();
  server.root = null;
  server.proc.signal('SIGKILL');
  await server.proc.exited;
}

/** Starts a stopped server again on the same port and data. */
export async function restart(server) {
  await launch(server);
}

export async function stopServer(server) {
  await server.root?.end().catch(() => {});
  server.root = null;
  await server.proc?.stop(30_000);
}

/** Accounts on the primary (they replicate): the API's user and the replication user. */
export async function prepareAccounts(primary) {
  await primary.root.query(
    `CREATE USER '${REPL_USER}'@'127.0.0.1' IDENTIFIED BY '${REPL_PASSWORD}';
     GRANT REPLICATION SLAVE ON *.* TO '${REPL_USER}'@'127.0.0.1';
     CREATE USER '${APP_USER}'@'127.0.0.1' IDENTIFIED BY '${APP_PASSWORD}';
     GRANT ALL PRIVILEGES ON \`voltcart\`.* TO '${APP_USER}'@'127.0.0.1';
     GRANT SLAVE MONITOR ON *.* TO '${APP_USER}'@'127.0.0.1';
     CREATE DATABASE scale_probe;
     CREATE TABLE scale_probe.lag (id INT AUTO_INCREMENT PRIMARY KEY, written_at DATETIME(6) NOT NULL);`,
  );
}

/** Points the replica at the primary with GTID replication from the very first transaction, and starts it. */
export async function followPrimary(replica, primary) {
  await replica.root.query(
    `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port},
       MASTER_USER='${REPL_USER}', MASTER_PASSWORD='${REPL_PASSWORD}',
       MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1`,
  );
  await startReplication(replica);
}

export async function startReplication(replica) {
  await replica.root.query('START SLAVE');
  await waitFor(
    'replication threads to run',
    async () => {
      const s = await replicationStatus(replica);
      if (s?.Last_IO_Error || s?.Last_SQL_Error) throw new Error(s.Last_IO_Error || s.Last_SQL_Error);
      return s?.Slave_IO_Running === 'Yes' && s?.Slave_SQL_Running === 'Yes';
    },
    { timeoutMs: 30_000 },
  );
}

export async function replicationStatus(replica) {
  const [rows] = await replica.root.query('SHOW SLAVE STATUS');
  return rows[0] ?? null;
}

export async function gtidBinlogPos(primary) {
  const [rows] = await primary.root.query('SELECT @@GLOBAL.gtid_binlog_pos AS pos');
  return rows[0].pos;
}

/** Waits until the replica has applied everything the primary has written so far; returns the wait in ms. */
export async function catchUp(replica, primary, timeoutSeconds = 30) {
  const pos = await gtidBinlogPos(primary);
  const started = performance.now();
  const [rows] = await replica.root.query('SELECT MASTER_GTID_WAIT(?, ?) AS r', [pos, timeoutSeconds]);
  if (Number(rows[0].r) !== 0)
    throw new Error(`the replica did not reach GTID ${pos} within ${timeoutSeconds} s`);
  return { ms: performance.now() - started, pos };
}

/** `CHECKSUM TABLE` and row count of every table in `db`, by table name. */
export async function tableFingerprints(server, db = 'voltcart') {
  const [tables] = await server.root.query(
    'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name',
    [db],
  );
  // CHECKSUM TABLE of a table with generated columns differs between a primary and its replica with equal rows:
  // those tables are summed over their own columns' values instead.
  const [generated] = await server.root.query(
    "SELECT DISTINCT table_name AS t FROM information_schema.columns WHERE table_schema = ? AND generation_expression IS NOT NULL AND generation_expression <> ''",
    [db],
  );
  const withGenerated = new Set(generated.map((g) => g.t));
  const out = {};
  for (const { t } of tables) {
    const [[count]] = await server.root.query(`SELECT COUNT(*) AS n FROM \`${db}\`.\`${t}\``);
    out[t] = `${count.n} rows, checksum ${await checksum(server, db, t, withGenerated.has(t))}`;
  }
  return out;
}

async function checksum(server, db, table, hasGenerated) {
  if (!hasGenerated) {
    const [[sum]] = await server.root.query(`CHECKSUM TABLE \`${db}\`.\`${table}\``);
    return sum.Checksum;
  }
  const [columns] = await server.root.query(
    "SELECT column_name AS c FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND (generation_expression IS NULL OR generation_expression = '') ORDER BY ordinal_position",
    [db, table],
  );
  const values = columns.map(({ c }) => `IFNULL(HEX(\`${c}\`), '-')`).join(', ');
  const [[sum]] = await server.root.query(
    `SELECT BIT_XOR(CRC32(CONCAT_WS('|', ${values}))) AS s FROM \`${db}\`.\`${table}\``,
  );
  return `crc ${sum.s}`;
}

/** A global status counter (e.g. Com_select) of a server. */
export async function globalStatus(server, name) {
  const [rows] = await server.root.query('SHOW GLOBAL STATUS LIKE ?', [name]);
  return Number(rows[0]?.Value ?? 0);
}
