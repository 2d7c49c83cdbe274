import type { addAddressBody } from '../schemas/address';
import type { loginBody, registerRequest } from '../schemas/auth';
import type { dashboardQuery } from '../schemas/dashboard';
import type { customersQuery } from '../schemas/order';
import type { Admin, AdminCustomer, DashboardMetrics, User } from '../types';
import { route } from './define';

/** Back-office accounts, dashboard and customers. */
export const admin = {
  login: route('POST /admin/login', 'public')
    .body<typeof loginBody>()
    .reply<{ admin: Admin; token: string }>(),
  /** Ends this session only (other logins of the account go on). */
  logout: route('POST /admin/logout', 'admin').reply<object>(),
  /** Ends every session of the account, this one included. */
  logoutEverywhere: route('POST /admin/logout-everywhere', 'admin').reply<object>(),
  /** Lets the desktop app check a stored session before showing the dashboard. */
  me: route('GET /admin/me', 'admin').reply<{ admin: Admin }>(),
  /** All-time figures, and the figures of `period` (today, 7d, 30d: days in the shop's time zone). */
  metrics: route('GET /admin/metrics', 'admin').query<typeof dashboardQuery>().reply<{
    metrics: DashboardMetrics;
  }>(),
  customers: route('GET /admin/users', 'admin').query<typeof customersQuery>().reply<{
    users: AdminCustomer[];
    hasMore: boolean;
    /** Every customer the filters match (all pages). */
    total: number;
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
