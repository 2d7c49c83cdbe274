// Covers the stock trail on a product's page against the real API: the ledger rows of a new product
// and of a count typed through the API show with their change, units before and after, reason and who; the
// reason filter narrows the table; "Check stock" answers in a status region; the page is axe clean.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, screenshot } from '../../e2e/browser';
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

describe('the stock trail of a product', () => {
  it('lists every change of units with its reason, filters by reason, and checks the stock', async () => {
    const p = await apiProduct(unique('Trail Phone'), { stock: '5' });
    const token = await e2eAdminToken();
    const variants = (await api('GET', `/product/${p._id}/variants`, { token })).body.variants;
    const edited = await api('PUT', `/product/${p._id}/variants/${variants[0]._id}`, {
      token,
      body: { stock: 8, expectedStock: 5 },
    });
    expect(edited.status).toBe(200);

    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    const trail = page.getByTestId('stock-trail');
    const rows = trail.locator('tbody tr');
    await trail.waitFor();
    await expect.poll(() => rows.count(), { message: String(await trail.textContent()) }).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Staff edit');
    expect(await rows.nth(0).textContent()).toContain('+3');
    expect(await rows.nth(0).textContent()).toContain('5 → 8');
    expect(await rows.nth(1).textContent()).toContain('New variant');

    await trail.getByLabel('Reason').selectOption('staff_edit');
    await expect.poll(() => rows.count()).toBe(1);
    await trail.getByRole('button', { name: 'Check stock' }).click();
    await expect
      .poll(() => trail.getByTestId('stock-check-result').textContent())
      .toMatch(/variants (agree|differ)/);
    await trail.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-stock-trail');
    expect(await seriousViolations(page, 'stock trail')).toEqual([]);
  });
});
