// Covers customers in the back office: the list's filters (blocked, joined dates), sorts and total (GET
// /admin/users); the customer page with addresses, orders and totals (GET /admin/users/:id); blocking (PUT
// /admin/users/:id/block): the customer's tokens stop at once (no cart, no order), their login is refused with
// 403 `account_blocked` while a wrong password still gets the usual 401, and unblocking lets them log in again;
// only admins may do any of it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

async function register(name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${tag}@example.com`;
  const r = await ctx.req('POST', '/user/register', { body: { name, email, password: 'shopper-pass-1' } });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.user._id as string, token: r.body.token as string, email };
}

const block = (id: string, blocked: boolean, token = admin) =>
  ctx.req('PUT', `/admin/users/${id}/block`, { token, body: { blocked } });

describe('the customer page and blocking', () => {
  it('shows the account, addresses, orders and totals', async () => {
    const c = await register('Asha Rao');
    const address = {
      adressLine1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      contact: '9876543210',
    };
    const added = await ctx.req('POST', '/user/add-address', {
      token: c.token,
      body: { shipping_address: address },
    });
    expect(added.status, added.text).toBe(201);
    const p = await makeProduct(ctx.db, { price: 1500, stock: 5 });
    await addToCart(ctx.db, Number(c.id), p.id, 2);
    const placed = await ctx.req('POST', '/order/place-order', { token: c.token, body: orderBody(0) });
    expect(placed.status, placed.text).toBe(201);

    const r = await ctx.req('GET', `/admin/users/${c.id}`, { token: admin });
    expect(r.status, r.text).toBe(200);
    expect(r.body.customer).toMatchObject({ _id: c.id, name: 'Asha Rao', blocked: false, orderCount: 1 });
    expect(r.body.addresses).toHaveLength(1);
    expect(r.body.addresses[0]).toMatchObject({ city: 'Bengaluru' });
    expect(r.body.orders).toEqual([
      expect.objectContaining({ order_id: placed.body.order_id, state: 'placed', order_total: 3000 }),
    ]);
    // "Spent" is the dashboard's revenue rule: cash on delivery counts once it is collected (delivered).
    expect(r.body.totals).toEqual({ orders: 1, spent: 0 });
    for (const state of ['shipped', 'delivered'])
      await ctx.req('PATCH', `/order/status/${placed.body.order_id}`, { token: admin, body: { state } });
    const delivered = await ctx.req('GET', `/admin/users/${c.id}`, { token: admin });
    expect(delivered.body.totals).toEqual({ orders: 1, spent: 3000 });
  });

  it('blocks: the tokens stop at once, login is refused, unblocking lets the customer in again', async () => {
    const c = await register('Ravi Kumar');
    const p = await makeProduct(ctx.db, { price: 500, stock: 5 });
    await addToCart(ctx.db, Number(c.id), p.id, 1);
    const before = await ctx.snapshot();

    const r = await block(c.id, true);
    expect(r.status, r.text).toBe(200);
    expect(r.body.msg).toBe(
      'Ravi Kumar is blocked: they cannot log in or order, and their sessions have ended.',
    );
    expect(r.body.customer).toMatchObject({ blocked: true });

    const order = await ctx.req('POST', '/order/place-order', { token: c.token, body: orderBody(0) });
    expect(order.status).toBe(401);
    expect((await ctx.req('GET', '/cart', { token: c.token })).status).toBe(401);
    // Nothing changed but the block's own history record.
    expect(await ctx.snapshot()).toEqual({ ...before, audit_log: before.audit_log! + 1 });

    const login = await ctx.req('POST', '/user/login', {
      body: { email: c.email, password: 'shopper-pass-1' },
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account_blocked' });
    const wrong = await ctx.req('POST', '/user/login', {
      body: { email: c.email, password: 'wrong-pass-1' },
    });
    expect(wrong.status).toBe(401);

    // Blocking again changes nothing.
    expect((await block(c.id, true)).body.customer.blocked).toBe(true);

    expect((await block(c.id, false)).body.msg).toBe('Ravi Kumar is unblocked: they can log in again.');
    const again = await ctx.req('POST', '/user/login', {
      body: { email: c.email, password: 'shopper-pass-1' },
    });
    expect(again.status).toBe(200);
    expect((await ctx.req('GET', '/cart', { token: again.body.token })).status).toBe(200);
    // The tokens from before the block stay ended.
    expect((await ctx.req('GET', '/cart', { token: c.token })).status).toBe(401);
  });

  it('is for admins only, and says which customer does not exist', async () => {
    const c = await register('Meera Iyer');
    expect((await block(c.id, true, '')).status).toBe(401);
    expect((await block(c.id, true, c.token)).status).toBe(403);
    expect((await ctx.req('GET', `/admin/users/${c.id}`, { token: c.token })).status).toBe(403);
    expect((await ctx.req('GET', '/admin/users/999999999', { token: admin })).status).toBe(404);
    expect((await block('abc', true)).status).toBe(404);
    const bad = await ctx.req('PUT', `/admin/users/${c.id}/block`, {
      token: admin,
      body: { blocked: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('blocked must be true or false');
  });
});

describe('the customer list', () => {
  const listTag = randomBytes(3).toString('hex');
  const names = ['Zoya Blocked', 'Anil Early', 'Kiran Late'];
  beforeAll(async () => {
    const made = [];
    for (const n of names) made.push(await register(`${n} ${listTag}`));
    await block(made[0]!.id, true);
    await ctx.db
      .updateTable('users')
      .set({ created_at: new Date('2025-01-15T10:00:00Z') } as never)
      .where('id', '=', Number(made[1]!.id))
      .execute();
  });

  const list = (query: string) => ctx.req('GET', `/admin/users?q=${listTag}&${query}`, { token: admin });

  it('filters by blocked and by joined dates, with the total', async () => {
    const blocked = await list('blocked=true');
    expect(blocked.body.users.map((u: { name: string }) => u.name)).toEqual([`Zoya Blocked ${listTag}`]);
    expect(blocked.body.total).toBe(1);
    expect((await list('blocked=false')).body.total).toBe(2);
    const early = await list('joinedFrom=2025-01-15&joinedTo=2025-01-15');
    expect(early.body.users.map((u: { name: string }) => u.name)).toEqual([`Anil Early ${listTag}`]);
    expect((await list('joinedFrom=2025-01-16')).body.total).toBe(2);
  });

  it('sorts by name, email or joined date either way, with pages that add up', async () => {
    const byName = await list('sort=name&dir=asc');
    expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(
      names.map((n) => `${n} ${listTag}`).sort(),
    );
    const joined = await list('sort=joined&dir=asc&limit=2');
    expect(joined.body.users[0].name).toBe(`Anil Early ${listTag}`);
    expect(joined.body).toMatchObject({ total: 3, hasMore: true });
    const page2 = await list('sort=joined&dir=asc&limit=2&page=2');
    expect(page2.body).toMatchObject({ total: 3, hasMore: false });
    expect(page2.body.users).toHaveLength(1);
    const bad = await list('sort=orders');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('sort must be one of joined, name, email');
  });
});

// The search box matches the start of a word of the name or email, or the start of the email, from indexes
// (customer-search.ts has the rules): prefixes, any order, case and accents, InnoDB's stopwords ("Will"),
// words shorter than the index holds, symbols and FULLTEXT operators that only separate words, and exact
// totals with the other filters.
describe('the customer search', () => {
  const t = randomBytes(3).toString('hex');
  const people = [
    ['Wilhelmina Quartermaine', `wq.${t}@shop-mail.in`],
    ['Will Dubois', `dubois.${t}@shop-mail.in`],
    ['Émile Zola', `ezola.${t}@shop-mail.in`],
    ["Zebulon O'Hara", `zeb.${t}@shop-mail.in`],
    ['Kiran Quartz', `kq.${t}@shop-mail.in`],
  ] as const;
  beforeAll(async () => {
    for (const [name, email] of people) {
      const r = await ctx.req('POST', '/user/register', {
        body: { name, email, password: 'shopper-pass-1' },
      });
      expect(r.status, r.text).toBe(201);
    }
  });
  const search = (q: string, query = '') =>
    ctx.req('GET', `/admin/users?q=${encodeURIComponent(q)}&${query}`, { token: admin });
  const names = async (q: string, query = '') => {
    const r = await search(q, query);
    expect(r.status, r.text).toBe(200);
    expect(r.body.total).toBe(r.body.users.length);
    return r.body.users.map((u: { name: string }) => u.name).sort();
  };

  it('finds the start of any word of the name, in any order, whatever the case and accents', async () => {
    expect(await names('wilh')).toEqual(['Wilhelmina Quartermaine']);
    expect(await names('QUARTER')).toEqual(['Wilhelmina Quartermaine']);
    expect(await names('quart')).toEqual(['Kiran Quartz', 'Wilhelmina Quartermaine']);
    expect(await names('quart wilhelmina')).toEqual(['Wilhelmina Quartermaine']);
    expect(await names('emile')).toEqual(['Émile Zola']);
    expect(await names('ZOL ÉM')).toEqual(['Émile Zola']);
    // A word's middle is not a match: that is what let the old search read every account.
    expect(await names('helmina')).toEqual([]);
    expect(await names('uartz')).toEqual([]);
  });

  it('finds stopwords and words shorter than the index holds', async () => {
    expect(await names('will')).toEqual(['Will Dubois']);
    expect(await names('Zebulon O')).toEqual(["Zebulon O'Hara"]);
    expect(await names('zeb h')).toEqual(["Zebulon O'Hara"]);
    expect(await names('zeb x')).toEqual([]);
    expect(await names('Ze')).toEqual(["Zebulon O'Hara"]);
  });

  it('finds the start of the email, a whole email in any case, and the words of an email', async () => {
    expect(await names(`wq.${t}`)).toEqual(['Wilhelmina Quartermaine']);
    expect(await names(`WQ.${t.toUpperCase()}@SHOP-MAIL.IN`)).toEqual(['Wilhelmina Quartermaine']);
    expect(await names(`dubois.${t}@shop`)).toEqual(['Will Dubois']);
    expect(await names(`ezola.${t.slice(0, 2)}`)).toEqual(['Émile Zola']);
    expect(await names('ezol')).toEqual(['Émile Zola']);
    expect(await names('shop-mail')).toHaveLength(people.length);
    // `%` and `_` are themselves, not LIKE's wildcards.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('treats FULLTEXT operators and symbols as word breaks and never fails on them', async () => {
    expect(await names('+wilh* -quart')).toEqual(['Wilhelmina Quartermaine']);
    expect(await names('"will"')).toEqual(['Will Dubois']);
    expect(await names('(kiran) ~quartz <>')).toEqual(['Kiran Quartz']);
    for (const q of [
      '+',
      '-',
      '*',
      '"',
      '@',
      '(',
      ')',
      '~',
      '<',
      '>',
      '+-*"@()~<>',
      '"unclosed',
      'a*b*c*',
      '@@@',
      "'; DROP TABLE users; --",
      '\\',
      '😀',
      '😀 zola',
      'z'.repeat(120),
      'abc '.repeat(60).trim(),
    ]) {
      const r = await search(q);
      expect(r.status, `${q}: ${r.text}`).toBe(200);
      expect(r.body.total, q).toBe(r.body.users.length);
    }
    expect(await names('😀 zola')).toEqual(['Émile Zola']);
  });

  it('gives the exact total with pages and with the blocked filter', async () => {
    const all = await search(t, 'limit=2&sort=name&dir=asc');
    expect(all.body).toMatchObject({ total: people.length, hasMore: true });
    const seen = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...(await search(t, `limit=2&sort=name&dir=asc&page=${page}`)).body.users);
    expect(seen.map((u: { name: string }) => u.name).sort()).toEqual(people.map(([n]) => n).sort());
    const kiran = seen.find((u: { name: string }) => u.name === 'Kiran Quartz');
    expect((await block(kiran._id, true)).status).toBe(200);
    expect(await names('quart', 'blocked=true')).toEqual(['Kiran Quartz']);
    expect(await names('quart', 'blocked=false')).toEqual(['Wilhelmina Quartermaine']);
    expect((await search(t, 'blocked=false')).body.total).toBe(people.length - 1);
  });
});
