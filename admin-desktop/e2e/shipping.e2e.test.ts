// Covers the Shipping screen against the real API: it opens from the navigation with the shop's zones (a new
// shop's "All India"), a zone whose pincodes overlap another's is refused with the overlap named and nothing
// saved, a right one is saved; axe finds nothing on the screen. The shop's set-up is put back afterwards (the run
// shares it).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { expectToast, login } from './support';

let browser: Browser;
let before: Record<string, unknown>;
beforeAll(async () => {
  browser = await launchBrowser();
  before = (await api('GET', '/delivery/settings', { token: await e2eAdminToken() })).body.shipping;
});
afterAll(async () => {
  const {
    freeShippingThreshold: _t,
    zones,
    ...rest
  } = before as {
    freeShippingThreshold: number;
    zones: { _id: string }[];
  };
  await api('PUT', '/delivery/settings', {
    token: await e2eAdminToken(),
    body: { ...rest, zones: zones.map(({ _id, ...z }) => z) },
  });
  await browser?.close();
});

describe('shipping screen', () => {
  it('shows the zones, refuses overlapping pincodes by name and saves a right set-up', async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipping' }).click();
    await page.getByRole('heading', { name: 'Shipping', exact: true }).waitFor();
    const names = page.getByLabel('Zone name', { exact: true });
    await expect.poll(() => names.first().inputValue()).toBe('All India');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add zone' }).click();
    await names.nth(1).fill('North East');
    await page.getByLabel('Pincodes (prefixes or ranges)').nth(1).fill('79');
    await page.getByRole('button', { name: 'Add zone' }).click();
    await names.nth(2).fill('Manipur');
    await page.getByLabel('Pincodes (prefixes or ranges)').nth(2).fill('795001-795999');
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    const error = page.getByTestId('shipping-error');
    await expect
      .poll(() => error.textContent())
      .toContain('Manipur (795001-795999) overlaps North East (79).');
    const token = await e2eAdminToken();
    expect((await api('GET', '/delivery/settings', { token })).body.shipping.zones).toHaveLength(
      (before.zones as unknown[]).length,
    );
    await screenshot(page, 'admin-shipping-overlap', { fullPage: false });

    await page.getByRole('button', { name: 'Remove zone Manipur' }).click();
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    await expectToast(page, 'Shipping settings saved.');
    const saved = (await api('GET', '/delivery/settings', { token })).body.shipping;
    expect(saved.zones.map((z: { name: string }) => z.name)).toContain('North East');
    expect(saved.zones.find((z: { name: string }) => z.name === 'North East').pincodes).toEqual(['79']);
    // The refused save is the one 400 the browser logs.
    expect(pageErrors(page).filter((e) => !e.includes('400'))).toEqual([]);
    await page.close();
  });
});
