// Covers a shopper's way back in through a real browser: "Forgot password?" on the login page, the mail's link
// (read from the run's outbox, as the shop sends it) to the reset page, a new password that logs in; the new
// account pages at 1366 and 390 px, axe-clean; and a mail's order link opened while logged out coming back to
// that page after login.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { api, latestMail } from '../../e2e/context';
import { newShopper, openPage, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('forgot password', () => {
  it('from the login page through the mailed link to a new password', async () => {
    const s = await newShopper('Farah Khan');
    const page = await openPage(browser);
    await page.goto(shopUrl('/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(s.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('If an account exists for this address, we have sent a link.').waitFor();

    const mail = await latestMail(s.email, 'password_reset');
    const link = new URL(/: (http\S+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(shopUrl(`${link.pathname}${link.search}`));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('farah-new-pass-9');
    await page.getByLabel('Confirm Password').fill('farah-new-pass-9');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'My account' }).waitFor();

    // The link worked once.
    await page.goto(shopUrl(`${link.pathname}${link.search}`));
    await page.getByLabel('New password').fill('another-pass-99');
    await page.getByLabel('Confirm Password').fill('another-pass-99');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page
      .getByRole('alert')
      .getByText(/This link is not valid any more/)
      .waitFor();
    // The refusal the test provoked is the only console line (Chromium logs every 4xx answer).
    expect(pageErrors(page).filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.close();
  });
});

describe('deep links', () => {
  it('an order link opened while logged out comes back to it after login; other sites go home', async () => {
    const s = await newShopper('Gita Rao');
    const page = await openPage(browser);
    await page.goto(shopUrl('/profile/orders/VCNOSUCHORDER0000000'));
    await page.waitForURL(/\/login\?ref=/);
    await page.getByLabel('Email').fill(s.email);
    await page.getByLabel('Password', { exact: true }).fill(s.password);
    await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await page.waitForURL(/\/profile\/orders\/VCNOSUCHORDER0000000$/);
    for (const ref of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      await page.goto(shopUrl(`/login?ref=${encodeURIComponent(ref)}`));
      await page.waitForURL((u) => u.pathname === '/');
    }
    await page.close();
  });
});

describe('account pages', () => {
  it('look right at 1366 and 390 px and are axe-clean', async () => {
    const s = await newShopper('Hari Menon');
    for (const width of [1366, 390]) {
      const page = await openPage(browser, { width, height: 900 });
      for (const [path, heading, name] of [
        ['/forgot-password', 'Forgot your password?', 'forgot-password'],
        ['/login/code', 'Sign in with a code', 'code-login'],
        ['/reset-password?token=x', 'Choose a new password', 'reset-password'],
      ] as const) {
        await page.goto(shopUrl(path));
        await page.getByRole('heading', { name: heading }).waitFor();
        expect(await axeViolations(page), path).toEqual([]);
        await shot(page, `storefront-${name}-${width}`);
      }
      await page.goto(shopUrl('/login'));
      await page.getByLabel('Email').fill(s.email);
      await page.getByLabel('Password', { exact: true }).fill(s.password);
      await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      for (const [path, heading, name] of [
        ['/profile', 'Account settings', 'profile'],
        ['/profile/my-data', 'My data', 'my-data'],
      ] as const) {
        await page.goto(shopUrl(path));
        await page.getByRole('heading', { name: heading }).waitFor();
        expect(await axeViolations(page), path).toEqual([]);
        await shot(page, `storefront-${name}-${width}`, { scroll: true });
      }
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });
});

describe('my account', () => {
  it('confirms the e-mail address through the welcome mail and edits a saved address in place', async () => {
    const s = await newShopper('Ira Sen');
    const home = { adressLine1: '4 Park Street', adressLine2: '', city: 'Kolkata', state: 'West Bengal' };
    const added = await api('POST', '/user/add-address', {
      token: s.token,
      body: { shipping_address: { ...home, postalCode: '700016', country: 'India', contact: '' } },
    });
    expect(added.status).toBe(201);
    const page = await openPage(browser, { width: 390, height: 900 });
    await page.goto(shopUrl('/login'));
    await page.getByLabel('Email').fill(s.email);
    await page.getByLabel('Password', { exact: true }).fill(s.password);
    await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));

    await page.goto(shopUrl('/profile'));
    await page.getByText('Not confirmed yet.').waitFor();
    const mail = await latestMail(s.email, 'account_created');
    const link = new URL(/: (http\S+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe('/account/verify-email');
    await page.goto(shopUrl(`${link.pathname}${link.search}`));
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await page.getByText('Thank you: your e-mail address is confirmed.').waitFor();
    await page.goto(shopUrl('/profile'));
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    expect(await page.getByText('Not confirmed yet.').count()).toBe(0);

    await page.goto(shopUrl('/profile/myaddress'));
    await page.getByRole('button', { name: 'Edit address 4 Park Street, Kolkata' }).click();
    await page.getByRole('heading', { name: 'Edit address' }).waitFor();
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('4 Park Street');
    await page.getByLabel('Address line 1').fill('9 Lake Road');
    await page.getByLabel(/Contact number/).fill('9830012345');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('heading', { name: 'Add a new address' }).waitFor();
    const saved = page.locator('.address-list');
    await saved.getByText('9 Lake Road').waitFor();
    expect(await saved.locator('li').count()).toBe(1);
    expect(await saved.textContent()).toContain('Phone: 9830012345');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'storefront-my-address-390', { scroll: true });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
