import {
  AUTH_MESSAGES,
  addAddressBody,
  contract,
  customerLoginBody,
  registerRequest,
} from '@voltcart/shared';
import { assertOwnAccount } from '../../lib/access';
import { clientAddress, limitRegistrations, withRetryAfter } from '../../lib/rate-limit';
import { resource } from '../../lib/routes';
import { idParam, requireFields } from '../../lib/validate';
import * as users from './user.service';

const M = users.USER_MESSAGES;
const api = contract.user;

export function userRoutes() {
  const { app, on } = resource('/user');

  on(api.register, { body: registerRequest }, async (c, input) => {
    const body = await input.raw();
    requireFields(body, ['name', 'email', 'password'], AUTH_MESSAGES.allRequired);
    // The confirmation is compared with the password below, whatever was sent in it (text or not).
    const account = await input.body({ ...body, confirmPassword: undefined });
    users.assertPasswordsMatch(account.password, body.confirmPassword, body.confirm_password);
    await limitRegistrations(c.var.db, c.var.config, clientAddress(c)).catch(withRetryAfter(c));
    const { user, token } = await users.register(c.var, account);
    return { msg: M.registered, user, token };
  });

  on(api.login, { body: customerLoginBody }, async (c, input) => {
    requireFields(await input.raw(), ['email', 'password'], AUTH_MESSAGES.fillAll);
    const credentials = await input.body();
    const reply = await users.login(c.var, credentials, clientAddress(c)).catch(withRetryAfter(c));
    return { msg: M.loggedIn, ...reply };
  });

  on(api.logout, async (c) => {
    await users.logout(c.var.db, c.var.principal!);
    return { msg: M.loggedOut };
  });

  on(api.logoutEverywhere, async (c) => {
    await users.logoutEverywhere(c.var.db, c.var.principal!.id);
    return { msg: M.loggedOutEverywhere };
  });

  on(api.me, async (c) => ({ user: await users.loadUser(c.var.db, c.var.principal!.id) }));

  on(api.addAddress, { body: addAddressBody }, async (c, input) => {
    const me = c.var.principal!.id;
    const body = await input.raw();
    assertOwnAccount(me, body);
    const { shipping_address } = await input.body();
    const user = await users.addAddress(c.var.db, me, shipping_address);
    return { msg: M.addressAdded, user };
  });

  on(api.updateAddress, { body: addAddressBody }, async (c, input) => {
    const addressId = idParam(c, 'addressId', 'Address');
    const { shipping_address } = await input.body();
    const user = await users.updateAddress(c.var.db, c.var.principal!.id, addressId, shipping_address);
    return { msg: M.addressSaved, user };
  });

  on(api.setDefaultAddress, async (c) => {
    const addressId = idParam(c, 'addressId', 'Address');
    const user = await users.setDefaultAddress(c.var.db, c.var.principal!.id, addressId);
    return { msg: M.addressDefault, user };
  });

  on(api.removeAddress, async (c) => {
    const addressId = idParam(c, 'addressId', 'Address');
    const user = await users.removeAddress(c.var.db, c.var.principal!.id, addressId);
    return { msg: M.addressDeleted, user };
  });

  return app;
}
