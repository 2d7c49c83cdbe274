import type { StaffRole } from '@voltcart/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { prefixPattern } from '../../db/like';
import { moneyTakenPaise } from '../../db/money-taken';
import { customerColumns } from '../customer/customer.repository';
import { type CustomerSearch, customerSearch } from './customer-search';

/** A staff account's columns as the staff pages read them (its password hash and token version aside). */
export const staffColumns = [
  'id',
  'name',
  'email',
  'role',
  'active',
  'created_at',
  'must_change_password',
  'totp_secret',
] as const;

const columns = [...staffColumns, 'password_hash', 'token_version'] as const;

export function findAdminByEmail(db: Db, email: string) {
  return db.selectFrom('admins').select(columns).where('email', '=', email).executeTakeFirst();
}

export function findAdminById(db: Db, id: number) {
  return db.selectFrom('admins').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function insertAdmin(
  db: Db,
  values: {
    name: string;
    email: string;
    password_hash: string;
    role?: StaffRole;
    must_change_password?: number;
  },
): Promise<number> {
  const r = await db.insertInto('admins').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** New password (and name, role or state, when given); the token version moves on so old sessions end. */
export async function resetAdmin(
  db: Db,
  id: number,
  values: {
    password_hash: string;
    name?: string;
    role?: StaffRole;
    active?: number;
    must_change_password?: number;
    totp_secret?: null;
    totp_pending?: null;
  },
): Promise<void> {
  await db
    .updateTable('admins')
    .set((eb) => ({ ...values, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The dashboard's counts (admin.service.ts says what each one means): customers, every order, orders waiting
 * for dispatch, and the revenue in paise.
 */
export async function dashboardFigures(db: Db) {
  const [users, orders] = await Promise.all([
    db.selectFrom('users').select(sql<string>`COUNT(*)`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select([
        sql<string>`COUNT(*)`.as('orders'),
        sql<string>`COALESCE(SUM(CASE WHEN state IN ('placed', 'paid') THEN 1 ELSE 0 END), 0)`.as('to_ship'),
        sql<string>`COALESCE(SUM(${moneyTakenPaise()}), 0)`.as('revenue'),
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
 * The dashboard's figures of one period besides its sales (reports.repository salesTotals gives those): accounts
 * created at `from` or later and before `to` (users_created), and the cash on delivery still to collect on the
 * period's orders (admin.service.ts says what each one means).
 */
export async function periodFigures(db: Db, from: Date, to: Date) {
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
        sql<string>`COALESCE(SUM(CASE WHEN payment_mode = 0 AND state IN ('placed', 'shipped')
          THEN total_paise ELSE 0 END), 0)`.as('cod_to_collect'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    newCustomers: Number(users.n),
    codToCollectPaise: Number(orders.cod_to_collect),
  };
}

/** Customers, newest first, each with their number of orders; `q` finds an email or a name (customer-search.ts). */
export interface CustomerFilter {
  q?: string;
  blocked?: boolean;
  /** Joined on or after / before these instants. */
  joinedFrom?: Date;
  joinedBefore?: Date;
}

const minWords = new WeakMap<Db, Promise<number>>();

/** The server's shortest FULLTEXT word (innodb_ft_min_token_size, 3 unless configured), read once per database. */
function minIndexedWord(db: Db): Promise<number> {
  let known = minWords.get(db);
  if (!known) {
    known = sql<{ n: number | string }>`SELECT @@innodb_ft_min_token_size AS n`
      .execute(db)
      .then((r) => Number(r.rows[0]?.n ?? 3));
    known.catch(() => minWords.delete(db));
    minWords.set(db, known);
  }
  return known;
}

/**
 * The ids of the accounts a search finds, each part from an index: the email's start (unique email index), the
 * name's start (users_name), a word's start (FULLTEXT users_search, migration 20261125T0845), the other words
 * checked on what that found. UNION drops the accounts found twice, so the total stays exact.
 */
/** What separates words, as customer-search.ts splits them (PCRE, as MariaDB's REGEXP functions read it). */
const NOT_A_WORD = '[^\\p{L}\\p{N}]+';

function searchIds(db: Db, s: CustomerSearch) {
  const parts = [];
  if (s.emailPrefix !== undefined)
    parts.push(db.selectFrom('users').select('id').where('email', 'like', prefixPattern(s.emailPrefix)));
  if (s.namePrefix !== undefined)
    parts.push(db.selectFrom('users').select('id').where('name', 'like', prefixPattern(s.namePrefix)));
  if (s.fulltext) {
    let words = db
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`MATCH (name, email) AGAINST (${s.fulltext} IN BOOLEAN MODE)`);
    // Name and email as words between spaces, so that LIKE (whose collation ignores case and accents, as the
    // FULLTEXT index does) can ask for a word's start.
    for (const w of s.alsoWords)
      words = words.where(
        sql<boolean>`CONCAT(' ', REGEXP_REPLACE(CONCAT(name, ' ', email), ${NOT_A_WORD}, ' ')) LIKE ${`% ${prefixPattern(w)}`}`,
      );
    parts.push(words);
  }
  const [first, ...rest] = parts;
  if (!first) throw new Error('a customer search always has a part');
  return rest.reduce((all, p) => all.union(p), first);
}

/** The ids of the accounts the customer search finds for `q` (a subquery: the order search reads it too). */
export async function customerIdsMatching(db: Db, q: string) {
  return searchIds(db, customerSearch(q, await minIndexedWord(db)));
}

async function customerWhere(db: Db, f: CustomerFilter) {
  const all = db.selectFrom('users as u');
  // The search's ids first (a few, from indexes), then their accounts by primary key.
  let q = f.q
    ? (all.innerJoin((await customerIdsMatching(db, f.q)).as('m'), 'm.id', 'u.id') as unknown as typeof all)
    : all;
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
export async function listCustomers(
  db: Db,
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
  const page = (await customerWhere(db, f))
    .select('u.id')
    .orderBy(pageKey, f.dir)
    .orderBy('u.id', f.dir)
    .limit(f.limit)
    .offset(f.offset);
  return db
    .selectFrom(page.as('k'))
    .innerJoin('users as u', 'u.id', 'k.id')
    .select(customerColumns)
    .orderBy(column, f.dir)
    .orderBy('u.id', f.dir)
    .execute();
}

export async function countCustomers(db: Db, f: CustomerFilter): Promise<number> {
  const r = await (await customerWhere(db, f)).select(sql<string>`COUNT(*)`.as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}
