import type {
  adminLoginBody,
  changeEmailBody,
  changePasswordBody,
  codeLoginBody,
  customerLoginBody,
  emailBody,
  linkTokenBody,
  profileBody,
  reminderMailsBody,
  reminderStopBody,
  resetPasswordBody,
  staffSecurityBody,
  twoStepCodeBody,
} from '../schemas/account';
import type { addAddressBody } from '../schemas/address';
import type { auditQuery } from '../schemas/audit';
import type { registerRequest } from '../schemas/auth';
import type { dashboardQuery } from '../schemas/dashboard';
import type { customersQuery } from '../schemas/order';
import type { staffInviteBody, staffUpdateBody } from '../schemas/staff';
import type {
  Address,
  Admin,
  AdminCustomer,
  AuditRecord,
  DashboardMetrics,
  StaffMember,
  User,
} from '../types';
import { route } from './define';

/** Back-office accounts, dashboard and customers. */
export const admin = {
  /**
   * With two-step sign-in on and no `code`: 401 `two_step_required` (the password was right; ask for the code).
   * `device`: a token this desk keeps and sends with later logins (other people's failures never hold it back).
   */
  login: route('POST /admin/login', 'public')
    .body<typeof adminLoginBody>()
    .reply<{ admin: Admin; token: string; device: string }>(),
  /** The staff member's own password (the current one required); other sessions end, this one gets a new token. */
  changePassword: route('POST /admin/password', 'staff').body<typeof changePasswordBody>().reply<{
    admin: Admin;
    token: string;
  }>(),
  /** Starts enrolling an authenticator app: a new secret, as an otpauth:// address and a QR code (SVG). */
  twoStepSetup: route('POST /admin/two-step/setup', 'staff').reply<{
    secret: string;
    uri: string;
    qrSvg: string;
  }>(),
  /** Finishes enrolling with the app's first code; answers ten single-use recovery codes, once. */
  twoStepEnable: route('POST /admin/two-step', 'staff')
    .body<typeof twoStepCodeBody>()
    .reply<{ admin: Admin; recoveryCodes: string[] }>(),
  /** Turns two-step sign-in off (a current code required); refused while the Owner requires it. */
  twoStepDisable: route('POST /admin/two-step/disable', 'staff')
    .body<typeof twoStepCodeBody>()
    .reply<{ admin: Admin }>(),
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
  /** The first password goes by mail to the new staff member, who must change it at the first login. */
  invite: route('POST /admin/staff', 'staff.manage', { status: 201 })
    .body<typeof staffInviteBody>()
    .reply<{ member: StaffMember }>(),
  /** Role and active state; 409 `last_owner` when no active Owner would be left. */
  update: route('PATCH /admin/staff/:id', 'staff.manage')
    .body<typeof staffUpdateBody>()
    .reply<{ member: StaffMember }>(),
  /** A new first password, mailed to the staff member (changed at the next login); every session ends. */
  resetPassword: route('POST /admin/staff/:id/password', 'staff.manage').reply<{ member: StaffMember }>(),
  /** Turns a staff member's two-step sign-in off (a lost phone); they enrol again at the next login if required. */
  resetTwoStep: route('POST /admin/staff/:id/two-step/reset', 'staff.manage').reply<{
    member: StaffMember;
  }>(),
  /** Whether every staff account must use two-step sign-in. */
  security: route('GET /admin/staff-security', 'staff.manage').reply<{ twoStepRequired: boolean }>(),
  saveSecurity: route('PUT /admin/staff-security', 'staff.manage')
    .body<typeof staffSecurityBody>()
    .reply<{ twoStepRequired: boolean }>(),
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
  /** `device`: kept by the browser and sent with later logins (other people's failures never hold it back). */
  login: route('POST /user/login', 'public')
    .body<typeof customerLoginBody>()
    .reply<{ user: User; token: string; device: string }>(),
  /** Mails a reset link when the address has an account; the answer is the same either way. */
  forgotPassword: route('POST /user/password/forgot', 'public').body<typeof emailBody>().reply<object>(),
  /** Sets a new password with the mail's link; every session ends and this answer logs in. */
  resetPassword: route('POST /user/password/reset', 'public')
    .body<typeof resetPasswordBody>()
    .reply<{ user: User; token: string }>(),
  /** Mails a 6-digit sign-in code when the address has an account; the answer is the same either way. */
  requestCode: route('POST /user/code', 'public').body<typeof emailBody>().reply<object>(),
  codeLogin: route('POST /user/code/login', 'public')
    .body<typeof codeLoginBody>()
    .reply<{ user: User; token: string; device: string }>(),
  updateProfile: route('PATCH /user/profile', 'customer').body<typeof profileBody>().reply<{ user: User }>(),
  /** The profile's switch for reminder mails (a cart left waiting, a review request after delivery). */
  reminders: route('PUT /user/reminders', 'customer')
    .body<typeof reminderMailsBody>()
    .reply<{ user: User }>(),
  /** The "Stop reminder mails" link of a reminder mail (no login needed: the link is signed for the account). */
  stopReminders: route('POST /user/reminders/stop', 'public').body<typeof reminderStopBody>().reply<object>(),
  /** Mails a confirmation link to the new address (the e-mail changes when it is opened) and a notice to the old. */
  changeEmail: route('POST /user/email', 'customer').body<typeof changeEmailBody>().reply<object>(),
  confirmEmail: route('POST /user/email/confirm', 'public').body<typeof linkTokenBody>().reply<object>(),
  /** Mails a new link that confirms the account's e-mail address (throttled per account). */
  sendVerification: route('POST /user/email/verify-request', 'customer').reply<object>(),
  /** The link from the welcome mail (or a new one): confirms the address it was sent to. */
  verifyEmail: route('POST /user/email/verify', 'public').body<typeof linkTokenBody>().reply<object>(),
  /** Saves changes to one of the shopper's saved addresses (someone else's is not found). */
  updateAddress: route('PUT /user/address/:addressId', 'customer')
    .body<typeof addAddressBody>()
    .reply<{ user: User }>(),
  /** Other sessions end; this one gets a new token. */
  changePassword: route('POST /user/password', 'customer')
    .body<typeof changePasswordBody>()
    .reply<{ user: User; token: string }>(),
  /** Everything the shop keeps about the shopper. */
  exportData: route('GET /user/data', 'customer').reply<{ data: AccountExport }>(),
  /** Mails a link that confirms the deletion. */
  requestDeletion: route('POST /user/delete-request', 'customer').reply<object>(),
  /** Erases the personal data (orders and tax documents are kept as the law requires); every session ends. */
  confirmDeletion: route('POST /user/delete', 'public').body<typeof linkTokenBody>().reply<object>(),
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
  /** Makes one of the shopper's saved addresses the default (the checkout starts with it); the others stop being it. */
  setDefaultAddress: route('PUT /user/address/:addressId/default', 'customer').reply<{ user: User }>(),
};

/** A shopper's own data, as "Download my data" gives it. */
export interface AccountExport {
  exportedAt: string;
  profile: { name: string; email: string; createdAt: string };
  addresses: Address[];
  orders: {
    _id: string;
    placedAt: string;
    state: string;
    total: number;
    paymentMode: 'cod' | 'online';
    shippingAddress: Omit<Address, '_id'>;
    lines: { name: string; options: string; qty: number; unitPrice: number }[];
    refunds: { amount: number; state: string; at: string }[];
  }[];
  newsletter: boolean;
}
