import { contract, staffInviteBody, staffUpdateBody } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import * as staff from './staff.service';

const api = contract.staff;

/** The Owner's staff screen: staff accounts, their roles and states, passwords answered once. */
export function staffRoutes() {
  const { app, on } = resource('/admin');

  on(api.list, async (c) => ({ msg: 'Staff.', staff: await staff.listStaff(c.var) }));

  on(api.invite, { body: staffInviteBody }, async (c, input) => {
    const { member, password } = await staff.inviteStaff(c.var, actorOf(c), await input.body());
    return { msg: `${member.name} can now log in with the password shown once.`, member, password };
  });

  on(api.update, { body: staffUpdateBody }, async (c, input) => {
    const id = idParam(c, 'id', 'Staff member');
    const member = await staff.updateStaff(c.var, actorOf(c), id, await input.body());
    return { msg: `${member.name} saved.`, member };
  });

  on(api.resetPassword, async (c) => {
    const { member, password } = await staff.resetStaffPassword(
      c.var,
      actorOf(c),
      idParam(c, 'id', 'Staff member'),
    );
    return { msg: `New password for ${member.name}, shown once.`, member, password };
  });

  return app;
}
