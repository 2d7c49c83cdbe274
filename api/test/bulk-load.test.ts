// Covers: db/bulk-load.ts, the sample seed's bulk writer: rows streamed with LOAD DATA LOCAL INFILE across
// several batches of one statement come back exactly as sent (tabs, newlines, backslashes, NULL, non-ASCII
// text, numbers), nothing is visible before the commit and nothing stays after a rollback, and a server that
// asks for a file the app did not register gets nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Cell, loadRows, startLoad } from '../src/db/bulk-load';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await sql`CREATE TABLE bulk_rows (id INT UNSIGNED PRIMARY KEY, label VARCHAR(100) NULL, n BIGINT NOT NULL,
    KEY bulk_rows_label (label))`.execute(ctx.db);
});
afterAll(() => ctx.close());

const rows = async () =>
  (
    await sql<{
      id: number;
      label: string | null;
      n: number;
    }>`SELECT id, label, n FROM bulk_rows ORDER BY id`.execute(ctx.db)
  ).rows.map((r) => [r.id, r.label, Number(r.n)]);

const awkward: Cell[][] = [
  [1, 'tab\there', 5],
  [2, 'line\nbreak\r\nand \\ backslash', -7],
  [3, null, 0],
  [4, 'Pearl White — ₹1,29,999 · ñ', 2 ** 40],
  [5, '\\N is text, not NULL', 1],
  [6, '', 3],
];

it('writes every row of several batches in one statement, exactly as sent, visible after the commit', async () => {
  const load = await startLoad(ctx.db, 'bulk_rows', ['id', 'label', 'n']);
  await load.add(awkward);
  const many: Cell[][] = Array.from({ length: 30_000 }, (_, i) => [100 + i, `row ${i}`, i]);
  await load.add(many);
  await load.end();
  expect(await rows()).toEqual([]);
  await load.commit();
  expect(await rows()).toEqual([...awkward, ...many]);
  await sql`DELETE FROM bulk_rows`.execute(ctx.db);
});

it('leaves nothing after a rollback', async () => {
  const load = await startLoad(ctx.db, 'bulk_rows', ['id', 'label', 'n']);
  await load.add(awkward);
  await load.end();
  await load.rollback();
  expect(await rows()).toEqual([]);
});

it('loads rows in the caller’s transaction with loadRows', async () => {
  await ctx.db.transaction().execute((trx) => loadRows(trx, 'bulk_rows', ['id', 'label', 'n'], awkward));
  expect(await rows()).toEqual(awkward);
  await sql`DELETE FROM bulk_rows`.execute(ctx.db);
});

it('refuses a file the app did not register', async () => {
  await expect(
    sql`LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE bulk_rows (id, label, n)`.execute(ctx.db),
  ).rejects.toThrow(/refused/);
  expect(await rows()).toEqual([]);
});
