// Covers stock edits in the back office against the real API:
// - the product form: opened at 3 units, a shopper's order takes one, saving a description leaves 2 (the form
//   used to write back the 3 it loaded); a stock change made against 2 after another order took one is refused
//   with "Stock changed from 2 to 1 while you were editing", the form goes on from 1 and the next save works
// - the product list: + and − and a typed value adjust units in place; a change made against units an order
//   has just changed is refused in the row ("Stock changed from 4 to 3 ...") and the row shows 3
// - the low-stock filter and its threshold in Settings (validated on the screen and by the API)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, expectToast, login, placeCodOrder, registerShopper, unique } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

let shoppers = 0;
/** A new shopper buys one unit of the product, cash on delivery, through the API. */
async function shopperBuysOne(productId: string): Promise<void> {
  const email = `stock-edits-${Date.now().toString(36)}-${shoppers++}@example.in`;
  await placeCodOrder(await registerShopper({ name: 'Ritu Sharma', email }), productId, 1);
}

async function apiStock(id: string) {
  const r = await api('GET', `/product/${id}`, { token: await e2eAdminToken() });
  return r.body.product as { stock: number; shortDescription: string };
}

describe('the product form and units sold while it is open', () => {
  it('a description save keeps the units sold meanwhile; a stale stock change shows the 409 and goes on from the current stock', async () => {
    const p = await apiProduct(unique('Open Form Phone'), { stock: '3' });
    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await page.getByLabel('Stock Quantity').inputValue()).toBe('3');

    await shopperBuysOne(p._id);
    expect((await apiStock(p._id)).stock).toBe(2);

    await page.getByLabel('Short Description').fill('Now with a case in the box');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/product$/);
    expect(await apiStock(p._id)).toMatchObject({ stock: 2, shortDescription: 'Now with a case in the box' });

    // Open again (2 units), another order takes one, and the person sets the stock to 5.
    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await page.getByLabel('Stock Quantity').inputValue()).toBe('2');
    await shopperBuysOne(p._id);
    await page.getByLabel('Stock Quantity').fill('5');
    await page.getByLabel('Brand').fill('Volt Audio');
    await page.getByRole('button', { name: 'Save' }).click();

    const alert = page.getByTestId('stock-conflict');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Stock changed from 2 to 1 while you were editing.');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(page.url()).toContain(`/admin/product/edit/${p._id}`);
    // The form goes on from the current stock; the person's other edit stays.
    expect(await page.getByLabel('Stock Quantity').inputValue()).toBe('1');
    expect(await page.getByLabel('Brand').inputValue()).toBe('Volt Audio');
    expect((await apiStock(p._id)).stock).toBe(1);
    // Saved from the bottom of the form: the message comes into view, the focus to the stock it is about.
    expect(await alert.isVisible()).toBe(true);
    expect(
      await alert.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
        return r.top >= bar && r.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('p-stock');
    await screenshot(page, 'admin-product-stock-conflict', { fullPage: false });

    await page.getByLabel('Stock Quantity').fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/product$/);
    const after = (await api('GET', `/product/${p._id}`, { token: await e2eAdminToken() })).body.product;
    expect(after).toMatchObject({ stock: 5, brand: 'Volt Audio' });
    // Chromium logs the refused save's 409 itself; nothing else went wrong.
    expect(pageErrors(page).filter((e) => !e.includes('409'))).toEqual([]);
  });
});

describe('units adjusted in the product list', () => {
  const row = (name: string) => page.locator('tbody tr', { hasText: name });
  const units = (name: string) => row(name).getByTestId('units');

  it('+, − and a typed value change the units; a change against units an order just took is refused in the row', async () => {
    const p = await apiProduct(unique('Inline Units Phone'), { stock: '3' });
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(p.name)}`));
    await row(p.name).waitFor();
    expect(await units(p.name).textContent()).toBe('3');

    await row(p.name)
      .getByRole('button', { name: `One unit more of ${p.name}` })
      .click();
    await expect.poll(() => units(p.name).textContent()).toBe('4');
    expect((await apiStock(p._id)).stock).toBe(4);

    // An order takes one while the list still shows 4.
    await shopperBuysOne(p._id);
    await row(p.name)
      .getByRole('button', { name: `One unit fewer of ${p.name}` })
      .click();
    const notice = row(p.name).getByTestId('units-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Stock changed from 4 to 3 while you were editing. Nothing was changed.',
    );
    await expect.poll(() => units(p.name).textContent()).toBe('3');
    expect((await apiStock(p._id)).stock).toBe(3);
    await screenshot(page, 'admin-products-units-conflict', { fullPage: false });

    await units(p.name).click();
    const field = row(p.name).getByLabel(`Units of ${p.name}`);
    await field.fill('12');
    await field.press('Enter');
    await expect.poll(() => units(p.name).textContent()).toBe('12');
    expect((await apiStock(p._id)).stock).toBe(12);
    await expectToast(page, `“${p.name}” now has 12 units.`);
    expect(pageErrors(page).filter((e) => !e.includes('409'))).toEqual([]);
  });
});

describe('the low-stock filter and its threshold', () => {
  const settingsUrl = () => adminUrl('/admin/settings');
  const threshold = () => page.getByLabel('Low-stock threshold (units)');
  const saveSettings = () => page.getByRole('button', { name: 'Save shop settings' }).click();

  it('refuses a threshold that is not a whole number of units, saves a good one, and the list filters by it', async () => {
    await page.goto(settingsUrl());
    await page.getByRole('button', { name: 'Save shop settings' }).and(page.locator(':enabled')).waitFor();
    expect(await threshold().inputValue()).toBe('5');

    for (const bad of ['-1', '2.5', '']) {
      await threshold().fill(bad);
      await saveSettings();
      await expect
        .poll(() => page.getByTestId('shop-settings-error').textContent())
        .toBe('The low-stock threshold must be a whole number of units, from 0 to 1,00,000.');
    }
    const token = await e2eAdminToken();
    expect((await api('GET', '/settings', { token })).body.settings.lowStockThreshold).toBe(5);

    await threshold().fill('4');
    await saveSettings();
    await expectToast(page, 'Settings saved.');
    expect((await api('GET', '/settings', { token })).body.settings.lowStockThreshold).toBe(4);

    const batch = unique('Shelf Check');
    await apiProduct(`${batch} Four`, { stock: '4' });
    await apiProduct(`${batch} Nine`, { stock: '9' });
    await apiProduct(`${batch} None`, { stock: '0' });
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(batch)}`));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
    const filter = page.getByLabel(/Low stock only/);
    expect(await page.locator('.check-filter', { hasText: 'Low stock' }).textContent()).toBe(
      'Low stock only (4 units or fewer)',
    );
    // The switch follows the address, which changes once the filtered list is on its way (a transition).
    await filter.click();
    await page.waitForURL(/lowStock=1/);
    await expect.poll(() => filter.isChecked()).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    // Fewest units first.
    const names = await page.locator('tbody tr .cell-text .strong').allTextContents();
    expect(names).toEqual([`${batch} None`, `${batch} Four`]);
    await screenshot(page, 'admin-products-low-stock');

    // Back to the default for the other tests.
    await page.goto(settingsUrl());
    await page.getByRole('button', { name: 'Save shop settings' }).and(page.locator(':enabled')).waitFor();
    await threshold().fill('5');
    await saveSettings();
    await expectToast(page, 'Settings saved.');
    expect((await api('GET', '/settings', { token })).body.settings.lowStockThreshold).toBe(5);
    expect(pageErrors(page).filter((e) => !e.includes('409'))).toEqual([]);
  });
});
