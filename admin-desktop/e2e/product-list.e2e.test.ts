// Covers the product list built for large catalogues: the status filter, the price range and
// the Price header's sort are kept in the address and order and narrow the rows; rows chosen with the page's
// checkbox are switched off by the bulk-action bar (checked through the API); a chosen row is deleted after the
// usual confirmation (gone from the API); "all N matching the filters" reaches the products of every page; the
// bar has no serious axe violation; the column choice is kept for the signed-in staff member.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, confirmDelete, expectToast, login, unique } from './support';

let browser: Browser;
let page: Page;
const batch = unique('Bulkcheck');

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1280, height: 900 });
  await login(page);
  for (const [suffix, price] of [
    ['Cheap', '1000'],
    ['Middle', '2000'],
    ['Dear', '3000'],
  ] as const)
    await apiProduct(`${batch} ${suffix}`, { originalPrice: price, discountPercentage: '0' });
});
afterAll(async () => {
  await browser?.close();
});

const rowNames = () => page.locator('tbody tr .cell-text .strong').allTextContents();
const short = (names: string[]) => names.map((n) => n.replace(`${batch} `, ''));

/** The batch's products as the API lists them to staff with `query` (names without the batch). */
async function apiNames(query: string): Promise<string[]> {
  const r = await api('GET', `/product?q=${encodeURIComponent(batch)}&${query}`, {
    token: await e2eAdminToken(),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return short((r.body.products as { name: string }[]).map((p) => p.name)).sort();
}

describe('the product list: filters, sort and bulk actions', () => {
  it('filters and sorts through the address, then switches the chosen rows off', async () => {
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(batch)}`));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'On (shown in the shop)' });
    await page.waitForURL(/status=1/);
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await page.waitForURL(/sort=price_asc/);
    await expect.poll(async () => short(await rowNames())).toEqual(['Cheap', 'Middle', 'Dear']);
    expect(await page.locator('th', { hasText: 'Price' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    await page.waitForURL(/sort=price_desc/);
    await expect.poll(async () => short(await rowNames())).toEqual(['Dear', 'Middle', 'Cheap']);

    const from = page.getByLabel('Price from ₹');
    await from.fill('1500');
    await from.press('Enter');
    await page.waitForURL(/minPrice=1500/);
    await expect.poll(async () => short(await rowNames())).toEqual(['Dear', 'Middle']);
    expect(await page.locator('.pager').textContent()).toContain('Showing 1–2 of 2');

    // A reload keeps every filter and the sort.
    await page.reload();
    await expect.poll(async () => short(await rowNames())).toEqual(['Dear', 'Middle']);
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('1');

    await page.getByLabel('Choose every product on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    expect(await bar.textContent()).toContain('2 products chosen');
    await screenshot(page, 'admin-products-bulk-bar');
    expect(await seriousViolations(page, 'the product list with its bulk-action bar')).toEqual([]);
    await bar.getByRole('button', { name: 'Switch off' }).click();
    await expectToast(page, 'Switched off: 2 products changed.');
    expect(await apiNames('status=0')).toEqual(['Dear', 'Middle']);
    expect(await apiNames('status=1')).toEqual(['Cheap']);
    // The list follows its filter (on only): the switched-off rows leave it.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('deletes a chosen row after the confirmation', async () => {
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(batch)}&status=0`));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.getByLabel(`Choose ${batch} Middle`).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, '1 product has been deleted.');
    await expect.poll(async () => short(await rowNames())).toEqual(['Dear']);
    expect(await apiNames('status=0')).toEqual(['Dear']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('switches on every product matching the filters, beyond the page shown', async () => {
    const many = unique('Bulkmany');
    for (let i = 0; i < 26; i++) await apiProduct(`${many} ${i}`, { status: 'false' });
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(many)}&status=0&limit=25`));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(25);
    await page.getByLabel('Choose every product on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Choose all 26 products matching the filters' }).click();
    expect(await bar.textContent()).toContain('26 products chosen (all matching the filters)');
    await bar.getByRole('button', { name: 'Switch on' }).click();
    await expectToast(page, 'Switched on: 26 products changed.');
    const on = await api('GET', `/product?q=${encodeURIComponent(many)}&status=1&limit=100`, {
      token: await e2eAdminToken(),
    });
    expect(on.body.total).toBe(26);
  });

  it('keeps the column choice for the signed-in staff member', async () => {
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(batch)}`));
    await page.locator('tbody tr').first().waitFor();
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Columns shown' }).getByLabel('Original').uncheck();
    expect(await page.locator('thead th', { hasText: 'Original' }).count()).toBe(0);
    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('thead th', { hasText: 'Original' }).count()).toBe(0);
    const saved = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('voltcart.productColumns.')),
    );
    expect(saved).toHaveLength(1);
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('group', { name: 'Columns shown' }).getByLabel('Original').check();
    expect(await page.locator('thead th', { hasText: 'Original' }).count()).toBe(1);
  });
});
