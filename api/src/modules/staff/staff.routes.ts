import { contract, staffInviteBody, staffSecurityBody, staffUpdateBody } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import * as staff from './staff.service';

const api = contract.staff;

/** The Owner's staff screen: staff accounts, their roles and states, first passwords mailed to them. */
export function staffRoutes() {
  const { app, on } = resource('/admin');

  on(api.list, async (c) => ({ msg: 'Staff.', staff: await staff.listStaff(c.var) }));

  on(api.invite, { body: staffInviteBody }, async (c, input) => {
    const member = await staff.inviteStaff(c.var, actorOf(c), await input.body());
    return { msg: `${staff.STAFF_MESSAGES.passwordMailed(member)}`, member };
  });

  on(api.update, { body: staffUpdateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Staff member');
    const member = await staff.updateStaff(c.var, actorOf(c), id, await input.body());
    return { msg: `${member.name} saved.`, member };
  });

  on(api.resetPassword, async (c) => {
    const member = await staff.resetStaffPassword(c.var, actorOf(c), idParam(c, 'id', 'Staff member'));
    return { msg: staff.STAFF_MESSAGES.passwordMailed(member), member };
  });

  on(api.resetTwoStep, async (c) => {
    const member = await staff.resetStaffTwoStep(c.var, actorOf(c), idParam(c, 'id', 'Staff member'));
    return { msg: `Two-step sign-in turned off for ${member.name}.`, member };
  });

  on(api.security, async (c) => ({
    msg: 'Staff security.',
    twoStepRequired: await staff.twoStepRequired(c.var),
  }));

  on(api.saveSecurity, { body: staffSecurityBody }, async (c, input) => {
    const { twoStepRequired } = await input.body();
    return {
      msg: twoStepRequired
        ? 'Every staff account now needs two-step sign-in.'
        : 'Two-step sign-in is no longer required.',
      twoStepRequired: await staff.saveTwoStepRequired(c.var, actorOf(c), twoStepRequired),
    };
  });

  return app;
}
