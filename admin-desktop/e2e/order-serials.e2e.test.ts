// Covers recording serial numbers at packing on the order screen against the real API: a scanner's codes typed
// into the unit fields (its Enter moves to the next unit), a bad IMEI refused with the reason, the saved numbers
// read back, found by search, and axe finding nothing serious.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiOrder, expectToast, login } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('serial numbers on the order screen', () => {
  it('records a scanned IMEI per unit, refuses a bad one, and finds them again', async () => {
    const orderId = await apiOrder();
    const page = await newPage(browser);
    await login(page);
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    const panel = page.getByRole('region', { name: 'Serial numbers (IMEI)' });
    const units = panel.locator('input[data-serial]');
    await expect.poll(() => units.count(), { timeout: 15_000 }).toBe(2);

    // A scanner types the code and Enter: the next unit's field takes the next code.
    await units.nth(0).fill('356789104512347');
    await units.nth(0).press('Enter');
    await expect.poll(() => units.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await units.nth(1).fill('356789104512353');
    await panel.getByRole('button', { name: 'Save serial numbers' }).click();
    await expectToast(page, 'lines.0.serials.0 is 15 digits but not a valid IMEI (check digit)');

    await units.nth(0).fill('356789104512346');
    await panel.getByRole('button', { name: 'Save serial numbers' }).click();
    await expectToast(page, 'Serial numbers saved.');
    const token = await e2eAdminToken();
    const saved = await api('GET', `/order/${orderId}/serials`, { token });
    expect(saved.body.lines[0].serials).toEqual(['356789104512346', '356789104512353']);
    const found = await api('GET', '/serials?q=356789104512353', { token });
    expect(found.body.matches.map((m: { orderId: string }) => m.orderId)).toContain(orderId);

    expect(await seriousViolations(page, 'order serials')).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-order-serials', { fullPage: false });
    // The refused save's 400 is the one error the browser logs.
    expect(pageErrors(page).filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
