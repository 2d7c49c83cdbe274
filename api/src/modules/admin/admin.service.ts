import {
  type Admin,
  type AdminCustomer,
  type AdminLoginBody,
  type CustomersQuery,
  type DashboardMetrics,
  periodRange,
  type ReportPeriod,
  ROLE_LABELS,
  SHOP_TIME_ZONE,
  toRupees,
} from '@voltcart/shared';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import { AppError, unauthorized } from '../../errors';
import type { Principal } from '../../lib/auth';
import { endSession } from '../../lib/auth-repository';
import { listCounts, readPage } from '../../lib/list-counts';
import { bcryptCost, hashPassword, verifyPassword } from '../../lib/passwords';
import { beginLoginAttempt } from '../../lib/rate-limit';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import { periodSales } from '../reports/reports.service';
import { bumpTokenVersion, readTwoStepRequired, setStaffPassword } from '../staff/staff.repository';
import { checkSecondStep, TWO_STEP_MESSAGES } from '../staff/two-step.service';
import { toAdmin } from './admin.mapping';
import * as repo from './admin.repository';

export const ADMIN_MESSAGES = {
  loggedIn: 'Logged in successfully.',
  loggedOut: 'You have been logged out.',
  loggedOutEverywhere: 'You have been logged out on every device.',
  invalidLogin: 'Invalid email or password.',
  deactivated: 'This staff account has been deactivated.',
  wrongPassword: 'Your current password is not right.',
  samePassword: 'Choose a password different from the one you were given.',
  passwordChanged: 'Your password has been changed. Your other sessions have been logged out.',
} as const;

type AdminDeps = Pick<Deps, 'db' | 'config' | 'tokens'>;

/**
 * Admin login: the same rules as the customer one (throttled before the password check, one message and one
 * bcrypt comparison for unknown emails and wrong passwords), admin audience token. With two-step sign-in on:
 * a right password without a code is 401 `two_step_required` (not a failure); a wrong code is a failure.
 */
export async function login(
  d: AdminDeps,
  input: AdminLoginBody,
  actor: Actor,
): Promise<{ admin: Admin; token: string; device: string }> {
  const attempt = await beginLoginAttempt(d.db, d.config, 'admin', input.email, actor.ip, input.device);
  const row = await repo.findAdminByEmail(d.db, input.email);
  const ok = await verifyPassword(input.password, row?.password_hash, bcryptCost(d.config.NODE_ENV));
  if (!ok) await attempt.failed();
  if (!ok || !row || !row.active) {
    // A failed login is history too (someone trying passwords shows up), known account or not.
    await recordAudit(d.db, {
      actor: { ...actor, id: null, name: row?.name },
      action: 'session.login_failed',
      kind: 'session',
      objectId: row?.id ?? null,
      summary: `Failed login as ${input.email}${row && ok ? ' (deactivated account)' : ''}`,
    });
    if (!ok || !row) throw new AppError(401, 'invalid_credentials', ADMIN_MESSAGES.invalidLogin);
    throw unauthorized(ADMIN_MESSAGES.deactivated);
  }
  if (row.totp_secret) {
    if (!input.code) {
      await attempt.takeBack();
      throw new AppError(401, 'two_step_required', TWO_STEP_MESSAGES.codeNeeded);
    }
    const code = input.code;
    const passed = await transaction(d.db, (trx) => checkSecondStep(d, trx, row.id, code));
    if (!passed) {
      await attempt.failed();
      await recordAudit(d.db, {
        actor: { ...actor, id: null, name: row.name },
        action: 'session.login_failed',
        kind: 'session',
        objectId: row.id,
        summary: `Failed two-step code for ${input.email}`,
      });
      throw new AppError(401, 'invalid_code', TWO_STEP_MESSAGES.badCode);
    }
  }
  const device = await attempt.succeeded();
  await recordAudit(d.db, {
    actor: { ...actor, id: row.id, name: row.name },
    action: 'session.login',
    kind: 'session',
    objectId: row.id,
    summary: `Logged in as ${ROLE_LABELS[row.role]}`,
  });
  const token = await d.tokens.sign('admin', row.id, row.token_version);
  return { admin: toAdmin(row, await readTwoStepRequired(d.db)), token, device };
}

/**
 * A staff member's own new password (the current one required, throttled like a login). A password someone
 * else set must be replaced by a different one; the account's other sessions end and this one gets a new token.
 */
export async function changePassword(
  d: AdminDeps,
  actor: Actor,
  id: number,
  input: { currentPassword: string; password: string },
): Promise<{ admin: Admin; token: string }> {
  const row = await repo.findAdminById(d.db, id);
  if (!row) throw unauthorized('Your session is not valid. Please log in again.');
  const cost = bcryptCost(d.config.NODE_ENV);
  const attempt = await beginLoginAttempt(d.db, d.config, 'admin', row.email, actor.ip);
  if (!(await verifyPassword(input.currentPassword, row.password_hash, cost))) {
    await attempt.failed();
    throw new AppError(401, 'invalid_credentials', ADMIN_MESSAGES.wrongPassword);
  }
  await attempt.succeeded();
  if (input.password === input.currentPassword)
    throw new AppError(400, 'invalid_input', ADMIN_MESSAGES.samePassword);
  const hash = await hashPassword(input.password, cost);
  await transaction(d.db, async (trx) => {
    await setStaffPassword(trx, id, hash, false);
    await recordAudit(trx, {
      actor,
      action: 'staff.password_change',
      kind: 'staff',
      objectId: id,
      summary: `${row.name} changed their password`,
    });
  });
  const fresh = (await repo.findAdminById(d.db, id))!;
  return {
    admin: toAdmin(fresh, await readTwoStepRequired(d.db)),
    token: await d.tokens.sign('admin', id, fresh.token_version),
  };
}

