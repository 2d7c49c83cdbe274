import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from './database';

/** One value of a loaded row: text, a number or NULL (booleans as 0/1). */
export type Cell = string | number | null;

/**
 * Rows waiting to be read by the server, by the name a `LOAD DATA LOCAL INFILE` statement gives them. The pool's
 * `infileStreamFactory` (connection.ts) serves only these: the server names the "file" it wants, and a server
 * that asked for any other name (a real path on this machine) gets an error, never a file from the disk.
 */
const waiting = new Map<string, Readable>();
let loads = 0;

/** Chunks of at most 1 MB: mysql2 sends each as one packet, and a packet must stay below 16 MB. */
const CHUNK = 1 << 20;

/**
 * The `infileStreamFactory` of the shop's pools: the rows registered under `name`. mysql2 pauses the stream while
 * the socket's buffer is full, so rows wait in the stream (and its writer waits) instead of piling up in memory.
 */
export function localInfileStream(name: string): Readable {
  const stream = waiting.get(name);
  waiting.delete(name);
  if (!stream) {
    const refusedRead = new Readable({ read() {} });
    queueMicrotask(() =>
      refusedRead.destroy(new Error(`The server asked for a local file "${name}": refused`)),
    );
    return refusedRead;
  }
  return stream;
}

/** A value as LOAD DATA's default text format reads it (tab-separated, backslash escapes, `\N` for NULL). */
function field(v: Cell): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\t\n\r\0]/.test(v)
    ? v.replace(
        /[\\\t\n\r\0]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' })[c]!,
      )
    : v;
}

function tsv(rows: readonly (readonly Cell[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(field).join('\t')}\n`;
  return text;
}

/** Whether the server takes LOAD DATA LOCAL (MariaDB does by default; MySQL 8 has `local_infile` off). */
async function localLoads(db: Kysely<Database>): Promise<boolean> {
  const r = await sql<{ on: number | string }>`SELECT @@local_infile AS \`on\``.execute(db);
  return Number(r.rows[0]?.on) === 1;
}

const insertRows = async (
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
) => {
  for (let i = 0; i < rows.length; i += 5000)
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(
      rows.slice(i, i + 5000).map((row) => sql`(${sql.join(row as Cell[])})`),
    )}`.execute(db);
};

/**
 * Adds rows to a table in one statement: `LOAD DATA LOCAL INFILE` streamed from memory (no SQL to build or
 * parse), or multi-row INSERTs when the server refuses local loads. For rows made unique and valid by the caller
 * (the sample catalogue): LOCAL loads turn duplicate keys and bad values into warnings, so the number of rows
 * written is checked.
 */
export async function loadRows(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
): Promise<void> {
  if (rows.length === 0) return;
  if (!(await localLoads(db))) return insertRows(db, table, columns, rows);
  const load = await streamRows(db, table, columns);
  await load.add(rows);
  await load.end();
}

/** One statement loading a table, fed batch by batch (see `startLoad`). */
interface TableLoad {
  /** Sends rows; resolves when the stream can take more (the server reads them as they come). */
  add(rows: readonly (readonly Cell[])[]): Promise<void>;
  /** Ends the statement: resolves once the server has written every row sent. */
  end(): Promise<void>;
}

async function streamRows(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
): Promise<TableLoad> {
  const name = `voltcart-rows-${++loads}`;
  const stream = new PassThrough({ highWaterMark: 4 * CHUNK });
  waiting.set(name, stream);
  let sent = 0;
  let failure: unknown;
  const done = sql`LOAD DATA LOCAL INFILE ${sql.lit(name)} INTO TABLE ${sql.table(table)}
    CHARACTER SET utf8mb4 (${sql.join(columns.map((c) => sql.ref(c)))})`
    .execute(db)
    .finally(() => waiting.delete(name));
  const failed = done.then(
    () => new Promise<never>(() => {}),
    (e) => {
      failure = e;
      stream.destroy();
      throw e;
    },
  );
  failed.catch(() => {});
  return {
    async add(rows) {
      if (failure) throw failure;
      if (rows.length === 0) return;
      const data = Buffer.from(tsv(rows), 'utf8');
      sent += rows.length;
      for (let i = 0; i < data.length; i += CHUNK)
        if (!stream.write(data.subarray(i, i + CHUNK))) await Promise.race([once(stream, 'drain'), failed]);
    },
    async end() {
      stream.end();
      const r = await done;
      if (Number(r.numAffectedRows) !== sent)
        throw new Error(`Loading ${table}: ${sent} rows sent, ${r.numAffectedRows} written`);
    },
  };
}

/** A table load in a transaction of its own (see `startLoad`). */
export interface BulkLoad extends TableLoad {
  /** The load's transaction, for more statements before the commit. */
  trx: Kysely<Database>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * Starts loading an empty table in a transaction of its own, on a connection of its own (the pool must have one
 * free for each load running at once), with foreign key and unique checks off (on again before the connection
 * goes back to the pool). The rows stream into a temporary table without indexes (appended as they come), and
 * `end` moves them into the table with one INSERT … SELECT: InnoDB fills an empty table in bulk, sorting the rows
 * and building each index once, only from a transaction's first INSERT on it, and not from LOAD DATA, which
 * goes row by row (measured: a million products' search terms, 36 million rows in random key order, slowed to
 * 40 µs a row). Rows are made while the server writes earlier ones, and several loads run side by side.
 */
export async function startLoad(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
): Promise<BulkLoad> {
  const trx = await db.startTransaction().execute();
  const checks = (on: 0 | 1) =>
    sql`SET SESSION foreign_key_checks = ${on}, unique_checks = ${on}`.execute(trx);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const staging = `bulk_load_${table}`;
  try {
    await checks(0);
    let load: TableLoad;
    if (await localLoads(trx)) {
      await sql`CREATE TEMPORARY TABLE ${sql.table(staging)} ENGINE=InnoDB AS SELECT ${list} FROM ${sql.table(table)}
        LIMIT 0`.execute(trx);
      const rows = await streamRows(trx, staging, columns);
      let sent = 0;
      load = {
        add: async (batch) => {
          await rows.add(batch);
          sent += batch.length;
        },
        end: async () => {
          await rows.end();
          const r =
            await sql`INSERT INTO ${sql.table(table)} (${list}) SELECT ${list} FROM ${sql.table(staging)}`.execute(
              trx,
            );
          if (Number(r.numAffectedRows) !== sent)
            throw new Error(`Loading ${table}: ${sent} rows loaded, ${r.numAffectedRows} written`);
          await sql`DROP TEMPORARY TABLE ${sql.table(staging)}`.execute(trx);
        },
      };
    } else load = { add: (rows) => insertRows(trx, table, columns, rows), end: async () => {} };
    return {
      ...load,
      trx,
      commit: async () => {
        await checks(1);
        await trx.commit().execute();
      },
      rollback: async () => {
        await sql`DROP TEMPORARY TABLE IF EXISTS ${sql.table(staging)}`.execute(trx).catch(() => {});
        await checks(1).catch(() => {});
        await trx.rollback().execute();
      },
    };
  } catch (e) {
    await trx.rollback().execute();
    throw e;
  }
}
