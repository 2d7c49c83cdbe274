// Covers the change history against the real API: a change made in the back office shows on the History screen
// with who, what and the fields before and after; the filters (person, kind, object, days) narrow the list and
// stay in the address; a product's and an order's page show their own history.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiOrder, apiProduct, login, unique } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('history screen', () => {
  it('shows a price change with its fields, filters by kind, object, person and day, and on the product page', async () => {
    const product = await apiProduct(unique('History phone'));
    const form = new FormData();
    form.append('originalPrice', '14000');
    const saved = await api('PUT', `/product/update/${product._id}`, { token: await e2eAdminToken(), form });
    expect(saved.status).toBe(200);

    const page = await newPage(browser);
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Product' });
    await page.getByLabel('Object id', { exact: true }).fill(product._id);
    await page.waitForURL(
      new RegExp(`kind=product.*objectId=${product._id}|objectId=${product._id}.*kind=product`),
    );
    const rows = page.getByTestId('audit-row');
    await rows.filter({ hasText: `Saved product ${product.name}` }).waitFor();
    // The product's creation and the price change, newest first (once the filtered page has replaced the last one).
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.first();
    expect(await row.textContent()).toContain(`Saved product ${product.name}`);
    expect(await row.textContent()).toContain('E2E Admin');
    await row.getByText(/fields?$/).click();
    const price = row.getByRole('row').filter({ hasText: 'originalPrice' });
    expect(await price.getByRole('cell').allTextContents()).toEqual(['originalPrice', '15000', '14000']);

    // A day with nothing recorded, then back to today.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-02');
    await page.getByText('Nothing recorded matches.').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('To', { exact: true }).fill(today);
    await rows.first().waitFor();
    await page.getByLabel('Person', { exact: true }).selectOption({ label: 'E2E Admin' });
    await rows.first().waitFor();
    expect(page.url()).toContain('actor=');
    await screenshot(page, 'admin-history');

    await row.getByRole('link', { name: `Product ${product._id}` }).click();
    const own = page.getByTestId('object-history');
    await own.getByText(`Saved product ${product.name}`).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("an order's page shows its state moves", async () => {
    const orderId = await apiOrder();
    const moved = await api('PATCH', `/order/status/${orderId}`, {
      token: await e2eAdminToken(),
      body: { state: 'shipped' },
    });
    expect(moved.status).toBe(200);
    const page = await newPage(browser);
    await login(page);
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    const own = page.getByTestId('object-history');
    await own.getByText('Order placed → shipped').waitFor();
    expect(await own.getByTestId('audit-row').count()).toBe(1);
    await page.close();
  });
});
