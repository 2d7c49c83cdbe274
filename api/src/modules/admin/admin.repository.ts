import type { StaffRole } from '@voltcart/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';
import { containsPattern } from '../../db/like';

type Q = Kysely<Database>;

const columns = [
  'id',
  'name',
  'email',
  'password_hash',
  'token_version',
  'role',
  'active',
  'created_at',
] as const;

export function findAdminByEmail(db: Q, email: string) {
  return db.selectFrom('admins').select(columns).where('email', '=', email).executeTakeFirst();
}

export function findAdminById(db: Q, id: number) {
  return db.selectFrom('admins').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function insertAdmin(
  db: Q,
  values: { name: string; email: string; password_hash: string; role?: StaffRole },
): Promise<number> {
  const r = await db.insertInto('admins').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** New password (and name, role or state, when given); the token version moves on so old sessions end. */
export async function resetAdmin(
  db: Q,
  id: number,
  values: { password_hash: string; name?: string; role?: StaffRole; active?: number },
): Promise<void> {
  await db
    .updateTable('admins')
    .set((eb) => ({ ...values, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function bumpAdminTokenVersion(db: Q, id: number): Promise<void> {
  await db
    .updateTable('admins')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The dashboard's counts (admin.service.ts says what each one means): customers, every order, orders waiting
 * for dispatch, and the revenue in paise.
 */
export async function dashboardFigures(db: Q) {
  const [users, orders] = await Promise.all([
    db.selectFrom('users').select(sql<string>`COUNT(*)`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select([
        sql<string>`COUNT(*)`.as('orders'),
        sql<string>`COALESCE(SUM(CASE WHEN state IN ('placed', 'paid') THEN 1 ELSE 0 END), 0)`.as('to_ship'),
        sql<string>`COALESCE(SUM(CASE
          WHEN payment_mode = 1 AND state IN ('paid', 'shipped', 'delivered') THEN total_paise
          WHEN payment_mode = 0 AND state = 'delivered' THEN total_paise
          ELSE 0 END), 0)`.as('revenue'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    customers: Number(users.n),
    orders: Number(orders.orders),
    toShip: Number(orders.to_ship),
    revenuePaise: Number(orders.revenue),
  };
}

/**
 * The dashboard's figures of one period: accounts created and orders placed at `from` or later and before `to`
 * (users_created and orders_created find those rows), revenue in paise by payment mode, and the cash on
 * delivery still to collect (admin.service.ts says what each one means).
 */
export async function periodFigures(db: Q, from: Date, to: Date) {
  const [users, orders] = await Promise.all([
    db
      .selectFrom('users')
      .select(sql<string>`COUNT(*)`.as('n'))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select([
        sql<string>`COUNT(*)`.as('orders'),
        sql<string>`COALESCE(SUM(CASE WHEN payment_mode = 1 AND state IN ('paid', 'shipped', 'delivered')
          THEN total_paise ELSE 0 END), 0)`.as('online'),
        sql<string>`COALESCE(SUM(CASE WHEN payment_mode = 0 AND state = 'delivered'
          THEN total_paise ELSE 0 END), 0)`.as('cod'),
        sql<string>`COALESCE(SUM(CASE WHEN payment_mode = 0 AND state IN ('placed', 'shipped')
          THEN total_paise ELSE 0 END), 0)`.as('cod_to_collect'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    newCustomers: Number(users.n),
    orders: Number(orders.orders),
    onlinePaise: Number(orders.online),
    codPaise: Number(orders.cod),
    codToCollectPaise: Number(orders.cod_to_collect),
  };
}

/** Customers, newest first, each with their number of orders; `q` finds an email or a name. */
export interface CustomerFilter {
  q?: string;
  blocked?: boolean;
  /** Joined on or after / before these instants. */
  joinedFrom?: Date;
  joinedBefore?: Date;
}

function customerWhere(db: Q, f: CustomerFilter) {
  let q = db.selectFrom('users as u');
  if (f.q) {
    const like = containsPattern(f.q.toLowerCase());
    q = q.where((eb) => eb.or([eb('u.email', 'like', like), eb('u.name', 'like', like)]));
  }
  if (f.blocked !== undefined) q = q.where('u.blocked_at', f.blocked ? 'is not' : 'is', null);
  if (f.joinedFrom) q = q.where('u.created_at', '>=', f.joinedFrom);
  if (f.joinedBefore) q = q.where('u.created_at', '<', f.joinedBefore);
  return q;
}

/**
 * A page of customers with their order counts, in the order asked (ties by id, so pages never overlap). The
 * page's ids come first from the sort's index (users_created, users_name, email: each holds the id), then only
 * those accounts are read and their orders counted: a deep page no longer reads and counts the orders of every
 * customer it skips.
 */
export function listCustomers(
  db: Q,
  f: CustomerFilter & {
    sort: 'joined' | 'name' | 'email';
    dir: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
) {
  const column = f.sort === 'name' ? 'u.name' : f.sort === 'email' ? 'u.email' : 'u.created_at';
  // A text search matches a few accounts anywhere in the table: walking the sort's index to them (the
  // optimiser's choice with a LIMIT) read every account row by row (0.4 s at 100,000); sorting by a value the
  // index cannot give reads the table once and sorts the matches.
  const pageKey = f.q ? sql`COALESCE(${sql.ref(column)})` : sql.ref(column);
  const page = customerWhere(db, f)
    .select('u.id')
    .orderBy(pageKey, f.dir)
    .orderBy('u.id', f.dir)
    .limit(f.limit)
    .offset(f.offset);
  return db
    .selectFrom(page.as('k'))
    .innerJoin('users as u', 'u.id', 'k.id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.created_at',
      'u.blocked_at',
      (eb) =>
        eb
          .selectFrom('orders as o')
          .select(sql<string>`COUNT(*)`.as('n'))
          .whereRef('o.user_id', '=', 'u.id')
          .as('order_count'),
    ])
    .orderBy(column, f.dir)
    .orderBy('u.id', f.dir)
    .execute();
}

export async function countCustomers(db: Q, f: CustomerFilter): Promise<number> {
  const r = await customerWhere(db, f).select(sql<string>`COUNT(*)`.as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}
