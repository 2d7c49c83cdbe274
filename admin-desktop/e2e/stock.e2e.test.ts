// Covers stock in the admin product list against the real API: a Units column, and a badge by the shared
// stock rule (sellable = the switch on AND units above 0, what the storefront shows), so a product with 0 units
// and the switch on reads "Out of stock" (it read "In Stock" before); the Stock toggle (flag 2) stays,
// labelled as the switch, and still switches.
import { stockLabel } from '@voltcart/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, login, unique } from './support';

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

const row = (name: string) => page.locator('tbody tr', { hasText: name });

describe('stock in the product list', () => {
  it('a product with 0 units and the switch on reads Out of stock, with its units; the switch still works', async () => {
    const p = await apiProduct(unique('Empty Shelf Phone'), { stock: '0' });
    const before = (await api('GET', `/product/${p._id}`, { token: await e2eAdminToken() })).body.product;
    expect(before).toMatchObject({ stock: 0, inStock: true });

    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(p.name)}`));
    await row(p.name).waitFor();
    expect(await row(p.name).getByTestId('units').textContent()).toBe('0');
    expect(await row(p.name).getByTestId('stock-badge').textContent()).toBe('Out of stock');
    const head = await page.locator('thead').textContent();
    for (const col of ['Units', 'Stock']) expect(head).toContain(col);
    // The Stock toggle: the switch's own state, said to be the switch.
    const toggle = row(p.name).getByRole('button', { name: 'In Stock' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await row(p.name).locator('.toggle-caption').textContent()).toBe('Switch');
    await screenshot(page, 'admin-products-stock');

    await toggle.click();
    await row(p.name).getByRole('button', { name: 'Out of Stock' }).waitFor();
    expect(await row(p.name).getByTestId('stock-badge').textContent()).toBe('Out of stock');
    const after = (await api('GET', `/product/${p._id}`, { token: await e2eAdminToken() })).body.product;
    expect(after).toMatchObject({ stock: 0, inStock: false });
  });

  it('every badge of the list agrees with the shared rule (what the storefront shows)', async () => {
    const batch = unique('Rule Check');
    await apiProduct(`${batch} Zero`, { stock: '0' });
    await apiProduct(`${batch} Nine`, { stock: '9' });
    await page.goto(adminUrl(`/admin/product?limit=100&q=${encodeURIComponent(batch)}`));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await check(2);
    // And a whole page of the catalogue.
    await page.goto(adminUrl('/admin/product?limit=100'));
    await page.locator('tbody tr').first().waitFor();
    await check(10);
    expect(pageErrors(page)).toEqual([]);
  });
});

/** Compares every row on screen (at least `min`) with the API's product and the shared rule. */
async function check(min: number) {
  const shown = await page.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      name: r.querySelector('.cell-text .strong')?.textContent ?? '',
      units: r.querySelector('[data-testid="units"]')?.textContent ?? '',
      badge: r.querySelector('[data-testid="stock-badge"]')?.textContent ?? '',
    })),
  );
  const all = (await api('GET', '/product?limit=0', { token: await e2eAdminToken() })).body.products as {
    name: string;
    stock: number;
    inStock: boolean;
  }[];
  const byName = new Map(all.map((p) => [p.name, p]));
  expect(shown.length).toBeGreaterThanOrEqual(min);
  for (const s of shown) {
    const p = byName.get(s.name)!;
    expect(s.units, s.name).toBe(String(p.stock));
    expect(s.badge, s.name).toBe(stockLabel(p.stock, p.inStock));
  }
}
