// Covers return and replacement requests of delivered orders: the shopper's request (someone else's order 404,
// the window with the day it closed, quantities against delivered and already returned, one open request per
// line with two at once ending in one, categories that take no returns or only replacements, photos checked and
// re-encoded, UPI / bank + IFSC for cash on delivery), and the back office's moves (approve idempotent with a
// manual pickup, reject with a reason the shopper sees, receive with units back to stock or counted damaged,
// refund through the gateway or recorded for cash on delivery, never more than the lines' share, a credit note
// for the returned lines, two refunds at once, replacement with stock taken or the request kept open), with the
// mails each step writes to the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  type MadeProduct,
  makeProduct,
  orderBody,
  orderRow,
  payWithSimulator,
  type Shopper,
  shopper,
  stockOf,
} from './order-fixtures';
import { file, png } from './support';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(async () => {
  await ctx.close();
});

interface Delivered {
  s: Shopper;
  orderId: string;
  products: MadeProduct[];
  lineIds: string[];
}

/** A delivered order of one unit-priced line per product (COD unless `online`). */
async function deliveredOrder(
  lines: { price: number; qty?: number; stock?: number; colors?: { name: string }[] }[] = [{ price: 1000 }],
  opts: { online?: boolean; s?: Shopper } = {},
): Promise<Delivered> {
  const s = opts.s ?? (await shopper(ctx));
  const products: MadeProduct[] = [];
  for (const l of lines) {
    const p = await makeProduct(ctx.db, { price: l.price, stock: l.stock ?? 10, colors: l.colors });
    products.push(p);
    await addToCart(ctx.db, s.id, p.id, l.qty ?? 1, l.colors ? { colorId: p.colorIds[0] } : {});
  }
  const placed = await ctx.req('POST', '/order/place-order', {
    token: s.token,
    body: orderBody(opts.online ? 1 : 0),
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.order_id as string;
  if (opts.online) expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
  for (const state of ['shipped', 'delivered']) {
    const r = await ctx.req('PATCH', `/order/status/${orderId}`, {
      token: admin,
      body: { state, ...(state === 'shipped' ? { carrier: 'BlueDart', trackingNumber: 'BD1' } : {}) },
    });
    expect(r.status).toBe(200);
  }
  const opts2 = await ctx.req('GET', `/order/${orderId}/returns`, { token: s.token });
  expect(opts2.status).toBe(200);
  return { s, orderId, products, lineIds: opts2.body.lines.map((l: { lineId: string }) => l.lineId) };
}

/** The shopper's request as the storefront sends it (multipart). */
function ask(
  d: Delivered,
  fields: {
    kind?: string;
    reason?: string;
    comment?: string;
    lines?: unknown;
    upiId?: string;
    bankAccount?: string;
    ifsc?: string;
    accountName?: string;
  } = {},
  photos: File[] = [],
  token = d.s.token,
) {
  const form = new FormData();
  form.set('kind', fields.kind ?? 'refund');
  form.set('reason', fields.reason ?? 'defective');
  if (fields.comment !== undefined) form.set('comment', fields.comment);
  form.set('lines', JSON.stringify(fields.lines ?? [{ lineId: d.lineIds[0], qty: 1 }]));
  for (const k of ['upiId', 'bankAccount', 'ifsc', 'accountName'] as const) {
    const v = fields[k] ?? (k === 'upiId' && fields.bankAccount === undefined ? 'asha.k@okicici' : undefined);
    if (v !== undefined) form.set(k, v);
  }
  for (const p of photos) form.append('photos', p);
  return ctx.req('POST', `/order/${d.orderId}/returns`, { token, form });
}

const staff = (method: string, path: string, body?: unknown) => ctx.req(method, path, { token: admin, body });

const mailsTo = async (email: string, kind?: string) =>
  (
    await ctx.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text_body'])
      .where('recipient', '=', email)
      .orderBy('id')
      .execute()
  ).filter((m) => !kind || m.kind === kind);

describe('the shopper’s request', () => {
  it('records a refund request with photos, lists it, and mails the shopper', async () => {
    const d = await deliveredOrder([{ price: 1500 }, { price: 500 }]);
    const r = await ask(d, { comment: 'Screen stays black', lines: [{ lineId: d.lineIds[0], qty: 1 }] }, [
      file(await png(80), 'screen.png'),
    ]);
    expect(r.status).toBe(201);
    expect(r.body.request).toMatchObject({
      kind: 'refund',
      state: 'requested',
      reason: 'defective',
      comment: 'Screen stays black',
      refundable: 1500,
      refundTo: { method: 'upi', upiId: 'asha.k@okicici' },
      lines: [expect.objectContaining({ lineId: d.lineIds[0], qty: 1, share: 1500 })],
    });
    expect(r.body.request._id).toMatch(/^VR/);
    const [photo] = r.body.request.photos as string[];
    expect(photo).toMatch(/^\/images\/returns\/[a-f0-9]{32}\.webp$/);
    const img = await ctx.req('GET', photo!);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');

    const mine = await ctx.req('GET', '/returns/mine', { token: d.s.token });
    expect(mine.body.requests.map((q: { _id: string }) => q._id)).toEqual([r.body.request._id]);
    const page = await ctx.req('GET', `/order/${d.orderId}/returns`, { token: d.s.token });
    expect(page.body.window).toMatchObject({ open: true, days: 30 });
    expect(page.body.lines.map((l: { available: number }) => l.available)).toEqual([0, 1]);
    expect(page.body.lines[0].openRequest).toBe(r.body.request._id);
    const mails = await mailsTo(d.s.email, 'return_requested');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`We received your return request ${r.body.request._id}`);
    expect(mails[0]!.text_body).toContain(`/profile/orders/${d.orderId}`);
  });

  it('answers 404 for someone else’s order, and for their requests', async () => {
    const d = await deliveredOrder();
    const other = await shopper(ctx);
    const before = await ctx.snapshot();
    const r = await ask(d, {}, [], other.token);
    expect(r.status).toBe(404);
    expect((await ctx.req('GET', `/order/${d.orderId}/returns`, { token: other.token })).status).toBe(404);
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('refuses a request after the window with the day it closed', async () => {
    const d = await deliveredOrder();
    const order = await orderRow(ctx.db, d.orderId);
    const deliveredAt = new Date(Date.now() - 31 * 86_400_000);
    await ctx.db
      .updateTable('order_events')
      .set({ created_at: deliveredAt } as never)
      .where('order_id', '=', order.id)
      .where('event', '=', 'delivered')
      .execute();
    const r = await ask(d);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('return_window_closed');
    const closed = new Date(deliveredAt.getTime() + 30 * 86_400_000);
    expect(r.body.closedOn).toBe(closed.toISOString());
    const day = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(closed);
    expect(r.body.msg).toBe(`The return window of this order closed on ${day} (30 days after delivery).`);
    const page = await ctx.req('GET', `/order/${d.orderId}/returns`, { token: d.s.token });
    expect(page.body.window.open).toBe(false);
  });

  it('follows the window setting', async () => {
    const d = await deliveredOrder();
    const order = await orderRow(ctx.db, d.orderId);
    await ctx.db
      .updateTable('order_events')
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000) } as never)
      .where('order_id', '=', order.id)
      .where('event', '=', 'delivered')
      .execute();
    expect((await staff('PUT', '/returns/policy', { windowDays: 7, shippingRefund: 'fault' })).status).toBe(
      200,
    );
    try {
      expect((await ask(d)).body.code).toBe('return_window_closed');
    } finally {
      await staff('PUT', '/returns/policy', { windowDays: 30, shippingRefund: 'fault' });
    }
    expect((await ask(d)).status).toBe(201);
  });

  it('names the window and the shipping rule on the Returns & refunds page until staff write their own', async () => {
    const page = async () => (await ctx.req('GET', '/settings/pages/returns')).body.page.body as string;
    expect(await page()).toContain('within 30 days of delivery');
    expect(await page()).toContain('delivery charge is refunded when an item arrived damaged');
    await staff('PUT', '/returns/policy', { windowDays: 15, shippingRefund: 'never' });
    try {
      expect(await page()).toContain('within 15 days of delivery');
      expect(await page()).not.toContain('delivery charge');
    } finally {
      await staff('PUT', '/returns/policy', { windowDays: 30, shippingRefund: 'fault' });
    }
  });

  it('refuses an order not delivered yet', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 100 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    const d = { s, orderId: placed.body.order_id, products: [p], lineIds: ['1'] };
    const r = await ask(d);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('return_state');
  });

  it('refuses more units than delivered less those already returned', async () => {
    const d = await deliveredOrder([{ price: 200, qty: 3 }]);
    const tooMany = await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 4 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'return_quantity' });
    expect(tooMany.body.msg).toContain('at most 3');

    const first = await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 2 }] });
    expect(first.status).toBe(201);
    const reject = await staff('POST', `/returns/${first.body.request._id}/reject`, { reason: 'No proof' });
    expect(reject.status).toBe(200);
    // A rejected request gives its units back; an approved one keeps them.
    const second = await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 2 }] });
    expect(second.status).toBe(201);
    await staff('POST', `/returns/${second.body.request._id}/approve`, { carrier: 'Delhivery', awb: 'AWB1' });
    await staff('POST', `/returns/${second.body.request._id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 2, damaged: 0 }],
    });
    await staff('POST', `/returns/${second.body.request._id}/refund`, { reference: 'UPI-1' });
    const third = await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 2 }] });
    expect(third.status).toBe(400);
    expect(third.body.msg).toContain('at most 1 of');
    expect(third.body.msg).toContain('2 already returned');
    expect((await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 1 }] })).status).toBe(201);
  });

  it('refuses a second request for a line with an open one, and ends two at once with one', async () => {
    const d = await deliveredOrder([{ price: 300, qty: 2 }]);
    const [a, b] = await Promise.all([ask(d), ask(d)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.code).toBe('return_quantity');
    expect(lost.body.msg).toContain('already has an open request');
    const n = await ctx.db
      .selectFrom('return_requests')
      .innerJoin('orders', 'orders.id', 'return_requests.order_id')
      .select('return_requests.id')
      .where('orders.public_id', '=', d.orderId)
      .execute();
    expect(n).toHaveLength(1);
  });

  it('refuses a line that is not part of the order, and a line named twice', async () => {
    const d = await deliveredOrder();
    const r = await ask(d, { lines: [{ lineId: '999999', qty: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Item 999999 is not part of this order.');
    const twice = await ask(d, {
      lines: [
        { lineId: d.lineIds[0], qty: 1 },
        { lineId: d.lineIds[0], qty: 1 },
      ],
    });
    expect(twice.status).toBe(400);
  });

  it('follows the category’s rule: no returns, or replacement only', async () => {
    const d = await deliveredOrder();
    const cat = await ctx.db
      .insertInto('categories')
      .values({ name: `Cables ${d.orderId}`, slug: `cables-${d.orderId.toLowerCase()}` })
      .executeTakeFirstOrThrow();
    const categoryId = Number(cat.insertId);
    await ctx.db
      .updateTable('products')
      .set({ category_id: categoryId })
      .where('id', '=', d.products[0]!.id)
      .execute();

    const none = await staff('PUT', `/returns/policy/categories/${categoryId}`, { policy: 'none' });
    expect(none.status).toBe(200);
    const refused = await ask(d);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'not_returnable' });
    expect(refused.body.msg).toContain('cannot be returned');

    await staff('PUT', `/returns/policy/categories/${categoryId}`, { policy: 'replacement_only' });
    const refund = await ask(d);
    expect(refund.status).toBe(409);
    expect(refund.body.msg).toContain('can be replaced, not refunded');
    const page = await ctx.req('GET', `/order/${d.orderId}/returns`, { token: d.s.token });
    expect(page.body.lines[0].policy).toBe('replacement_only');
    expect((await ask(d, { kind: 'replacement' })).status).toBe(201);
  });

  it('checks photos like product pictures: not an image, too big, more than 5', async () => {
    const d = await deliveredOrder();
    const before = await ctx.snapshot();
    const notImage = await ask(d, {}, [file(new TextEncoder().encode('<svg></svg>'), 'x.png')]);
    expect(notImage.status).toBe(415);
    expect(notImage.body.msg).toBe('Upload a JPEG, PNG, WebP or AVIF image.');
    const big = await ask(d, {}, [
      file(new Uint8Array(ctx.config.MAX_UPLOAD_MB * 1024 * 1024 + 10), 'big.png'),
    ]);
    expect(big.status).toBe(413);
    const six = await ask(
      d,
      {},
      await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => file(await png(20 + i), `p${i}.png`))),
    );
    expect(six.status).toBe(400);
    expect(six.body.msg).toContain('at most 5 photos');
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('re-encodes photos without their metadata', async () => {
    const d = await deliveredOrder();
    const r = await ask(d, {}, [file(await png(2000, 1500), 'big.png')]);
    expect(r.status).toBe(201);
    const img = await ctx.req('GET', r.body.request.photos[0]);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(Buffer.from(img.bytes)).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(1200);
    expect(meta.exif).toBeUndefined();
  });

  it('asks a cash-on-delivery refund where the money goes, and checks UPI IDs and IFSCs', async () => {
    const d = await deliveredOrder();
    const form = new FormData();
    form.set('kind', 'refund');
    form.set('reason', 'defective');
    form.set('lines', JSON.stringify([{ lineId: d.lineIds[0], qty: 1 }]));
    const none = await ctx.req('POST', `/order/${d.orderId}/returns`, { token: d.s.token, form });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('refund_account');
    const badIfsc = await ask(d, { bankAccount: '123456789012', ifsc: 'HDFC1234567', accountName: 'Asha K' });
    expect(badIfsc.status).toBe(400);
    expect(badIfsc.body.msg).toBe('IFSC must be an IFSC such as HDFC0001234 (11 characters)');
    const badUpi = await ask(d, { upiId: 'not a upi id' });
    expect(badUpi.status).toBe(400);
    expect(badUpi.body.msg).toContain('UPI ID must be a UPI ID');
    const noName = await ask(d, { bankAccount: '123456789012', ifsc: 'HDFC0001234' });
    expect(noName.body.code).toBe('refund_account');
    const bank = await ask(d, { bankAccount: '1234 5678 9012', ifsc: 'hdfc0001234', accountName: 'Asha K' });
    expect(bank.status).toBe(201);
    expect(bank.body.request.refundTo).toEqual({
      method: 'bank',
      account: '••••••••9012',
      ifsc: 'HDFC0001234',
      accountName: 'Asha K',
    });
    const seen = await staff('GET', `/returns/${bank.body.request._id}`);
    expect(seen.body.request.refundTo.account).toBe('123456789012');
  });

  it('refuses bad fields with the field named', async () => {
    const d = await deliveredOrder();
    expect((await ask(d, { reason: 'bored' })).body.msg).toContain('Reason must be one of');
    expect((await ask(d, { kind: 'swap' })).body.msg).toContain(
      'Refund or replacement must be refund or replacement',
    );
    expect((await ask(d, { lines: [] })).body.msg).toBe('Items must name at least one item');
    expect((await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 0 }] })).status).toBe(400);
  });
});

describe('the back office', () => {
  it('approves once (idempotent), receives as sellable, refunds a COD return with a credit note, mails each step', async () => {
    const d = await deliveredOrder([
      { price: 1200, stock: 5 },
      { price: 800, stock: 5 },
    ]);
    const stockBefore = await stockOf(ctx.db, d.products[0]!.id);
    const req = await ask(d, { reason: 'damaged' }, [file(await png(40), 'a.png')]);
    const id = req.body.request._id as string;

    const list = await staff('GET', '/returns?state=requested');
    expect(list.status).toBe(200);
    expect(list.body.requests.map((r: { _id: string }) => r._id)).toContain(id);
    expect(list.body.counts.requested).toBeGreaterThan(0);

    const early = await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 1, damaged: 0 }],
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('return_state');

    const [a1, a2] = await Promise.all([
      staff('POST', `/returns/${id}/approve`, { carrier: 'Delhivery', awb: 'DL123' }),
      staff('POST', `/returns/${id}/approve`, { carrier: 'Delhivery', awb: 'DL123' }),
    ]);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    expect([a1.body.msg, a2.body.msg].sort()).toEqual([
      'Request approved; the shopper is mailed the pickup.',
      'This request was already approved.',
    ]);
    expect(a1.body.request.pickup).toEqual({ carrier: 'Delhivery', awb: 'DL123' });
    expect(await mailsTo(d.s.email, 'return_approved')).toHaveLength(1);
    expect((await mailsTo(d.s.email, 'return_approved'))[0]!.text_body).toContain('AWB number: DL123');

    const wrongSum = await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 1, damaged: 1 }],
    });
    expect(wrongSum.status).toBe(400);
    const received = await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 1, damaged: 0 }],
    });
    expect(received.status).toBe(200);
    expect(received.body.request.lines[0]).toMatchObject({ sellable: 1, damaged: 0 });
    expect(await stockOf(ctx.db, d.products[0]!.id)).toBe(stockBefore + 1);
    expect(await stockOf(ctx.db, d.products[1]!.id)).toBe(4);
    // The unit back in stock has its ledger row: the stock check finds every variant's movements add up.
    const check = await staff('GET', '/stock/check');
    expect(check.body.mismatches).toEqual([]);

    const noRef = await staff('POST', `/returns/${id}/refund`, {});
    expect(noRef.status).toBe(400);
    expect(noRef.body.code).toBe('refund_method');
    const tooMuch = await staff('POST', `/returns/${id}/refund`, { amount: 1200.01, reference: 'UPI-77' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'refund_too_large', left: 1200 });

    const refunded = await staff('POST', `/returns/${id}/refund`, { reference: 'UPI-77' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.msg).toBe('Refunded ₹1,200.');
    expect(refunded.body.request).toMatchObject({
      state: 'refunded',
      refund: { amount: 1200, state: 'processed', method: 'upi', reference: 'UPI-77' },
    });
    expect(refunded.body.history.map((h: { event: string }) => h.event)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
    const again = await staff('POST', `/returns/${id}/refund`, { reference: 'UPI-78' });
    expect(again.status).toBe(409);

    const order = await ctx.req('GET', `/order/${d.orderId}`, { token: d.s.token });
    expect(order.body.order.state).toBe('delivered');
    expect(order.body.payment.refunded).toBe(1200);
    const notes = order.body.documents.filter((x: { kind: string }) => x.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0].total).toBe(1200);
    const body = await ctx.db
      .selectFrom('invoices')
      .select('body')
      .where('number', '=', notes[0].number)
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(body.body);
    expect(doc.lines.map((l: { amountPaise: number; qty: number }) => [l.qty, l.amountPaise])).toEqual([
      [1, 120_000],
    ]);
    expect(doc.against.reason).toContain(id);

    const kinds = (await mailsTo(d.s.email)).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['return_requested', 'return_approved', 'refunded']));
  });

  it('rejects with a reason the shopper sees, and frees the line', async () => {
    const d = await deliveredOrder();
    const id = (await ask(d)).body.request._id;
    const empty = await staff('POST', `/returns/${id}/reject`, { reason: ' ' });
    expect(empty.status).toBe(400);
    const r = await staff('POST', `/returns/${id}/reject`, { reason: 'The photos show water damage.' });
    expect(r.status).toBe(200);
    const own = await ctx.req('GET', `/order/${d.orderId}/returns`, { token: d.s.token });
    expect(own.body.requests[0]).toMatchObject({
      state: 'rejected',
      rejectReason: 'The photos show water damage.',
    });
    expect(own.body.lines[0].available).toBe(1);
    const mail = (await mailsTo(d.s.email, 'return_rejected'))[0]!;
    expect(mail.text_body).toContain('Reason: The photos show water damage.');
    expect((await staff('POST', `/returns/${id}/approve`, { carrier: 'X', awb: 'Y' })).status).toBe(409);
  });

  it('credits the units returned of a line, at their share', async () => {
    const d = await deliveredOrder([{ price: 1000, qty: 3 }]);
    const id = (await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 1 }] })).body.request._id;
    await staff('POST', `/returns/${id}/approve`, { carrier: 'Manual', awb: 'M9' });
    await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 1, damaged: 0 }],
    });
    const r = await staff('POST', `/returns/${id}/refund`, { reference: 'UPI-9' });
    expect(r.status).toBe(200);
    const row = await ctx.db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select('invoices.body')
      .where('orders.public_id', '=', d.orderId)
      .where('invoices.kind', '=', 'credit_note')
      .executeTakeFirstOrThrow();
    const doc = JSON.parse(row.body);
    expect(doc.lines).toEqual([expect.objectContaining({ qty: 1, amountPaise: 100_000 })]);
    expect(doc.totals.totalPaise).toBe(100_000);
  });

  it('counts damaged units apart, without stock', async () => {
    const d = await deliveredOrder([{ price: 400, qty: 2, stock: 3 }]);
    const id = (await ask(d, { lines: [{ lineId: d.lineIds[0], qty: 2 }] })).body.request._id;
    await staff('POST', `/returns/${id}/approve`, { carrier: 'Manual', awb: 'M1' });
    const before = (await staff('GET', '/returns')).body.damagedUnits as number;
    const stock = await stockOf(ctx.db, d.products[0]!.id);
    await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 1, damaged: 1 }],
    });
    expect(await stockOf(ctx.db, d.products[0]!.id)).toBe(stock + 1);
    expect((await staff('GET', '/returns')).body.damagedUnits).toBe(before + 1);
  });

  it('refunds an online order through the gateway; the whole order returned becomes refunded', async () => {
    const d = await deliveredOrder([{ price: 700 }], { online: true });
    const req = await ask(d, { reason: 'changed_mind' });
    expect(req.body.request.refundTo).toEqual({ method: 'gateway' });
    const id = req.body.request._id;
    await staff('POST', `/returns/${id}/approve`, { carrier: 'Manual', awb: 'M2' });
    await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 1, damaged: 0 }],
    });
    const [r1, r2] = await Promise.all([
      staff('POST', `/returns/${id}/refund`, {}),
      staff('POST', `/returns/${id}/refund`, {}),
    ]);
    // One wins; the other sees the order refunded in full (400) or the request refunded (409).
    const [won, lost] = r1.status === 200 ? [r1, r2] : [r2, r1];
    expect(won.status).toBe(200);
    expect([400, 409]).toContain(lost.status);
    const rows = await ctx.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.amount_paise', 'refunds.method', 'refunds.state'])
      .where('orders.public_id', '=', d.orderId)
      .execute();
    expect(rows).toEqual([{ amount_paise: 70_000, method: 'gateway', state: 'processed' }]);
    expect((await orderRow(ctx.db, d.orderId)).state).toBe('refunded');
  });

  it('needs returns.write, and a staff token', async () => {
    const d = await deliveredOrder();
    const id = (await ask(d)).body.request._id;
    expect((await ctx.req('GET', '/returns', { token: d.s.token })).status).toBe(403);
    expect(
      (await ctx.req('POST', `/returns/${id}/approve`, { body: { carrier: 'a', awb: 'b' } })).status,
    ).toBe(401);
    const catalogue = await ctx.staffMember(admin, 'catalogue');
    const denied = await ctx.req('GET', '/returns', { token: catalogue.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('missing_permission');
    const orders = await ctx.staffMember(admin, 'orders');
    expect((await ctx.req('GET', `/returns/${id}`, { token: orders.token })).status).toBe(200);
    expect((await staff('GET', '/returns/VR000')).status).toBe(404);
  });

  it('replaces with a dearer option for the difference, paid on delivery, and refuses a cheaper one', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, {
      price: 1000,
      memory: [{ size: 128 }, { size: 256, adj: 250 }, { size: 64, adj: -100 }],
      variantStock: [5, 5, 5],
    });
    await addToCart(ctx.db, s.id, p.id, 2, { memorySize: 128 });
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
    const orderId = placed.body.order_id as string;
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    for (const state of ['shipped', 'delivered'])
      await staff('PATCH', `/order/status/${orderId}`, { state, carrier: 'X', trackingNumber: 'Y' });
    const page = await ctx.req('GET', `/order/${orderId}/returns`, { token: s.token });
    const line = page.body.lines[0];
    const byLabel = (label: string) =>
      line.variants.find((v: { label: string }) => v.label === label) as {
        variantId: string;
        priceDifference: number;
      };
    expect(byLabel('256 GB').priceDifference).toBe(250);
    expect(byLabel('64 GB').priceDifference).toBe(-100);
    const d = { s, orderId, products: [p], lineIds: [line.lineId as string] };

    const cheaper = await ask(d, {
      kind: 'replacement',
      lines: [{ lineId: line.lineId, qty: 1, variantId: byLabel('64 GB').variantId }],
    });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.msg).toContain('costs less than you paid');

    const req = await ask(d, {
      kind: 'replacement',
      reason: 'changed_mind',
      lines: [{ lineId: line.lineId, qty: 2, variantId: byLabel('256 GB').variantId }],
    });
    expect(req.status).toBe(201);
    expect(req.body.request).toMatchObject({ toPay: 500, refundable: 0 });
    expect(req.body.request.lines[0].replacement).toMatchObject({ label: '256 GB', priceDifference: 250 });
    const id = req.body.request._id;
    await staff('POST', `/returns/${id}/approve`, { carrier: 'Manual', awb: 'M4' });
    await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: line.lineId, sellable: 2, damaged: 0 }],
    });
    const sent = await staff('POST', `/returns/${id}/replace`);
    expect(sent.status).toBe(200);
    const o = await ctx.req('GET', `/order/${sent.body.request.replacementOrderId}`, { token: s.token });
    expect(o.body.order).toMatchObject({ state: 'placed', payment_mode: 0, order_total: 500 });
    expect(o.body.order.lines[0]).toMatchObject({ memorySize: 256, qty: 2, unitPrice: 250, lineTotal: 500 });
    const mail = (await mailsTo(s.email, 'replacement_shipped'))[0]!;
    expect(mail.text_body).toContain('You pay ₹500 in cash on its delivery');
  });

  it('sends a replacement with stock taken, or keeps the request open while it is out of stock', async () => {
    const d = await deliveredOrder([{ price: 900, stock: 2, colors: [{ name: 'Black' }, { name: 'Blue' }] }]);
    const page = await ctx.req('GET', `/order/${d.orderId}/returns`, { token: d.s.token });
    const blue = page.body.lines[0].variants.find((v: { label: string }) => v.label === 'Blue');
    expect(blue).toMatchObject({ priceDifference: 0 });
    const req = await ask(d, {
      kind: 'replacement',
      reason: 'wrong_item',
      lines: [{ lineId: d.lineIds[0], qty: 1, variantId: blue.variantId }],
    });
    expect(req.status).toBe(201);
    expect(req.body.request.lines[0].replacement).toEqual({
      variantId: blue.variantId,
      label: 'Blue',
      priceDifference: 0,
    });
    const id = req.body.request._id;
    await staff('POST', `/returns/${id}/approve`, { carrier: 'Manual', awb: 'M3' });
    await staff('POST', `/returns/${id}/receive`, {
      lines: [{ lineId: d.lineIds[0], sellable: 0, damaged: 1 }],
    });
    // Blue has no units (the product's stock sat on its first variant).
    const out = await staff('POST', `/returns/${id}/replace`);
    expect(out.status).toBe(409);
    expect(out.body.code).toBe('out_of_stock');
    expect(out.body.msg).toContain('stays open');
    const own = await ctx.req('GET', `/order/${d.orderId}/returns`, { token: d.s.token });
    expect(own.body.requests[0]).toMatchObject({ state: 'received' });
    expect(own.body.requests[0].notice).toContain('out of stock');

    await ctx.db
      .updateTable('product_variants')
      .set({ stock: 1 })
      .where('id', '=', Number(blue.variantId))
      .execute();
    await ctx.db.updateTable('products').set({ stock: 2 }).where('id', '=', d.products[0]!.id).execute();
    const sent = await staff('POST', `/returns/${id}/replace`);
    expect(sent.status).toBe(200);
    expect(sent.body.request).toMatchObject({ state: 'replaced', notice: null });
    const replacement = sent.body.request.replacementOrderId as string;
    const o = await ctx.req('GET', `/order/${replacement}`, { token: d.s.token });
    expect(o.body.order).toMatchObject({ state: 'paid', order_total: 0 });
    expect(o.body.order.lines[0]).toMatchObject({ colorName: 'Blue', qty: 1, unitPrice: 0 });
    const v = await ctx.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', Number(blue.variantId))
      .executeTakeFirstOrThrow();
    expect(v.stock).toBe(0);
    expect((await mailsTo(d.s.email, 'replacement_shipped'))[0]!.text_body).toContain(replacement);
  });
});
