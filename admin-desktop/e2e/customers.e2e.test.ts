// Covers customers in the back office: the list's blocked filter, sort by name and total; a row opens the
// customer's page (addresses, orders, totals); Block asks first, then the customer is blocked (the list says so
// and their token stops working), and Unblock opens the account again; the page shows both in its own history.
// The Owner's setting that asks shoppers to confirm their e-mail address before a first order.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, login } from './support';

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const shoppers: { name: string; token: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  for (const name of [`Bela ${tag}`, `Arun ${tag}`]) {
    const r = await api('POST', '/user/register', {
      body: {
        name,
        email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
        password: 'shopper-pass-1',
      },
    });
    expect(r.status).toBe(201);
    shoppers.push({ name, token: r.body.token });
  }
  await api('POST', '/user/add-address', {
    token: shoppers[0]!.token,
    body: {
      shipping_address: {
        adressLine1: '4 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        postalCode: '700016',
        country: 'India',
        contact: '9830012345',
      },
    },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('customers in the browser', () => {
  it('sorts and filters the list, opens a customer, blocks and unblocks them', async () => {
    const page = await newPage(browser, { width: 1280, height: 900 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByLabel('Search users').fill(tag);
    await page.getByText('Showing 1–2 of 2').waitFor();
    await page.getByRole('button', { name: 'Name' }).click();
    await page.locator('tbody tr').first().getByText(`Arun ${tag}`).waitFor();
    expect(page.url()).toContain('sort=name');
    expect(page.url()).toContain('dir=asc');

    await page.getByRole('link', { name: `Bela ${tag}` }).click();
    await page.getByRole('heading', { name: `Bela ${tag}` }).waitFor();
    await page.getByText('4 Park Street, Kolkata').waitFor();
    expect(await page.getByText('No orders yet.').count()).toBe(1);
    expect(await seriousViolations(page, 'customer page')).toEqual([]);

    await page.getByRole('button', { name: 'Block' }).click();
    await page
      .getByRole('dialog', { name: `Block Bela ${tag}?` })
      .getByRole('button', { name: 'Block' })
      .click();
    await page.getByRole('button', { name: 'Unblock' }).waitFor();
    await screenshot(page, 'admin-customer-blocked');
    expect((await api('GET', '/cart', { token: shoppers[0]!.token })).status).toBe(401);

    await page.getByRole('link', { name: '← All customers' }).click();
    await page.getByLabel('Status').selectOption('true');
    await page.getByText('Showing 1–1 of 1').waitFor();
    expect(await page.locator('tbody tr').first().textContent()).toContain('Blocked');

    await page.getByRole('link', { name: `Bela ${tag}` }).click();
    await page.getByRole('button', { name: 'Unblock' }).click();
    await page
      .getByRole('dialog', { name: `Unblock Bela ${tag}?` })
      .getByRole('button', { name: 'Unblock' })
      .click();
    await page.getByRole('button', { name: 'Block' }).waitFor();
    const own = page.getByTestId('object-history');
    await own.getByText(new RegExp(`^Unblocked Bela ${tag}`)).waitFor();
    await own.getByText(new RegExp(`^Blocked Bela ${tag}`)).waitFor();
    expect(await own.getByTestId('audit-row').count()).toBe(2);
    const again = await api('POST', '/user/login', {
      body: { email: `bela.${tag}@example.com`, password: 'shopper-pass-1' },
    });
    expect(again.status).toBe(200);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('confirming e-mail addresses before a first order', () => {
  it('is a setting the Owner switches on and off in Settings', async () => {
    const page = await newPage(browser, { width: 1280, height: 900 });
    await login(page);
    await page.goto(adminUrl('/admin/settings'));
    const save = page.getByRole('button', { name: 'Save shop settings' });
    await save.and(page.locator(':enabled')).waitFor();
    const box = page.getByLabel(/Shoppers confirm their e-mail address/);
    const token = await e2eAdminToken();
    const saved = async () => (await api('GET', '/settings', { token })).body.settings.requireVerifiedEmail;
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await save.click();
    await expect.poll(saved).toBe(true);
    // Other browser tests place orders with new accounts: switched off again.
    await box.uncheck();
    await save.click();
    await expect.poll(saved).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
