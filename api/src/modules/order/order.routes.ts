import {
  adminOrdersQuery,
  bookCourierBody,
  bulkShipBody,
  cancelOrderBody,
  checkoutAddress,
  contract,
  formatINR,
  MANUAL_REFUND_LABELS,
  myOrdersQuery,
  orderStatusBody,
  orderSuccessBody,
  packingSlipsQuery,
  paymentFailedBody,
  placeOrderBody,
  refundOrderBody,
  roleCan,
  simulatorSignBody,
  toPaise,
  toRupees,
  trackingBody,
} from '@voltcart/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../errors';
import { assertOwnAccount, guardOf } from '../../lib/access';
import { ManualCourier } from '../../lib/courier/courier-provider';
import { countOrderPlaced } from '../../lib/metrics';
import { SimulatorProvider } from '../../lib/payments/simulator';
import { resource } from '../../lib/routes';
import { parse } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import { findDocument } from '../invoice/invoice.service';
import { renderInvoicePdf } from '../invoice/invoice-pdf';
import { releaseStockAlerts } from '../stock-alert/stock-alert.service';
import { listAdminOrders, listOrders, type OrderDeps } from './order.service';
import { bulkShip } from './order-bulk.service';
import { placeOrder } from './order-checkout.service';
import {
  bookCourier,
  type CourierDeps,
  courierLabel,
  courierPanel,
  trackCourier,
} from './order-courier.service';
import { adminMove, changeTracking } from './order-lifecycle.service';
import {
  confirmPayment,
  customerPaymentFailed,
  handleWebhook,
  simulatePayment,
} from './order-payment.service';
import { staffRefund } from './order-refund.service';
import {
  customerCancel,
  orderDetails,
  payNow,
  staffResendMail,
  visibleOrderId,
} from './order-shopper.service';
import { packingSlips } from './packing-slip.service';
import { renderPackingSlipsPdf } from './packing-slip-pdf';

const api = contract.order;

// The payment provider is one of the services (services.ts): an app that needs it is built with them.
function deps(c: Context<AppEnv>): OrderDeps {
  const { db, config, logger, search } = c.var;
  return { db, config, logger, search, payments: c.var.payments! };
}

// An app built without services books nothing: staff type the carrier and AWB, as with COURIER_PROVIDER=manual.
const NO_COURIER = new ManualCourier();

function courierDeps(c: Context<AppEnv>): CourierDeps {
  return { ...deps(c), courier: c.var.courier ?? NO_COURIER };
}

const NOT_YOURS = 'The user_id in the request does not match the logged-in account.';

/**
 * The checkout checks the address first, then the contact number, then the payment mode: the address is
 * validated on its own first so that the first message is the one the checkout form shows. Returns the body to parse.
 */
function placeOrderFields(body: Record<string, unknown>) {
  const raw = body.shipping_details;
  const details = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  parse(checkoutAddress, details);
  // Forms send an untouched notes field as null.
  const notes = body.notes === null ? undefined : body.notes;
  return { ...body, shipping_details: details, notes };
}

