import {
  approveReturnBody,
  categoryReturnPolicyBody,
  contract,
  formatINR,
  receiveReturnBody,
  refundReturnBody,
  rejectReturnBody,
  returnPolicyBody,
  returnRequestBody,
  returnsListQuery,
  toPaise,
} from '@voltcart/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { uploadedFiles } from '../../lib/images';
import { resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import type { OrderDeps } from '../order/order.service';
import { releaseStockAlerts } from '../stock-alert/stock-alert.service';
import {
  myReturns,
  orderReturns,
  policyReply,
  requestReturn,
  saveCategoryPolicy,
  savePolicy,
} from './returns.service';
import {
  approveReturn,
  listReturns,
  receiveReturn,
  refundReturn,
  rejectReturn,
  replaceReturn,
  returnDetails,
} from './returns-staff.service';

const api = contract.returns;

// The payment provider is one of the services (services.ts): an app that needs it is built with them.
function deps(c: Context<AppEnv>): OrderDeps {
  const { db, config, logger, search } = c.var;
  return { db, config, logger, search, payments: c.var.payments! };
}

/** The shopper's routes under /order (mounted beside the order module's). */
export function orderReturnRoutes() {
  const { app, on } = resource('/order');

  on(api.request, { body: returnRequestBody }, async (c, input) => {
    const raw = await input.raw();
    const body = await input.body();
    const request = await requestReturn(
      { db: c.var.db, config: c.var.config, storage: c.var.storage },
      c.var.principal!.id,
      input.params.orderId!,
      body,
      uploadedFiles(raw.photos),
    );
    return {
      msg: `Request ${request._id} received. We will tell you by mail when it is approved.`,
      request,
    };
  });

  on(api.ofOrder, async (c, { params }) => {
    const p = c.var.principal!;
    return {
      msg: 'Returns of this order.',
      ...(await orderReturns(c.var.db, params.orderId!, { staff: p.kind === 'admin', userId: p.id })),
    };
  });

  return app;
}

/** The shopper's list, the policy, and the back office's screen under /returns. */
export function returnsRoutes() {
  const { app, on } = resource('/returns');

  // Fixed paths before `/:returnId`.
  on(api.mine, async (c) => ({
    msg: 'Your return requests.',
    requests: await myReturns(c.var.db, c.var.principal!.id),
  }));

  on(api.policy, async (c) => ({ msg: 'Returns policy.', policy: await policyReply(c.var.db) }));

  on(api.savePolicy, { body: returnPolicyBody }, async (c, input) => {
    const policy = await savePolicy(c.var.db, actorOf(c), await input.body());
    // The Returns & refunds page's starting text names the window: its cached answer is dropped.
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: 'Returns policy saved.', policy };
  });

  on(api.saveCategoryPolicy, { body: categoryReturnPolicyBody }, async (c, input) => {
    const { policy } = await input.body();
    const categoryId = idParam(c, 'categoryId', 'Category');
    return {
      msg: 'Category returns rule saved.',
      policy: await saveCategoryPolicy(c.var.db, actorOf(c), categoryId, policy),
    };
  });

  on(api.list, { query: returnsListQuery }, async (c, { query }) => ({
    msg: 'Return requests.',
    ...(await listReturns(c.var.db, query)),
  }));

  on(api.get, async (c, { params }) => ({
    msg: 'Return request.',
    ...(await returnDetails(c.var.db, params.returnId!)),
  }));

  on(api.approve, { body: approveReturnBody }, async (c, input) => {
    const id = input.params.returnId!;
    const { changed } = await approveReturn(deps(c), id, await input.body(), actorOf(c));
    return {
      msg: changed
        ? 'Request approved; the shopper is mailed the pickup.'
        : 'This request was already approved.',
      ...(await returnDetails(c.var.db, id)),
    };
  });

  on(api.reject, { body: rejectReturnBody }, async (c, input) => {
    const id = input.params.returnId!;
    await rejectReturn(deps(c), id, (await input.body()).reason, actorOf(c));
    return {
      msg: 'Request rejected; the shopper is mailed the reason.',
      ...(await returnDetails(c.var.db, id)),
    };
  });

  on(api.receive, { body: receiveReturnBody }, async (c, input) => {
    const id = input.params.returnId!;
    await receiveReturn(deps(c), id, (await input.body()).lines, actorOf(c));
    // Sellable units are back: shoppers waiting for them are told.
    await releaseStockAlerts(c.var);
    return {
      msg: 'Items received; sellable units are back in stock.',
      ...(await returnDetails(c.var.db, id)),
    };
  });

  on(api.refund, { body: refundReturnBody }, async (c, input) => {
    const id = input.params.returnId!;
    const { amount, reference } = await input.body();
    await refundReturn(
      deps(c),
      id,
      { amountPaise: amount === undefined ? undefined : toPaise(amount), reference },
      actorOf(c),
    );
    const details = await returnDetails(c.var.db, id);
    const r = details.request.refund;
    const msg =
      r?.state === 'processed'
        ? `Refunded ${formatINR(r.amount)}.`
        : `Refund of ${formatINR(r?.amount ?? 0)} started; the payment provider confirms it later.`;
    return { msg, ...details };
  });

  on(api.replace, async (c, { params }) => {
    const id = params.returnId!;
    const orderId = await replaceReturn(deps(c), id, actorOf(c));
    return { msg: `Replacement order ${orderId} created to ship.`, ...(await returnDetails(c.var.db, id)) };
  });

  return app;
}
