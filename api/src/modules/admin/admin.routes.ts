import { AUTH_MESSAGES, loginBody } from '@voltcart/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../lib/access';
import { clientAddress, withRetryAfter } from '../../lib/rate-limit';
import { jsonBody, parse, requireFields } from '../../lib/validate';
import * as admins from './admin.service';

const M = admins.ADMIN_MESSAGES;

export function adminRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/login', access.public, async (c) => {
    const body = await jsonBody(c);
    requireFields(body, ['email', 'password'], AUTH_MESSAGES.fillAll);
    const input = parse(loginBody, body);
    const { admin, token } = await admins.login(c.var, input, clientAddress(c)).catch(withRetryAfter(c));
    return c.json({ flag: 1, msg: M.loggedIn, admin, token });
  });

  r.post('/logout', access.admin, async (c) => {
    await admins.logout(c.var.db, c.var.principal!.id);
    return c.json({ flag: 1, msg: M.loggedOut });
  });

  /** Lets the desktop app check a stored session before showing the dashboard. */
  r.get('/me', access.admin, async (c) => {
    const admin = await admins.loadAdmin(c.var.db, c.var.principal!.id);
    return c.json({ flag: 1, msg: 'OK', admin });
  });

  return r;
}
