// Covers the back office's courier panel on an order (the browser bridge, the real API with the courier
// simulator): Book courier asks for the box and checks it, books and marks the order shipped (state, AWB, the
// timeline's "Courier booked"), Download label saves the label PDF, Refresh tracking shows the courier's scans.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiOrder, expectToast, login } from './support';

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

describe('order detail: book a courier', () => {
  it('books, ships the order, saves the label and shows the courier’s scans', async () => {
    const orderId = await apiOrder();
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    const panel = page.getByRole('region', { name: 'Courier (Courier simulator)' });
    await panel.getByRole('button', { name: 'Book courier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book courier' });
    await dialog.getByLabel('Height (cm)').fill('0');
    await dialog.getByRole('button', { name: 'Book courier' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'Enter the box size in whole centimetres (1–300).',
    );
    await dialog.getByLabel('Height (cm)').fill('8');
    // The sample product has no weight: the parcel's is given here.
    await dialog.getByLabel('Weight (g)').fill('800');
    // A refusal keeps the dialog open with a notification inside it, which can be read and dismissed: the browser
    // makes the rest of the window inert while a modal dialog is open.
    const bookUrl = `**/order/${orderId}/courier`;
    await page.route(bookUrl, (r) =>
      r.request().method() === 'POST'
        ? r.fulfill({
            status: 502,
            contentType: 'application/json',
            body: '{"flag":0,"msg":"Courier down."}',
          })
        : r.fallback(),
    );
    await dialog.getByRole('button', { name: 'Book courier' }).click();
    const note = dialog.locator('.toast').filter({ hasText: /Courier down\.|could not be booked/ });
    await note.getByRole('button', { name: 'Dismiss notification' }).click();
    await note.waitFor({ state: 'detached' });
    await page.unroute(bookUrl);
    await dialog.getByRole('button', { name: 'Book courier' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, /Courier booked: Simulated Surface, AWB SIM\d{11}\. The order is shipped\./);

    const token = await e2eAdminToken();
    const details = (await api('GET', `/order/${orderId}`, { token })).body;
    expect(details.order.state).toBe('shipped');
    const awb = details.payment.trackingNumber as string;
    expect(awb).toMatch(/^SIM\d{11}$/);
    expect(details.payment.carrier).toBe('Courier simulator');
    const booking = panel.getByTestId('courier-booking');
    await expect.poll(() => booking.textContent()).toContain(awb);
    expect(await booking.textContent()).toContain('0.80 kg');
    await expect.poll(() => page.getByTestId('order-timeline').textContent()).toContain('Courier booked');
    expect(await panel.getByRole('button', { name: 'Book courier' }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download label' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`label-${awb}.pdf`);
    const stream = await download.createReadStream();
    const head = await new Promise<string>((resolve) =>
      stream.once('data', (b: Buffer) => resolve(String(b))),
    );
    expect(head.startsWith('%PDF')).toBe(true);

    await panel.getByRole('button', { name: 'Refresh tracking' }).click();
    await expectToast(page, 'Courier status: Pickup scheduled.');
    await expect
      .poll(() => panel.getByTestId('courier-events').textContent())
      .toContain('Shipment booked (simulated)');
  });
});
