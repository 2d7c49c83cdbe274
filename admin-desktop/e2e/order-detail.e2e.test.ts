// Covers the back office's order detail after the order (the browser bridge, the real API with the payment
// simulator): a partial refund with a reason and then the rest, with the amount left; a refund another member
// of staff made meanwhile (the screen shows the API's refusal and the new amount left); shipping with carrier
// and tracking number; the invoice downloaded as a PDF; an e-mail sent again; the timeline naming who did what.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiOrder, env, expectToast, login, paidOrder } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  page.context().setDefaultTimeout(30_000);
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

describe('order detail: refunds, shipping, documents, mails, timeline', () => {
  it('refunds in part with a reason, shows what is left, and shows a refund another member of staff made', async () => {
    const { orderId, total } = await paidOrder();
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    const panel = page.getByRole('region', { name: 'Refunds' });
    await panel.waitFor();
    expect(await page.getByTestId('refund-left').textContent()).toContain(`${inr(total)} left`);

    await panel.getByLabel('Amount (₹)').fill('100');
    await panel.getByLabel('Reason').fill('Scratched box');
    await panel.getByRole('button', { name: 'Refund' }).click();
    await page
      .getByRole('dialog', { name: 'Refund ₹100 to the customer?' })
      .getByRole('button', { name: 'Refund' })
      .click();
    await expectToast(page, /refund/i);
    await expect
      .poll(() => page.getByTestId('refund-left').textContent())
      .toContain(`${inr(total - 100)} left`);
    expect(await panel.locator('tbody').textContent()).toContain('Scratched box');

    // Someone else refunds the rest while this screen still offers it.
    const token = await e2eAdminToken();
    const other = await api('POST', `/order/${orderId}/refund`, {
      token,
      body: { reason: 'Customer asked' },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    await panel.getByLabel('Amount (₹)').fill('50');
    await panel.getByLabel('Reason').fill('Late delivery');
    await panel.getByRole('button', { name: 'Refund' }).click();
    await page
      .getByRole('dialog', { name: 'Refund ₹50 to the customer?' })
      .getByRole('button', { name: 'Refund' })
      .click();
    const refusal = panel.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/left/);
    await expect.poll(() => page.getByTestId('refund-left').textContent()).toContain(`${inr(0)} left`);
    expect(await panel.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    const details = (await api('GET', `/order/${orderId}`, { token })).body;
    expect(details.payment.refunded).toBe(total);

    const timeline = page.getByTestId('order-timeline');
    expect(await timeline.textContent()).toContain(env.adminEmail);
    expect(await timeline.textContent()).toContain('Scratched box');
    await screenshot(page, 'admin-order-refunds');
    expect(await seriousViolations(page, 'admin order detail')).toEqual([]);
  });

  it('ships with carrier and tracking number, downloads the invoice and sends an e-mail again', async () => {
    const orderId = await apiOrder();
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    const ship = page.getByRole('dialog', { name: 'Mark as shipped' });
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    expect(await ship.getByRole('alert').textContent()).toBe('Enter the carrier.');
    await ship.getByLabel('Carrier').fill('Delhivery');
    await ship.getByLabel('Tracking number').fill('DLV-778812');
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await ship.waitFor({ state: 'detached' });
    expect(await page.getByTestId('shipment').textContent()).toBe('Delhivery · DLV-778812');
    const token = await e2eAdminToken();
    const shipped = (await api('GET', `/order/${orderId}`, { token })).body;
    expect(shipped.order.state).toBe('shipped');
    expect(shipped.payment).toMatchObject({ carrier: 'Delhivery', trackingNumber: 'DLV-778812' });

    // A cash-on-delivery order's invoice is issued when it ships.
    const documents = page.getByRole('region', { name: 'Invoice and credit notes' });
    const invoice = shipped.documents.find((d: { kind: string }) => d.kind === 'invoice');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: `Download ${invoice.number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.number.replace(/\//g, '-')}.pdf`);
    const stream = await download.createReadStream();
    const head = await new Promise<string>((resolve) =>
      stream.once('data', (b: Buffer) => resolve(String(b))),
    );
    expect(head.startsWith('%PDF')).toBe(true);

    const mails = page.getByRole('region', { name: 'E-mails' });
    const before = shipped.mails.length as number;
    expect(before).toBeGreaterThan(0);
    await mails
      .getByRole('button', { name: /^Resend/ })
      .first()
      .click();
    await expectToast(page, /again|sent|resent/i);
    await expect
      .poll(async () => (await api('GET', `/order/${orderId}`, { token })).body.mails.length)
      .toBe(before + 1);
    await expect.poll(() => page.getByTestId('order-timeline').textContent()).toContain('E-mail sent again');
    await page.getByRole('region', { name: 'E-mails' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-order-shipped');
  });
});
