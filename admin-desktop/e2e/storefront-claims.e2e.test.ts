// Covers the Owner's "What the storefront promises" in Settings: the promise strip's texts, the support hours and
// the EMI switch are saved (blank texts dropped, empty support hours refused in words before anything is sent), the
// storefront's settings read them back, and the form is axe-clean. The shop pages (terms … contact) are edited there
// too, the contact page with its grievance officer.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, login } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('what the storefront promises', () => {
  it('saves the promise texts, support hours and EMI switch the storefront shows', async () => {
    const token = await e2eAdminToken();
    const before = (await api('GET', '/settings')).body.settings;
    const page = await newPage(browser, { width: 1366, height: 900 });
    await login(page);
    await page.goto(adminUrl('/admin/settings'));
    const form = page.getByRole('form', { name: 'What the storefront promises' });
    const save = form.getByRole('button', { name: 'Save storefront texts' });
    await save.waitFor();
    // The saved texts fill the fields; the EMI figure is off until staff turn it on.
    await expect.poll(() => form.getByLabel('Promise 1').inputValue()).toBe(before.promises[0]);
    expect(await form.getByLabel('Support hours').inputValue()).toBe(before.supportHours);
    const emi = form.getByLabel('Show the monthly EMI figure on product pages');
    expect(await emi.isChecked()).toBe(before.emiEnabled);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-storefront-claims');

    try {
      // Empty support hours are refused in words, and nothing is saved.
      await form.getByLabel('Support hours').fill('  ');
      await save.click();
      await form
        .getByRole('alert')
        .getByText('Please enter the support hours, e.g. “Mon–Sat, 9 am – 8 pm”.')
        .waitFor();
      expect((await api('GET', '/settings')).body.settings.supportHours).toBe(before.supportHours);

      await form.getByLabel('Promise 1').fill('Free returns within 7 days');
      await form.getByLabel('Promise 2').fill('');
      await form.getByLabel('Support hours').fill('Every day, 8 am – 10 pm');
      await emi.check();
      await save.click();
      await expect
        .poll(async () => (await api('GET', '/settings')).body.settings)
        .toMatchObject({
          promises: ['Free returns within 7 days', ...before.promises.slice(2)],
          supportHours: 'Every day, 8 am – 10 pm',
          emiEnabled: true,
        });
      expect(pageErrors(page)).toEqual([]);
    } finally {
      // Other suites share the run's database.
      await api('PUT', '/settings', {
        token,
        body: { promises: before.promises, supportHours: before.supportHours, emiEnabled: before.emiEnabled },
      });
    }
    await page.close();
  });
});

describe('shop pages', () => {
  it('saves a page’s text and the contact page’s grievance officer, refusing half an officer', async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await login(page);
    await page.goto(adminUrl('/admin/settings'));
    const form = page.getByRole('form', { name: 'Shop pages' });
    const text = form.getByLabel('Page text');
    await expect.poll(() => text.inputValue()).toContain('For the shop');

    await form.getByLabel('Page', { exact: true }).selectOption('shipping');
    await expect.poll(() => text.inputValue()).toContain('Where and how we deliver');
    await text.fill('## Delivery\nWe deliver across Karnataka in 2 days.');
    await form.getByRole('button', { name: 'Save page' }).click();
    await expect
      .poll(async () => (await api('GET', '/settings/pages/shipping')).body.page.body)
      .toBe('## Delivery\nWe deliver across Karnataka in 2 days.');

    await form.getByLabel('Page', { exact: true }).selectOption('contact');
    // Half an officer (another test may have named one: the fields start with what is saved).
    await expect.poll(() => text.inputValue()).not.toContain('Where and how we deliver');
    for (const label of ['Grievance officer address', 'Grievance officer e-mail', 'Grievance officer phone'])
      await form.getByLabel(label).fill('');
    await form.getByLabel('Grievance officer', { exact: true }).fill('Ravi Kumar');
    await form.getByRole('button', { name: 'Save page' }).click();
    await form.getByRole('alert').getByText('Please fill in all four grievance officer fields.').waitFor();
    await form.getByLabel('Grievance officer address').fill('12 MG Road, Bengaluru 560001');
    await form.getByLabel('Grievance officer e-mail').fill('ravi@example.in');
    await form.getByLabel('Grievance officer phone').fill('9845011111');
    await form.getByRole('button', { name: 'Save page' }).click();
    await expect
      .poll(async () => (await api('GET', '/settings/pages/contact')).body.page.officer?.name)
      .toBe('Ravi Kumar');
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
