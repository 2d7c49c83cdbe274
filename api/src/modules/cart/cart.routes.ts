import { addToCartBody, contract, moveToDbBody, updateCartLineBody } from '@voltcart/shared';
import { assertOwnAccount } from '../../lib/access';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import * as carts from './cart.service';

const M = carts.CART_MESSAGES;
const api = contract.cart;

export function cartRoutes() {
  const { app, on } = resource('/cart');

  on(api.get, async (c) => ({ msg: M.loaded, cart: await carts.getCart(c.var.db, c.var.principal!.id) }));

  on(api.add, { body: addToCartBody }, async (c, input) => {
    const me = c.var.principal!.id;
    assertOwnAccount(me, await input.raw());
    const { cart, msg } = await carts.addToCart(c.var.db, me, await input.body());
    return { msg, cart };
  });

  on(api.moveToDb, { body: moveToDbBody }, async (c, input) => {
    const me = c.var.principal!.id;
    const body = await input.raw();
    assertOwnAccount(me, body);
    // The guest cart may also arrive as `{items: [...]}` at the top level.
    const guest = await input.body(
      body.cart === undefined && 'items' in body ? { ...body, cart: body } : body,
    );
    const { cart, msg } = await carts.mergeGuestCart(c.var.db, me, guest.cart);
    return { msg, cart };
  });

  on(api.setQty, { body: updateCartLineBody }, async (c, input) => {
    const me = c.var.principal!.id;
    const lineId = idParam(c, 'lineId', 'Cart line');
    assertOwnAccount(me, await input.raw());
    const { qty } = await input.body();
    return { msg: M.updated, cart: await carts.updateLine(c.var.db, me, lineId, qty) };
  });

  on(api.removeLine, async (c) => {
    const lineId = idParam(c, 'lineId', 'Cart line');
    return { msg: M.removed, cart: await carts.removeLine(c.var.db, c.var.principal!.id, lineId) };
  });

  on(api.clear, async (c) => {
    await carts.emptyCart(c.var.db, c.var.principal!.id);
    return { msg: M.cleared, cart: [] };
  });

  return app;
}
