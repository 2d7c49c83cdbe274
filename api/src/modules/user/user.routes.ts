import { AUTH_MESSAGES, addAddressBody, loginBody, registerBody } from '@voltcart/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../lib/access';
import { clientAddress, limitRegistrations, withRetryAfter } from '../../lib/rate-limit';
import { idParam, jsonBody, parse, requireFields } from '../../lib/validate';
import * as users from './user.service';

const M = users.USER_MESSAGES;

export function userRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/register', access.public, async (c) => {
    const body = await jsonBody(c);
    requireFields(body, ['name', 'email', 'password'], AUTH_MESSAGES.allRequired);
    const input = parse(registerBody, body);
    users.assertPasswordsMatch(input.password, body.confirmPassword, body.confirm_password);
    await limitRegistrations(c.var.db, c.var.config, clientAddress(c)).catch(withRetryAfter(c));
    const { user, token } = await users.register(c.var, input);
    return c.json({ flag: 1, msg: M.registered, user, token }, 201);
  });

  r.post('/login', access.public, async (c) => {
    const body = await jsonBody(c);
    requireFields(body, ['email', 'password'], AUTH_MESSAGES.fillAll);
    const input = parse(loginBody, body);
    const { user, token } = await users.login(c.var, input, clientAddress(c)).catch(withRetryAfter(c));
    return c.json({ flag: 1, msg: M.loggedIn, user, token });
  });

  r.post('/logout', access.customer, async (c) => {
    await users.logout(c.var.db, c.var.principal!.id);
    return c.json({ flag: 1, msg: M.loggedOut });
  });

  r.get('/me', access.customer, async (c) => {
    const user = await users.loadUser(c.var.db, c.var.principal!.id);
    return c.json({ flag: 1, msg: 'OK', user });
  });

  r.post('/add-address', access.customer, async (c) => {
    const me = c.var.principal!.id;
    const body = await jsonBody(c);
    users.assertOwnAccount(me, body.user_id, body.userId);
    const input = parse(addAddressBody, body);
    const user = await users.addAddress(c.var.db, me, input.shipping_address);
    return c.json({ flag: 1, msg: M.addressAdded, user }, 201);
  });

  r.delete('/address/:addressId', access.customer, async (c) => {
    const addressId = idParam(c, 'addressId', 'Address');
    const user = await users.removeAddress(c.var.db, c.var.principal!.id, addressId);
    return c.json({ flag: 1, msg: M.addressDeleted, user });
  });

  return r;
}
