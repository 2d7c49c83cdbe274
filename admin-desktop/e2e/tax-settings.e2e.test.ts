// Covers the Tax (GST) screen against the real API: a GSTIN of another state than the chosen one is refused with
// the reason; "Not registered" saves with no GSTIN (bills of supply); registering again with a GSTIN of the
// state saves; a category's HSN code and rate are saved, a 3-digit HSN code refused, and the code cleared; axe
// finds nothing serious, and the screen fits at 1366 and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { expectToast, login, unique } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';

async function taxSettings() {
  const r = await api('GET', '/settings/tax', { token: await e2eAdminToken() });
  expect(r.status).toBe(200);
  return r.body as {
    settings: { registered: boolean; gstin: string; state: string; legalName: string };
    categories: { _id: string; name: string; hsnCode: string; gstRate: number }[];
  };
}

async function openTaxScreen(page: Page) {
  await login(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tax (GST)' }).click();
  await page.getByRole('heading', { name: 'Tax (GST)', exact: true }).waitFor();
}

describe('tax settings screen', () => {
  it('refuses a GSTIN of another state, saves "not registered" and registered settings, and category rates', async () => {
    const name = unique('Tax cat');
    const form = new FormData();
    form.append('name', name);
    const created = await api('POST', '/category/create', { token: await e2eAdminToken(), form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const page = await newPage(browser, { width: 1366 });
    await openTaxScreen(page);
    const legal = unique('Voltcart Retail Pvt Ltd');
    await page.getByLabel('Registered for GST: orders get a tax invoice', { exact: false }).check();
    await page.getByLabel('Legal name', { exact: true }).fill(legal);
    await page.getByLabel('Trade name', { exact: true }).fill('Voltcart');
    await page.getByLabel('State', { exact: true }).selectOption('Maharashtra');
    await page.getByLabel('GSTIN', { exact: true }).fill(KARNATAKA_GSTIN.toLowerCase());
    await page.getByLabel('Registered address', { exact: true }).fill('14 Residency Road, Bengaluru 560025');
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    const error = page.getByTestId('tax-settings-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('GSTIN belongs to Karnataka (29), not Maharashtra (27).');
    expect((await taxSettings()).settings.legalName).not.toBe(legal);

    // Not registered: the GSTIN field is off and none is saved.
    await page.getByLabel('Not registered', { exact: false }).check();
    expect(await page.getByLabel('GSTIN', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await expectToast(page, 'Tax settings saved.');
    expect((await taxSettings()).settings).toMatchObject({
      registered: false,
      gstin: '',
      legalName: legal,
      state: 'Maharashtra',
    });

    await page.getByLabel('Registered for GST', { exact: false }).check();
    await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
    await page.getByLabel('GSTIN', { exact: true }).fill(KARNATAKA_GSTIN);
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await expect.poll(async () => (await taxSettings()).settings.registered).toBe(true);
    expect((await taxSettings()).settings).toMatchObject({ gstin: KARNATAKA_GSTIN, state: 'Karnataka' });

    // The category's row: a 3-digit HSN code is refused, 8 digits and 5 % saved, then the code cleared.
    const row = page.getByTestId('category-tax-row').filter({ hasText: name });
    await row.getByLabel(`HSN code of ${name}`).fill('851');
    await row.getByRole('button', { name: `Save ${name}` }).click();
    await expectToast(page, `HSN code of ${name} must be 4, 6 or 8 digits.`);
    await row.getByLabel(`HSN code of ${name}`).fill('85171300');
    await row.getByLabel(`GST rate of ${name}`).selectOption('5');
    await row.getByRole('button', { name: `Save ${name}` }).click();
    await expectToast(page, `Saved the HSN code and GST rate of ${name}.`);
    const mine = async () => (await taxSettings()).categories.find((c) => c.name === name);
    expect(await mine()).toMatchObject({ hsnCode: '85171300', gstRate: 5 });
    await row.getByLabel(`HSN code of ${name}`).fill('');
    await row.getByRole('button', { name: `Save ${name}` }).click();
    await expect.poll(async () => (await mine())?.hsnCode).toBe('');

    expect(await seriousViolations(page, 'tax settings')).toEqual([]);
    await screenshot(page, 'admin-tax-settings-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-tax-settings-390');
    expect(pageErrors(page)).toEqual([]);
  });
});
