// Covers: POST /newsletter/subscribe: 201 for a new email, 200 'already subscribed' for a repeat in any
// letter case, simultaneous sign-ups stored once, and refused input (missing, malformed, wrong type, 10 MB).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const subscribe = (body: unknown) => ctx.req('POST', '/newsletter/subscribe', { body });
const count = async (email: string) =>
  Number(
    (
      await sql<{ n: number }>`SELECT COUNT(*) AS n FROM newsletter_signups WHERE email = ${email}`.execute(
        ctx.db,
      )
    ).rows[0]!.n,
  );

describe('POST /newsletter/subscribe', () => {
  it('stores a new email and answers 201', async () => {
    const r = await subscribe({ email: 'reader@example.com' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      flag: 1,
      msg: 'Thanks for subscribing! We will write when new products and offers arrive.',
    });
    expect(await count('reader@example.com')).toBe(1);
  });

  it('also answers at POST /newsletter', async () => {
    const r = await ctx.req('POST', '/newsletter', { body: { email: 'bare-path@example.com' } });
    expect(r.status).toBe(201);
    expect(await count('bare-path@example.com')).toBe(1);
  });

  it('answers 200 to a repeat, whatever the case and spacing, and keeps one row', async () => {
    await subscribe({ email: 'repeat@example.com' });
    for (const email of ['repeat@example.com', '  REPEAT@Example.com ']) {
      const r = await subscribe({ email });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ flag: 1, msg: 'You are already subscribed.' });
    }
    expect(await count('repeat@example.com')).toBe(1);
  });

  it('stores simultaneous sign-ups of one email once', async () => {
    const rs = await Promise.all([1, 2, 3, 4, 5].map(() => subscribe({ email: 'race@example.com' })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await count('race@example.com')).toBe(1);
  });

  it('needs no login', async () => {
    const s = await ctx.customer();
    const r = await ctx.req('POST', '/newsletter/subscribe', { token: s.token, body: { email: s.email } });
    expect(r.status).toBe(201);
  });

  it('refuses missing, malformed, wrongly typed and oversized emails without storing anything', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: ['a@b.co'] },
      { email: `${'a'.repeat(200_000)}@example.com` },
    ]) {
      const before = await ctx.snapshot();
      const r = await subscribe(body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(/^email /);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });

  it('refuses 10 MB strings (too large, or invalid) without changing anything', async () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    for (const body of [{ email: `${huge}@example.com` }]) {
      const before = await ctx.snapshot();
      const r = await subscribe(body);
      expect([400, 413]).toContain(r.status);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(/too large|must be at most|too long/);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });
});
