import type { addAddressBody } from '../schemas/address';
import type { auditQuery } from '../schemas/audit';
import type { loginBody, registerRequest } from '../schemas/auth';
import type { dashboardQuery } from '../schemas/dashboard';
import type { customersQuery } from '../schemas/order';
import type { staffInviteBody, staffUpdateBody } from '../schemas/staff';
import type { Admin, AdminCustomer, AuditRecord, DashboardMetrics, StaffMember, User } from '../types';
import { route } from './define';

/** Back-office accounts, dashboard and customers. */
export const admin = {
  login: route('POST /admin/login', 'public')
    .body<typeof loginBody>()
    .reply<{ admin: Admin; token: string }>(),
  /** Ends this session only (other logins of the account go on). */
  logout: route('POST /admin/logout', 'staff').reply<object>(),
  /** Ends every session of the account, this one included. */
  logoutEverywhere: route('POST /admin/logout-everywhere', 'staff').reply<object>(),
  /** Lets the desktop app check a stored session before showing the dashboard. */
  me: route('GET /admin/me', 'staff').reply<{ admin: Admin }>(),
  /** All-time figures, and the figures of `period` (today, 7d, 30d: days in the shop's time zone). */
  metrics: route('GET /admin/metrics', 'dashboard.read').query<typeof dashboardQuery>().reply<{
    metrics: DashboardMetrics;
  }>(),
  customers: route('GET /admin/users', 'customers.read').query<typeof customersQuery>().reply<{
    users: AdminCustomer[];
    hasMore: boolean;
    /** Every customer the filters match (all pages). */
    total: number;
  }>(),
};

/**
 * Staff accounts (the Owner's staff screen). A password is made by the API and answered once (on invite and on
 * reset); nobody can read it later. No route deletes an account: deactivating keeps its name in the history.
 */
export const staff = {
  list: route('GET /admin/staff', 'staff.manage').reply<{ staff: StaffMember[] }>(),
  invite: route('POST /admin/staff', 'staff.manage', { status: 201 })
    .body<typeof staffInviteBody>()
    .reply<{ member: StaffMember; password: string }>(),
  /** Role and active state; 409 `last_owner` when no active Owner would be left. */
  update: route('PATCH /admin/staff/:id', 'staff.manage')
    .body<typeof staffUpdateBody>()
    .reply<{ member: StaffMember }>(),
  /** A new password, answered once; every session of the account ends. */
  resetPassword: route('POST /admin/staff/:id/password', 'staff.manage').reply<{
    member: StaffMember;
    password: string;
  }>(),
};

/**
 * The change history, newest first. Read-only: no route edits or deletes a record (the database refuses it too).
 */
export const audit = {
  /** `people`: every staff account, for the person filter. */
  list: route('GET /admin/audit', 'audit.read').query<typeof auditQuery>().reply<{
    records: AuditRecord[];
    hasMore: boolean;
    people: { _id: string; name: string }[];
  }>(),
};

/** Shoppers' accounts. Identity comes from the token; a `user_id` in a body must match it. */
export const user = {
  register: route('POST /user/register', 'public', { status: 201 })
    .body<typeof registerRequest>()
    .reply<{ user: User; token: string }>(),
  login: route('POST /user/login', 'public').body<typeof loginBody>().reply<{ user: User; token: string }>(),
  /** Ends this session only (other devices stay logged in). */
  logout: route('POST /user/logout', 'customer').reply<object>(),
  /** Ends every session of the account, this one included. */
  logoutEverywhere: route('POST /user/logout-everywhere', 'customer').reply<object>(),
  me: route('GET /user/me', 'customer').reply<{ user: User }>(),
  addAddress: route('POST /user/add-address', 'customer', { status: 201 })
    .body<typeof addAddressBody>()
    .reply<{
      user: User;
    }>(),
  removeAddress: route('DELETE /user/address/:addressId', 'customer').reply<{ user: User }>(),
};
