import { contract, reminderMailsBody, reminderStopBody } from '@voltcart/shared';
import { resource } from '../../lib/routes';
import { loadUser } from '../user/user.service';
import * as reminders from './reminder.service';

const api = contract.user;
const M = reminders.REMINDER_MESSAGES;

/** Reminder mails: the profile's switch and the mails' "Stop reminder mails" link. */
export function reminderRoutes() {
  const { app, on } = resource('/user');

  on(api.reminders, { body: reminderMailsBody }, async (c, input) => {
    const { on: wanted } = await input.body();
    const userId = c.var.principal!.id;
    await reminders.setReminderMails(c.var.db, userId, wanted);
    return { msg: wanted ? M.on : M.off, user: await loadUser(c.var.db, userId) };
  });

  on(api.stopReminders, { body: reminderStopBody }, async (c, input) => {
    const { token } = await input.body();
    await reminders.stopReminders(c.var.db, c.var.config, token);
    return { msg: M.stopped };
  });

  return app;
}
