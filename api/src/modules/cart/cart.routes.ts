import { addToCartBody, moveToDbBody, updateCartLineBody } from '@voltcart/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../lib/access';
import { idParam, jsonBody, parse } from '../../lib/validate';
import * as carts from './cart.service';

const M = carts.CART_MESSAGES;

export function cartRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/', access.customer, async (c) => {
    const cart = await carts.getCart(c.var.db, c.var.principal!.id);
    return c.json({ flag: 1, msg: M.loaded, cart });
  });

  r.post('/add-to-cart', access.customer, async (c) => {
    const me = c.var.principal!.id;
    const body = await jsonBody(c);
    carts.assertOwnCart(me, body.userId, body.user_id);
    const input = parse(addToCartBody, body);
    const { cart, msg } = await carts.addToCart(c.var.db, me, input);
    return c.json({ flag: 1, msg, cart });
  });

  r.post('/move-to-db', access.customer, async (c) => {
    const me = c.var.principal!.id;
    const body = await jsonBody(c);
    carts.assertOwnCart(me, body.user_id, body.userId);
    // The guest cart may also arrive as `{items: [...]}` at the top level.
    const input = parse(
      moveToDbBody,
      body.cart === undefined && 'items' in body ? { ...body, cart: body } : body,
    );
    const { cart, msg } = await carts.mergeGuestCart(c.var.db, me, input.cart);
    return c.json({ flag: 1, msg, cart });
  });

  r.patch('/line/:lineId', access.customer, async (c) => {
    const me = c.var.principal!.id;
    const lineId = idParam(c, 'lineId', 'Cart line');
    const body = await jsonBody(c);
    carts.assertOwnCart(me, body.userId, body.user_id);
    const { qty } = parse(updateCartLineBody, body);
    const cart = await carts.updateLine(c.var.db, me, lineId, qty);
    return c.json({ flag: 1, msg: M.updated, cart });
  });

  r.delete('/line/:lineId', access.customer, async (c) => {
    const lineId = idParam(c, 'lineId', 'Cart line');
    const cart = await carts.removeLine(c.var.db, c.var.principal!.id, lineId);
    return c.json({ flag: 1, msg: M.removed, cart });
  });

  r.delete('/', access.customer, async (c) => {
    await carts.emptyCart(c.var.db, c.var.principal!.id);
    return c.json({ flag: 1, msg: M.cleared, cart: [] });
  });

  return r;
}
