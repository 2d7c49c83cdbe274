import {
  checkoutAddress,
  ORDER_STATES,
  orderStatusBody,
  orderSuccessBody,
  placeOrderBody,
} from '@voltcart/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import type { Config } from '../../config';
import { AppError, forbidden, unauthorized } from '../../errors';
import { access } from '../../lib/access';
import { authenticate, bearer } from '../../lib/auth';
import { countOrderPlaced } from '../../lib/metrics';
import { createPaymentProvider } from '../../lib/payments/create-payment-provider';
import type { PaymentProvider } from '../../lib/payments/payment-provider';
import { SimulatorProvider } from '../../lib/payments/simulator';
import { jsonBody, parse } from '../../lib/validate';
import { getOrder, listOrders, type OrderDeps } from './order.service';
import { placeOrder } from './order-checkout.service';
import { adminMove } from './order-lifecycle.service';
import {
  confirmPayment,
  customerPaymentFailed,
  handleWebhook,
  simulatePayment,
} from './order-payment.service';

// An app built without services (some tests do) still gets the provider its configuration asks for.
const fallbackProviders = new WeakMap<Config, PaymentProvider>();

function deps(c: Context<AppEnv>): OrderDeps {
  let payments = c.var.payments as PaymentProvider | undefined;
  if (!payments) {
    payments = fallbackProviders.get(c.var.config) ?? createPaymentProvider(c.var.config, c.var.logger);
    fallbackProviders.set(c.var.config, payments);
  }
  return { db: c.var.db, config: c.var.config, logger: c.var.logger, payments };
}

const customerId = (c: Context<AppEnv>) => c.var.principal!.id;

/**
 * The seed sends user_id (or userId) in bodies; identity comes from the token, and a different one is refused.
 */
function assertOwnUser(body: Record<string, unknown>, userId: number) {
  for (const raw of [body.user_id, body.userId]) {
    if (raw === undefined || raw === null || raw === '') continue;
    if (String(raw).trim() !== String(userId)) {
      throw forbidden('The user_id in the request does not match the logged-in account.');
    }
  }
}

/** Customer or admin token; the admin one is already recognised by access.public. */
const customerOrAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.principal) {
    const token = bearer(c.req.header('authorization'));
    if (!token) throw unauthorized();
    c.set('principal', await authenticate(c.var.db, c.var.tokens, 'customer', token));
  }
  await next();
});

export const pageQuery = {
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
};
const myOrdersQuery = z.object(pageQuery);
const adminOrdersQuery = z.object({
  ...pageQuery,
  state: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ORDER_STATES, { error: `must be one of ${ORDER_STATES.join(', ')}` }).optional(),
  ),
  q: z.string().trim().max(254, 'must be at most 254 characters').optional(),
});
const orderIdBody = z.object({
  order_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
  user_id: z.union([z.string(), z.number()]).optional(),
});
const paymentFailedBody = orderIdBody.extend({
  reason: z.string().max(500, 'must be at most 500 characters').optional(),
});
const simulatorSignBody = orderIdBody.extend({
  outcome: z
    .literal('success', {
      error: "must be 'success' (report a failed payment with POST /order/payment-failed)",
    })
    .default('success'),
});

/**
 * The seed checks the address first, then the contact number, then the payment mode (§5): the address is
 * validated on its own first so that the first message is the one the seed shows.
 */
function parsePlaceOrder(body: Record<string, unknown>) {
  const raw = body.shipping_details;
  const details = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  parse(checkoutAddress, details);
  // Forms send an untouched notes field as null.
  const notes = body.notes === null ? undefined : body.notes;
  return parse(placeOrderBody, { ...body, shipping_details: details, notes });
}

export function orderRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/place-order', access.customer, async (c) => {
    const userId = customerId(c);
    const body = await jsonBody(c);
    assertOwnUser(body, userId);
    const input = parsePlaceOrder(body);
    const placed = await placeOrder(deps(c), userId, input);
    countOrderPlaced(placed.payment ? 'online' : 'cod');
    const reply = {
      flag: 1,
      order_id: placed.publicId,
      order_total: placed.totalPaise / 100,
    };
    if (!placed.payment) return c.json({ ...reply, msg: 'Order placed successfully!' }, 201);
    return c.json(
      {
        ...reply,
        msg: 'Order created. Complete the payment to confirm it.',
        razorpay_order_id: placed.payment.razorpay_order_id,
        payment: placed.payment,
      },
      201,
    );
  });

  r.post('/success', access.customer, async (c) => {
    const userId = customerId(c);
    const body = await jsonBody(c);
    assertOwnUser(body, userId);
    const input = parse(orderSuccessBody, body);
    const { publicId, msg } = await confirmPayment(deps(c), userId, input);
    return c.json({ flag: 1, msg, order_id: publicId });
  });

  r.post('/payment-failed', access.customer, async (c) => {
    const userId = customerId(c);
    const body = await jsonBody(c);
    assertOwnUser(body, userId);
    const input = parse(paymentFailedBody, body);
    const { order, msg } = await customerPaymentFailed(deps(c), userId, input.order_id);
    return c.json({ flag: 1, msg, order });
  });

  r.post('/simulator/sign', access.customer, async (c) => {
    const d = deps(c);
    // The route exists only while the simulator stands in for Razorpay.
    if (!(d.payments instanceof SimulatorProvider)) {
      throw new AppError(404, 'not_found', 'The payment simulator is not enabled on this server.');
    }
    const userId = customerId(c);
    const body = await jsonBody(c);
    assertOwnUser(body, userId);
    const input = parse(simulatorSignBody, body);
    const razorpay_response = await simulatePayment(d.db, d.payments, userId, input.order_id);
    return c.json({ flag: 1, msg: 'Simulated payment signed.', razorpay_response });
  });

  r.post('/webhook/razorpay', access.signed, async (c) => {
    // The signature covers the bytes exactly as sent: read them before any parsing.
    const raw = Buffer.from(await c.req.arrayBuffer());
    const msg = await handleWebhook(
      deps(c),
      raw,
      c.req.header('x-razorpay-signature'),
      c.req.header('x-razorpay-event-id'),
    );
    return c.json({ flag: 1, msg });
  });

  r.get('/my-orders', access.customer, async (c) => {
    const q = parse(myOrdersQuery, c.req.query());
    const { orders, hasMore } = await listOrders(c.var.db, {
      userId: customerId(c),
      page: q.page,
      limit: q.limit,
    });
    return c.json({ flag: 1, msg: 'Your orders.', orders, hasMore });
  });

  r.get('/', access.admin, async (c) => {
    const q = parse(adminOrdersQuery, c.req.query());
    const { orders, hasMore } = await listOrders(c.var.db, {
      state: q.state || undefined,
      q: q.q || undefined,
      page: q.page,
      limit: q.limit,
    });
    return c.json({ flag: 1, msg: 'Orders.', orders, hasMore });
  });

  r.patch('/status/:orderId', access.admin, async (c) => {
    const body = await jsonBody(c);
    // `status` is accepted as another name for the new state (the seed calls the catalogue toggles "status").
    const { state } = parse(orderStatusBody, { state: body.state ?? body.status });
    const order = await adminMove(c.var.db, c.req.param('orderId'), state);
    return c.json({ flag: 1, msg: `Order moved to ${state}.`, order });
  });

  r.get('/:orderId', access.public, customerOrAdmin, async (c) => {
    const order = await getOrder(c.var.db, c.req.param('orderId'), c.var.principal!);
    return c.json({ flag: 1, msg: 'Order details.', order });
  });

  return r;
}
