import {
  AUTH_MESSAGES,
  adminLoginBody,
  changePasswordBody,
  contract,
  customersQuery,
  dashboardQuery,
  twoStepCodeBody,
} from '@voltcart/shared';
import { withRetryAfter } from '../../lib/rate-limit';
import { resource } from '../../lib/routes';
import { requireFields } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import * as twoStep from '../staff/two-step.service';
import * as admins from './admin.service';

const M = admins.ADMIN_MESSAGES;
const api = contract.admin;

/** The back office's own routes: login, session, dashboard figures and the customer list. */
export function adminRoutes() {
  const { app, on } = resource('/admin');

  on(api.login, { body: adminLoginBody }, async (c, input) => {
    requireFields(await input.raw(), ['email', 'password'], AUTH_MESSAGES.fillAll);
    const credentials = await input.body();
    const reply = await admins.login(c.var, credentials, actorOf(c)).catch(withRetryAfter(c));
    return { msg: M.loggedIn, ...reply };
  });

  on(api.changePassword, { body: changePasswordBody }, async (c, input) => {
    const body = await input.body();
    const reply = await admins
      .changePassword(c.var, actorOf(c), c.var.principal!.id, body)
      .catch(withRetryAfter(c));
    return { msg: M.passwordChanged, ...reply };
  });

  on(api.twoStepSetup, async (c) => ({
    msg: 'Scan the QR code with your authenticator app, then enter the code it shows.',
    ...(await twoStep.startEnrolment(c.var, c.var.principal!.id)),
  }));

  on(api.twoStepEnable, { body: twoStepCodeBody }, async (c, input) => {
    const { code } = await input.body();
    const reply = await twoStep.enable(c.var, actorOf(c), c.var.principal!.id, code);
    return {
      msg: 'Two-step sign-in is on. Keep the recovery codes somewhere safe: each works once.',
      ...reply,
    };
  });

  on(api.twoStepDisable, { body: twoStepCodeBody }, async (c, input) => {
    const { code } = await input.body();
    const admin = await twoStep.disable(c.var, actorOf(c), c.var.principal!.id, code);
    return { msg: 'Two-step sign-in is off.', admin };
  });

  on(api.logout, async (c) => {
    await admins.logout(c.var.db, actorOf(c), c.var.principal!);
    return { msg: M.loggedOut };
  });

  on(api.logoutEverywhere, async (c) => {
    await admins.logoutEverywhere(c.var.db, actorOf(c), c.var.principal!.id);
    return { msg: M.loggedOutEverywhere };
  });

  on(api.me, async (c) => ({ admin: await admins.loadAdmin(c.var.db, c.var.principal!.id) }));

  on(api.metrics, { query: dashboardQuery }, async (c, { query }) => ({
    msg: 'Dashboard figures.',
    metrics: await admins.dashboardMetrics(c.var.db, query.period),
  }));

  on(api.customers, { query: customersQuery }, async (c, { query }) => {
    return { msg: 'Customers.', ...(await admins.listCustomers(c.var.db, query)) };
  });

  return app;
}
