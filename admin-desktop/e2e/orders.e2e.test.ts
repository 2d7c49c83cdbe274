// Covers the back office's Orders and Users screens against the real API: an order placed by a shopper
// through the API appears in the list (state filter, search by order id and email), its detail shows lines,
// address and payment and offers only the moves staff may make from its state, staff move it to shipped, and
// a move the API refuses (the order moved on behind the screen's back) shows the API's message; rows chosen in
// the list (some, the page, every order matching the filters) get their packing slips and are marked shipped
// with a carrier and tracking number each.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import {
  adminUrl,
  apiProduct,
  expectToast,
  login,
  orderableProduct,
  placeCodOrder,
  registerShopper,
  unique,
} from './support';

let browser: Browser;
let page: Page;
let orderId: string;
let shopper: { name: string; email: string };
let product: { _id: string; name: string };

/** The shopper orders two units of the product, cash on delivery, through the API; returns the order id. */
const placeOrder = (token: string) => placeCodOrder(token, product._id, 2);

/** The labels of the move buttons on the order screen. */
const moves = () => page.locator('.order-moves button').allTextContents();

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  shopper = { name: 'Meera Iyer', email: `meera${Date.now().toString(36)}@example.in` };
  const token = await registerShopper(shopper);
  product = (await api('GET', `/product/${await orderableProduct()}`)).body.product;
  orderId = await placeOrder(token);
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('orders', () => {
  it('lists the order; the state filter and the search find it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const row = page.locator('tbody tr', { hasText: orderId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Placed (COD)');
    expect(await row.textContent()).toContain(shopper.email);

    await page.getByLabel('State').selectOption('shipped');
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('State').selectOption('placed');
    await row.waitFor();

    await page.getByLabel('State').selectOption('');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(shopper.email);
    await row.waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderId);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await screenshot(page, 'admin-orders');
  });

  it('shows the detail, offers only the moves staff may make, and moves the order to shipped', async () => {
    await page.locator('tbody tr', { hasText: orderId }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}$`));
    await page.getByRole('heading', { name: 'Shipping address' }).waitFor();
    const text = await page.locator('main').textContent();
    for (const part of [
      product.name,
      '14 MG Road',
      'Bengaluru',
      '560001',
      'Cash on delivery',
      shopper.name,
    ]) {
      expect(text).toContain(part);
    }
    // A cash-on-delivery order is shipped or cancelled; it cannot be delivered before it is shipped.
    expect(await moves()).toEqual(['Mark as shipped', 'Cancel order']);
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    const ship = page.getByRole('dialog', { name: 'Mark as shipped' });
    await ship.getByLabel('Carrier').fill('Delhivery');
    await ship.getByLabel('Tracking number').fill('DLV123456789');
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await expectToast(page, /shipped/i);
    await page.locator('.badge', { hasText: 'Shipped' }).first().waitFor();
    const order = (await api('GET', `/order/${orderId}`, { token: await e2eAdminToken() })).body.order;
    expect(order.state).toBe('shipped');
    await expect.poll(moves).toEqual(['Mark as delivered', 'Returned to origin']);
    await screenshot(page, 'admin-order-detail');
  });

  it("shows the API's message for a move refused because the order moved on meanwhile", async () => {
    const other = await placeOrder(
      await registerShopper({ name: 'Arjun Rao', email: `arjun${Date.now().toString(36)}@example.in` }),
    );
    await page.goto(adminUrl(`/admin/orders/${other}`));
    await page.locator('.badge', { hasText: 'Placed (COD)' }).first().waitFor();
    expect(await moves()).toEqual(['Mark as shipped', 'Cancel order']);
    // Someone else ships it while this screen still shows it as placed.
    const token = await e2eAdminToken();
    expect((await api('PATCH', `/order/status/${other}`, { token, body: { state: 'shipped' } })).status).toBe(
      200,
    );
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Yes, cancel it' })
      .click();
    await page.locator('.toast-error').getByText('Cannot move an order from shipped to cancelled.').waitFor();
    const order = (await api('GET', `/order/${other}`, { token })).body.order;
    expect(order.state).toBe('shipped');
    // The screen loads the order again and offers what is possible now.
    await page.locator('.order-bar .badge', { hasText: 'Shipped' }).waitFor();
    await expect.poll(moves).toEqual(['Mark as delivered', 'Returned to origin']);
    expect(pageErrors(page).filter((e) => !e.includes('409'))).toEqual([]);
  });

  it('keeps the filters, the sort and the page in the address, with the total', async () => {
    const token = await registerShopper({
      name: 'Kavya Nair',
      email: `kavya${Date.now().toString(36)}@example.in`,
    });
    const second = await placeOrder(token);
    const email = (await api('GET', `/order/${second}`, { token })).body.order.user.email as string;
    const third = await placeOrder(token);
    await page.goto(
      adminUrl(`/admin/orders?q=${encodeURIComponent(email)}&state=placed,paid&payment_mode=0`),
    );
    await page.getByText('Showing 1–2 of 2').waitFor();
    expect(await page.getByLabel('State').inputValue()).toBe('placed,paid');
    expect(await page.getByRole('combobox', { name: 'Payment' }).inputValue()).toBe('0');

    // Newest first; the Date header sorts oldest first, the address keeps it.
    const ids = () => page.locator('tbody tr td.mono').allTextContents();
    expect(await ids()).toEqual([third, second]);
    await page.getByRole('button', { name: 'Date' }).click();
    await page.waitForURL(/dir=asc/);
    await expect.poll(ids).toEqual([second, third]);
    expect(await page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await page.getByRole('button', { name: 'Total' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'total' && !url.searchParams.has('dir'));

    // A filter that matches nothing, then back; a page past the end and Previous.
    await page.getByRole('combobox', { name: 'Payment' }).selectOption('1');
    await page.getByText('No orders match.').waitFor();
    await page.getByRole('combobox', { name: 'Payment' }).selectOption('');
    await page.getByText('Showing 1–2 of 2').waitFor();
    await page.goto(adminUrl(`/admin/orders?q=${encodeURIComponent(email)}&page=2`));
    await page.getByText('No orders match.').waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.getByText('Showing 1–2 of 2').waitFor();
    await screenshot(page, 'admin-orders-filtered');
  });

  it('marks orders shipped from a CSV after a preview that shows each row', async () => {
    const token = await registerShopper({
      name: 'Dev Patel',
      email: `dev${Date.now().toString(36)}@example.in`,
    });
    const [a, b] = [await placeOrder(token), await placeOrder(token)];
    await page.goto(adminUrl('/admin/orders'));
    await page.getByRole('button', { name: 'Mark shipped from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark shipped from a CSV' });
    const csv = `order id,carrier,tracking number\n${a},Delhivery,DLV-A1\n${b},Blue Dart,BD-B2\nVC00000000000000000Z,Delhivery,X1\n`;
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('2 of 3 rows ready.').waitFor();
    await dialog.getByText('Order VC00000000000000000Z not found.').waitFor();
    const admin = await e2eAdminToken();
    expect((await api('GET', `/order/${a}`, { token: admin })).body.order.state).toBe('placed');
    await screenshot(page, 'admin-orders-bulk-ship-preview');

    await dialog.getByRole('button', { name: 'Mark 2 orders shipped' }).click();
    await expectToast(page, /2 orders marked shipped/);
    await dialog.getByText('2 orders shipped.').waitFor();
    for (const [id, tracking] of [
      [a, 'DLV-A1'],
      [b, 'BD-B2'],
    ]) {
      const detail = (await api('GET', `/order/${id}`, { token: admin })).body;
      expect(detail.order.state).toBe('shipped');
      expect(detail.payment.trackingNumber).toBe(tracking);
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.locator('tbody tr', { hasText: a }).getByText('Shipped').waitFor();
    // The next tests wait for notifications of their own.
    await page.locator('.toast-success').getByRole('button', { name: 'Dismiss notification' }).click();
    await page.locator('.toast-success').waitFor({ state: 'detached' });
  });
});

/** Dismisses every notification shown: the next tests wait for notifications of their own. */
async function dismissToasts() {
  const toasts = page.locator('.toast-success');
  while ((await toasts.count()) > 0)
    await toasts
      .first()
      .getByRole('button', { name: 'Dismiss notification' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
}

/** Reads a download to the end. */
async function downloaded(download: import('playwright-core').Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** PDF page objects (one packing slip each). */
const pdfPages = (pdf: Buffer) => (String(pdf).match(/\/Type\s*\/Page\b/g) ?? []).length;

/** `count` one-unit cash-on-delivery orders of a product of its own, by one new shopper; their ids and email. */
async function ordersOfOneShopper(count: number): Promise<{ ids: string[]; email: string }> {
  const email = `bulk${Date.now().toString(36)}@example.in`;
  const token = await registerShopper({ name: 'Isha Menon', email });
  const made = await apiProduct(unique('Bulk Ship Phone'), { stock: String(count + 5) });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await placeCodOrder(token, made._id, 1));
  return { ids, email };
}

describe('choosing orders', () => {
  it('prints the packing slips of the rows chosen and marks them shipped, a tracking number each', async () => {
    const { ids, email } = await ordersOfOneShopper(3);
    const [a, b, c] = ids as [string, string, string];
    await page.goto(adminUrl(`/admin/orders?q=${encodeURIComponent(email)}`));
    await page.getByText('Showing 1–3 of 3').waitFor();
    await page.getByLabel(`Choose order ${a}`).check();
    await page.getByLabel(`Choose order ${b}`).check();
    // Choosing does not open the order.
    expect(new URL(page.url()).pathname).toBe('/admin/orders');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 orders chosen').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Print packing slips' }).click(),
    ]);
    const pdf = await downloaded(download);
    expect(String(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(2);
    await expectToast(page, 'Packing slips for 2 orders saved.');

    await bar.getByRole('button', { name: 'Mark shipped…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the chosen orders shipped' });
    await dialog.getByLabel('Carrier for every order').fill('Delhivery');
    await dialog.getByLabel(`Tracking number of ${a}`).fill('DLV-CH-1');
    await dialog.getByLabel(`Carrier of ${b}`).fill('Blue Dart');
    await dialog.getByRole('button', { name: 'Check 2 orders' }).click();
    await dialog.getByText('1 of 2 orders ready to ship.').waitFor();
    await dialog.getByText('The tracking number is missing.').waitFor();
    await dialog.getByLabel(`Tracking number of ${b}`).fill('BD-CH-2');
    await dialog.getByRole('button', { name: 'Check 2 orders' }).click();
    await dialog.getByText('2 of 2 orders ready to ship.').waitFor();
    const admin = await e2eAdminToken();
    expect((await api('GET', `/order/${a}`, { token: admin })).body.order.state).toBe('placed');
    await screenshot(page, 'admin-orders-ship-chosen');

    await dialog.getByRole('button', { name: 'Mark 2 orders shipped' }).click();
    await expectToast(page, /2 orders marked shipped/);
    await dialog.getByText('2 orders shipped.').waitFor();
    for (const [id, carrier, tracking] of [
      [a, 'Delhivery', 'DLV-CH-1'],
      [b, 'Blue Dart', 'BD-CH-2'],
    ]) {
      const detail = (await api('GET', `/order/${id}`, { token: admin })).body;
      expect(detail.order.state).toBe('shipped');
      expect(detail.payment).toMatchObject({ carrier, trackingNumber: tracking });
    }
    expect((await api('GET', `/order/${c}`, { token: admin })).body.order.state).toBe('placed');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.locator('tbody tr', { hasText: a }).getByText('Shipped').waitFor();
    await page
      .locator('.toast-success')
      .getByRole('button', { name: 'Dismiss notification' })
      .first()
      .click();
  });

  it('chooses every order matching the filters, beyond the page, and ships them with one carrier', async () => {
    const { ids, email } = await ordersOfOneShopper(52);
    await page.goto(adminUrl(`/admin/orders?q=${encodeURIComponent(email)}&state=placed`));
    await page.getByText('Showing 1–50 of 52').waitFor();
    await page.getByLabel('Choose every order on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('50 orders chosen').waitFor();
    await bar.getByRole('button', { name: 'Choose all 52 orders matching the filters' }).click();
    await bar.getByText('52 orders chosen (all matching the filters)').waitFor();

    await bar.getByRole('button', { name: 'Mark shipped…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the chosen orders shipped' });
    await dialog.getByLabel('Carrier for every order').fill('Ekart');
    // The oldest two sit on the second page of the list: they are in the dialog too.
    for (const [i, id] of ids.entries()) await dialog.getByLabel(`Tracking number of ${id}`).fill(`EK-${i}`);
    await dialog.getByRole('button', { name: 'Check 52 orders' }).click();
    await dialog.getByText('52 of 52 orders ready to ship.').waitFor();
    await dialog.getByRole('button', { name: 'Mark 52 orders shipped' }).click();
    await dialog.getByText('52 orders shipped.').waitFor();
    const admin = await e2eAdminToken();
    for (const i of [0, 1, 51]) {
      const detail = (await api('GET', `/order/${ids[i]}`, { token: admin })).body;
      expect(detail.order.state).toBe('shipped');
      expect(detail.payment).toMatchObject({ carrier: 'Ekart', trackingNumber: `EK-${i}` });
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('No orders match.').waitFor();
    expect(pageErrors(page).filter((e) => !e.includes('409'))).toEqual([]);
    await dismissToasts();
  });
});

describe('users', () => {
  it('lists customers with their order counts', async () => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(shopper.email);
    const row = page.locator('tbody tr', { hasText: shopper.email });
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).toBe('1');
  });
});

describe('settings', () => {
  it('tests the connection to the API and shows the shop settings', async () => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText(/^Connected to the Voltcart API/).waitFor();
    const before = (await api('GET', '/settings')).body.settings.shopName as string;
    try {
      await page.getByLabel('Shop name').fill('Voltcart Electronics');
      await page.getByRole('button', { name: 'Save shop settings' }).click();
      await page.locator('.toast-success').first().waitFor();
      expect((await api('GET', '/settings')).body.settings.shopName).toBe('Voltcart Electronics');
    } finally {
      // Other suites share the run's database.
      await api('PUT', '/settings', { token: await e2eAdminToken(), body: { shopName: before } });
    }
    await page.getByLabel('API server address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page
      .getByText('Cannot reach http://127.0.0.1:9. Check the address and that the API is running.')
      .waitFor();
    await screenshot(page, 'admin-settings');
  });
});