/** Ends this session only: the same account's other logins (another desk, the browser) go on. */
export function logout(db: Db, actor: Actor, session: Pick<Principal, 'id' | 'sid' | 'exp'>): Promise<void> {
  return transaction(db, async (trx) => {
    await endSession(trx, session.sid, new Date(session.exp * 1000));
    await recordAudit(trx, {
      actor,
      action: 'session.logout',
      kind: 'session',
      objectId: session.id,
      summary: 'Logged out',
    });
  });
}

/** Moving the token version on ends every session of the account at once. */
export function logoutEverywhere(db: Db, actor: Actor, id: number): Promise<void> {
  return transaction(db, async (trx) => {
    await bumpTokenVersion(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'session.logout_everywhere',
      kind: 'session',
      objectId: id,
      summary: 'Logged out on every device',
    });
  });
}

export async function loadAdmin(db: Db, id: number): Promise<Admin> {
  const row = await repo.findAdminById(db, id);
  if (!row) throw unauthorized('Your session is not valid. Please log in again.');
  return toAdmin(row, await readTwoStepRequired(db));
}

/**
 * Dashboard figures. All time (or right now):
 * - customers: registered customer accounts
 * - revenue (rupees): money taken: online orders once paid (paid, shipped, delivered) plus cash-on-delivery
 *   orders once delivered (the cash is collected at the door; until then it is not counted)
 * - ordersToShip: orders waiting for dispatch now, whenever placed (`placed` cash-on-delivery and `paid` online)
 * - orders: every order ever created, whatever its state
 * And for `period` (calendar days in the shop's time zone, Asia/Kolkata: see periodRange), by creation time:
 * - newCustomers: accounts created in the period
 * - orders: orders placed in the period, whatever their state now
 * - revenue = revenueOnline (placed in the period and paid online) + revenueCod (placed in the period and
 *   delivered), the all-time rule applied to the period's orders; gross (before discounts) and discounts of the
 *   same orders, the reports' figures (revenue = gross - discounts - refunds)
 * - codToCollect: cash-on-delivery orders placed in the period that are neither delivered nor cancelled yet
 */
export async function dashboardMetrics(
  db: Db,
  period: ReportPeriod,
  now: Date = new Date(),
): Promise<DashboardMetrics> {
  const { from, to } = periodRange(period, now, SHOP_TIME_ZONE);
  // The period's sales come from the reports' aggregates: the dashboard and the Reports screen agree to the paisa.
  const [f, p, sales] = await Promise.all([
    repo.dashboardFigures(db),
    repo.periodFigures(db, from, to),
    periodSales(db, from, to),
  ]);
  return {
    customers: f.customers,
    revenue: toRupees(f.revenuePaise),
    ordersToShip: f.toShip,
    orders: f.orders,
    period: {
      key: period,
      from: from.toISOString(),
      to: to.toISOString(),
      timeZone: SHOP_TIME_ZONE,
      newCustomers: p.newCustomers,
      orders: sales.orders,
      revenue: toRupees(sales.prepaidNetPaise + sales.codNetPaise),
      gross: toRupees(sales.grossPaise + sales.discountsPaise),
      discounts: toRupees(sales.discountsPaise),
      revenueOnline: toRupees(sales.prepaidNetPaise),
      revenueCod: toRupees(sales.codNetPaise),
      codToCollect: toRupees(p.codToCollectPaise),
    },
  };
}

/** A customer row of the list (and of the customer page). */
export function toAdminCustomer(u: {
  id: number;
  name: string;
  email: string;
  created_at: Date;
  blocked_at: Date | null;
  order_count: string | number | null;
}): AdminCustomer {
  return {
    _id: String(u.id),
    name: u.name,
    email: u.email,
    orderCount: Number(u.order_count ?? 0),
    createdAt: u.created_at.toISOString(),
    blocked: u.blocked_at !== null,
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * A page of the customer list with the total the filters match:
 * - `q` finds the start of a name word or of the email (customer-search.ts); `blocked` keeps blocked (or active)
 *   accounts; `joinedFrom` / `joinedTo` are whole days (UTC), both included
 * - sorted by joined date (default, newest first), name or email; ties by id
 * - the total first (kept per filter, lib/list-counts.ts), then the page read from the nearer end of the list
 */
export async function listCustomers(
  db: Db,
  f: CustomersQuery,
): Promise<{ users: AdminCustomer[]; hasMore: boolean; total: number }> {
  const filter: repo.CustomerFilter = {
    q: f.q,
    blocked: f.blocked,
    joinedFrom: f.joinedFrom ? new Date(`${f.joinedFrom}T00:00:00Z`) : undefined,
    joinedBefore: f.joinedTo ? nextDay(f.joinedTo) : undefined,
  };
  const offset = (f.page - 1) * f.limit;
  const total = await listCounts.count(db, 'users', JSON.stringify(filter), () =>
    repo.countCustomers(db, filter),
  );
  const rows = await readPage({ offset, limit: f.limit, dir: f.dir }, total, (window) =>
    repo.listCustomers(db, { ...filter, sort: f.sort, ...window }),
  );
  return {
    users: rows.map((u) => toAdminCustomer({ ...u, id: Number(u.id) })),
    hasMore: offset + rows.length < total,
    total,
  };
}
