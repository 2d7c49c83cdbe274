// Covers a return from end to end in two browsers' worth of pages against the real API: the shopper returns one of
// two delivered lines of a cash-on-delivery order from the storefront's order page (units, reason, comment, a
// photo, the UPI ID for the refund); staff approve it with a manual pickup, receive it as sellable and record the
// UPI refund on the back office's Returns screen. Checked through the API: the unit back in stock, the other
// line's not, a credit note for the returned line only, the order still delivered, and the mails of each step.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, env, expectToast, login, unique } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shopUrl = (path: string) => {
  if (!env.storefrontUrl) throw new Error('The storefront has no build: the e2e set-up could not build it.');
  return `${env.storefrontUrl}${path}`;
};

describe('a return from the order page to the refund', () => {
  it('returns one of two delivered lines with a photo; staff approve, receive as sellable and refund by UPI', async () => {
    const token = await e2eAdminToken();
    const kept = await apiProduct(unique('Return Kept Charger'));
    const sent = await apiProduct(unique('Return Sent Earbuds'));
    const stockOf = async (id: string) => (await api('GET', `/product/${id}`, { token })).body.product.stock;
    const email = `returns${Date.now().toString(36)}@example.in`;
    const password = 'Secret-pass-123';
    const reg = await api('POST', '/user/register', { body: { name: 'Meera Iyer', email, password } });
    expect(reg.status).toBe(201);
    const shopper = reg.body.token as string;
    for (const p of [kept, sent]) {
      const r = await api('POST', '/cart/add-to-cart', { token: shopper, body: { productId: p._id } });
      expect(r.status).toBe(200);
    }
    const placed = await api('POST', '/order/place-order', {
      token: shopper,
      body: {
        payment_mode: 0,
        shipping_details: {
          adressLine1: '7, Lake View Road',
          city: 'Chennai',
          state: 'Tamil Nadu',
          postalCode: '600001',
          country: 'India',
          contact: '9840012345',
        },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order_id as string;
    for (const state of ['shipped', 'delivered']) {
      const r = await api('PATCH', `/order/status/${orderId}`, {
        token,
        body: { state, carrier: 'Delhivery', trackingNumber: 'DL55' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const stockBefore = { kept: await stockOf(kept._id), sent: await stockOf(sent._id) };

    // The shopper asks from the order page.
    const shop = await newPage(browser, { width: 1366, height: 900 });
    shop.context().setDefaultTimeout(30_000);
    await shop.goto(shopUrl('/login?ref=Products'));
    await shop.getByLabel('Email').fill(email);
    await shop.getByLabel('Password', { exact: true }).fill(password);
    await shop.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await shop.waitForURL((u) => !u.pathname.startsWith('/login'));
    await shop.goto(shopUrl(`/profile/orders/${orderId}`));
    const section = shop.getByRole('region', { name: 'Returns and replacements' });
    await section.getByRole('button', { name: 'Return or replace' }).click();
    const form = section.getByRole('form', { name: 'Return or replace items' });
    await form.getByRole('checkbox', { name: sent.name }).check();
    await form.getByLabel('Reason').selectOption('damaged');
    await form.getByLabel('Comment').fill('The left earbud case is cracked.');
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    await form
      .getByLabel(/Photos/)
      .setInputFiles({ name: 'crack.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('textbox', { name: 'UPI ID' }).fill('meera.iyer@okhdfcbank');
    expect(await seriousViolations(shop, 'return form')).toEqual([]);
    await screenshot(shop, 'storefront-return-form');
    // The form fits a phone: nothing wider than the screen.
    await shop.setViewportSize({ width: 390, height: 844 });
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(shop, 'storefront-return-form-390');
    await form.getByRole('button', { name: 'Send request' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: /Request VR\w+ received/ })
      .waitFor();
    const requests = section.getByTestId('return-requests');
    expect(await requests.textContent()).toContain(sent.name);
    expect(await requests.getByTestId('return-state').textContent()).toBe('Requested');
    expect(await requests.locator('img').count()).toBe(1);
    const returnId = /VR\w{18}/.exec((await requests.textContent()) ?? '')![0];

    // Staff approve, receive and refund on the Returns screen.
    const desk = await newPage(browser, { width: 1366, height: 900 });
    desk.context().setDefaultTimeout(30_000);
    await login(desk);
    await desk.goto(adminUrl('/admin/returns?state=requested'));
    await desk.getByRole('link', { name: returnId }).click();
    await desk.waitForURL(`**/admin/returns/${returnId}`);
    expect(await desk.getByTestId('refund-to').textContent()).toContain('meera.iyer@okhdfcbank');
    expect(await desk.getByRole('img', { name: "Shopper's attachment 1" }).count()).toBe(1);
    expect(await seriousViolations(desk, 'return detail')).toEqual([]);
    await desk.getByRole('button', { name: 'Approve' }).click();
    const approve = desk.getByRole('dialog', { name: 'Approve and book the pickup' });
    await approve.getByLabel('Pickup carrier').fill('Delhivery');
    await approve.getByLabel('AWB number').fill('DLR-7781');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expectToast(desk, 'Request approved; the shopper is mailed the pickup.');
    const receive = desk.getByRole('region', { name: 'Receive and inspect' });
    expect(await receive.getByLabel(`Sellable units of ${sent.name}`).inputValue()).toBe('1');
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await expectToast(desk, 'Items received; sellable units are back in stock.');
    const refund = desk.getByRole('region', { name: 'Refund' });
    await refund.getByLabel('Transaction reference').fill('UPI-REF-99812');
    await screenshot(desk, 'admin-return-refund');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    const confirm = desk.getByRole('dialog', { name: /Record a refund of ₹[\d,]+ sent by UPI\?/ });
    await confirm.getByRole('button', { name: 'Record refund' }).click();
    await expectToast(desk, /Refunded ₹/);
    await expect.poll(() => desk.getByTestId('return-state').textContent()).toBe('Refunded');
    expect(await desk.getByTestId('return-history').textContent()).toContain('UPI, ref. UPI-REF-99812');

    // Behind the screens: stock, documents, mails.
    expect(await stockOf(sent._id)).toBe(stockBefore.sent + 1);
    expect(await stockOf(kept._id)).toBe(stockBefore.kept);
    const details = await api('GET', `/order/${orderId}`, { token });
    expect(details.body.order.state).toBe('delivered');
    const sentLine = details.body.order.lines.find((l: { name: string }) => l.name === sent.name);
    expect(details.body.payment.refunded).toBe(sentLine.lineTotal);
    const notes = details.body.documents.filter((d: { kind: string }) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0].total).toBe(sentLine.lineTotal);
    expect(details.body.refunds[0]).toMatchObject({ method: 'upi', reference: 'UPI-REF-99812' });
    const kinds = details.body.mails.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['return_requested', 'return_approved', 'refunded']));

    // The shopper's page shows the refund made.
    await shop.reload();
    await expect
      .poll(() => shop.getByTestId('return-requests').getByTestId('return-state').textContent())
      .toBe('Refunded');
  });
});