export function orderRoutes() {
  const { app, on } = resource('/order');

  on(api.place, { body: placeOrderBody }, async (c, input) => {
    const userId = c.var.principal!.id;
    const body = await input.raw();
    assertOwnAccount(userId, body, NOT_YOURS);
    const order = await input.body(placeOrderFields(body));
    const placed = await placeOrder(deps(c), userId, order);
    countOrderPlaced(placed.payment ? 'online' : 'cod');
    const reply = { order_id: placed.publicId, order_total: placed.totalPaise / 100 };
    if (!placed.payment) return { ...reply, msg: 'Order placed successfully!' };
    return {
      ...reply,
      msg: 'Order created. Complete the payment to confirm it.',
      razorpay_order_id: placed.payment.razorpay_order_id,
      payment: placed.payment,
    };
  });

  on(api.success, { body: orderSuccessBody }, async (c, input) => {
    const userId = c.var.principal!.id;
    assertOwnAccount(userId, await input.raw(), NOT_YOURS);
    const { publicId, msg } = await confirmPayment(deps(c), userId, await input.body());
    return { msg, order_id: publicId };
  });

  on(api.paymentFailed, { body: paymentFailedBody }, async (c, input) => {
    const userId = c.var.principal!.id;
    assertOwnAccount(userId, await input.raw(), NOT_YOURS);
    const { order_id } = await input.body();
    const { order, msg } = await customerPaymentFailed(deps(c), userId, order_id);
    await releaseStockAlerts(c.var);
    return { msg, order };
  });

  on(api.simulatorSign, { body: simulatorSignBody }, async (c, input) => {
    const d = deps(c);
    // The route exists only while the simulator stands in for Razorpay.
    if (!(d.payments instanceof SimulatorProvider)) {
      throw new AppError(404, 'not_found', 'The payment simulator is not enabled on this server.');
    }
    const userId = c.var.principal!.id;
    assertOwnAccount(userId, await input.raw(), NOT_YOURS);
    const { order_id } = await input.body();
    const razorpay_response = await simulatePayment(d.db, d.payments, userId, order_id);
    return { msg: 'Simulated payment signed.', razorpay_response };
  });

  on(api.webhook, async (c) => {
    // The signature covers the bytes exactly as sent: read them before any parsing.
    const raw = Buffer.from(await c.req.arrayBuffer());
    const msg = await handleWebhook(
      deps(c),
      raw,
      c.req.header('x-razorpay-signature'),
      c.req.header('x-razorpay-event-id'),
    );
    return { msg };
  });

  on(api.mine, { query: myOrdersQuery }, async (c, { query }) => {
    const { orders, hasMore } = await listOrders(c.var.db, { userId: c.var.principal!.id, ...query });
    return { msg: 'Your orders.', orders, hasMore };
  });

  on(api.list, { query: adminOrdersQuery }, async (c, { query }) => {
    const { orders, hasMore, total } = await listAdminOrders(c.var.db, query);
    return { msg: 'Orders.', orders, hasMore, total };
  });

  on(api.bulkShip, { body: bulkShipBody }, async (c, input) => {
    const body = await input.body();
    const result = await bulkShip(deps(c), body, actorOf(c));
    const count = (n: number, word: string) => `${n.toLocaleString('en-IN')} ${word}${n === 1 ? '' : 's'}`;
    const rest = (what: string) => (result.errors ? `; ${count(result.errors, 'row')} ${what}` : '');
    const msg = body.apply
      ? `${count(result.shipped, 'order')} marked shipped${rest('not done')}.`
      : `${count(result.ready, 'order')} ready to mark shipped${rest('with errors')}.`;
    return { msg, ...result };
  });

  on(api.setState, { body: orderStatusBody }, async (c, input) => {
    const body = await input.raw();
    // `status` is accepted as another name for the new state (the catalogue's toggles send "status" too).
    const { state, carrier, trackingNumber, restock } = await input.body({
      ...body,
      state: body.state ?? body.status,
    });
    const principal = c.var.principal!;
    const order = await adminMove(
      deps(c),
      input.params.orderId!,
      state,
      { carrier, trackingNumber, restock, mayRefund: roleCan(principal.role, 'orders.refund') },
      actorOf(c),
    );
    // A cancelled or returned order's units may be back on sale.
    await releaseStockAlerts(c.var);
    return { msg: `Order moved to ${state}.`, order };
  });

  // Packing slips of the orders named (?ids=VC…,VC…), one page each, as one PDF: binary, so outside the contract.
  app.get('/packing-slips', guardOf({ access: 'admin', permission: 'orders.read' }), async (c) => {
    const { ids } = parse(packingSlipsQuery, c.req.query());
    const { shopName, slips } = await packingSlips(c.var.db, c.var.config, ids);
    const pdf = await renderPackingSlipsPdf(shopName, slips);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="packing-slips-${slips.length}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  // The tax invoice (or, with ?number=, a credit note) as a PDF: binary, so outside the JSON contract.
  app.get('/:orderId/invoice', guardOf({ access: 'account', permission: 'orders.read' }), async (c) => {
    const id = await visibleOrderId(c.var.db, c.req.param('orderId'), c.var.principal!);
    const doc = await findDocument(c.var.db, id, c.req.query('number') || undefined);
    const pdf = await renderInvoicePdf(doc);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${doc.number.replace(/\//g, '-')}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  // The label of the order's booked courier as a PDF: binary, so outside the contract.
  app.get('/:orderId/courier/label', guardOf({ access: 'admin', permission: 'orders.read' }), async (c) => {
    const id = await visibleOrderId(c.var.db, c.req.param('orderId'), c.var.principal!);
    const { pdf, fileName } = await courierLabel(courierDeps(c), id);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    });
  });

  on(api.courier, async (c, { params }) => {
    const id = await visibleOrderId(c.var.db, params.orderId!, c.var.principal!);
    return { msg: 'Courier booking.', courier: await courierPanel(courierDeps(c), id) };
  });

  on(api.bookCourier, { body: bookCourierBody }, async (c, input) => {
    const reply = await bookCourier(courierDeps(c), input.params.orderId!, await input.body(), actorOf(c));
    const b = reply.courier.booking!;
    return { msg: `Courier booked: ${b.courierName}, AWB ${b.awb}. The order is shipped.`, ...reply };
  });

  on(api.trackCourier, async (c, { params }) => {
    const id = await visibleOrderId(c.var.db, params.orderId!, c.var.principal!);
    const courier = await trackCourier(courierDeps(c), id);
    return {
      msg: courier.booking?.status ? `Courier status: ${courier.booking.status}.` : 'Tracking updated.',
      courier,
    };
  });

  on(api.get, async (c, { params }) => {
    const id = await visibleOrderId(c.var.db, params.orderId!, c.var.principal!);
    const staff = c.var.principal!.kind === 'admin';
    return { msg: 'Order details.', ...(await orderDetails(c.var.db, id, { staff })) };
  });

  on(api.cancel, { body: cancelOrderBody }, async (c, input) => {
    const { reason } = await input.body();
    const { details, refunded } = await customerCancel(
      deps(c),
      c.var.principal!.id,
      input.params.orderId!,
      reason,
    );
    const msg = refunded
      ? 'Order cancelled. Your payment is being refunded to your original payment method.'
      : details.refunds.length
        ? 'Order cancelled. The refund could not be started automatically: our staff will refund you.'
        : 'Order cancelled.';
    await releaseStockAlerts(c.var);
    return { msg, ...details };
  });

  on(api.payNow, async (c, { params }) => ({
    msg: 'Complete the payment to confirm your order.',
    ...(await payNow(deps(c), c.var.principal!.id, params.orderId!)),
  }));

  on(api.refund, { body: refundOrderBody }, async (c, input) => {
    const { amount, reason, method, reference } = await input.body();
    const d = deps(c);
    const id = await visibleOrderId(d.db, input.params.orderId!, c.var.principal!);
    const { refund } = await staffRefund(d, input.params.orderId!, {
      amountPaise: amount === undefined ? undefined : toPaise(amount),
      reason,
      manual: method ? { method, reference } : undefined,
      actor: actorOf(c),
    });
    const rupees = formatINR(toRupees(refund.amount_paise));
    const manual = MANUAL_REFUND_LABELS[refund.method as keyof typeof MANUAL_REFUND_LABELS];
    const msg = manual
      ? `Recorded a refund of ${rupees} (${manual}${refund.reference ? `, ref. ${refund.reference}` : ''}).`
      : refund.state === 'processed'
        ? `Refunded ${rupees}.`
        : `Refund of ${rupees} started; the payment provider confirms it later.`;
    return { msg, ...(await orderDetails(d.db, id, { staff: true })) };
  });

  on(api.tracking, { body: trackingBody }, async (c, input) => {
    const id = await changeTracking(deps(c), input.params.orderId!, await input.body(), actorOf(c));
    return { msg: 'Tracking details saved.', ...(await orderDetails(c.var.db, id, { staff: true })) };
  });

  on(api.resendMail, async (c, { params }) => {
    const id = await staffResendMail(deps(c), params.orderId!, params.mailId!, actorOf(c));
    return { msg: 'Mail queued again.', ...(await orderDetails(c.var.db, id, { staff: true })) };
  });

  return app;
}
