import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/lib/transaction';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('transaction()', () => {
  it('runs at READ COMMITTED on every pooled connection (set once per connection)', async () => {
    // Concurrent transactions take several connections of the pool, fresh ones included.
    const levels = await Promise.all(
      Array.from({ length: 6 }, () =>
        transaction(ctx.db, async (trx) => {
          const r = await sql<{ level: string; id: number }>`
            SELECT @@tx_isolation AS level, CONNECTION_ID() AS id, SLEEP(0.05) AS s`.execute(trx);
          return r.rows[0]!;
        }),
      ),
    );
    expect(new Set(levels.map((l) => l.id)).size).toBeGreaterThan(1);
    expect(levels.map((l) => l.level)).toEqual(Array(6).fill('READ-COMMITTED'));
  });

  it('undoes every statement when the function throws', async () => {
    const email = `rollback-${Date.now()}@example.com`;
    await expect(
      transaction(ctx.db, async (trx) => {
        await trx.insertInto('newsletter_signups').values({ email }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const row = await ctx.db
      .selectFrom('newsletter_signups')
      .select('email')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
