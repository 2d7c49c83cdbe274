// Covers two-step sign-in in the back office against the real API: a staff member sets up an authenticator app
// from My account (QR code and key, the app's first code, ten recovery codes shown once), then logs in with the
// password and the app's code; the screens are axe-clean.
import { TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken, latestMail } from '../../e2e/context';
import { adminUrl, unique } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A staff member ready to work: invited through the API, own password chosen. */
async function staffMember() {
  const email = `two-step-${Date.now().toString(36)}@voltcart.test`;
  const invited = await api('POST', '/admin/staff', {
    token: await e2eAdminToken(),
    body: { name: unique('Kiran'), email, role: 'orders' },
  });
  expect(invited.status).toBe(201);
  const first = /password for .* is: (\S+)/.exec((await latestMail(email, 'staff_password')).text)![1]!;
  const login = await api('POST', '/admin/login', { body: { email, password: first } });
  const password = 'kiran-own-password';
  const changed = await api('POST', '/admin/password', {
    token: login.body.token,
    body: { currentPassword: first, password },
  });
  expect(changed.status).toBe(200);
  return { email, password };
}

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

describe('two-step sign-in', () => {
  it('enrols with the QR code and signs in with the app’s code', async () => {
    const who = await staffMember();
    const page = await newPage(browser);
    await page.goto(adminUrl('/admin/login'));
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByTestId('two-step-qr').waitFor();
    const secret = (await page.getByTestId('two-step-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'admin-two-step-setup');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('The 6-digit code the app shows').fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.locator('code').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByLabel('Code from your authenticator app (or a recovery code)');
    await code.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The enrolment used this 30-second step's code: the next step's code signs in.
    await code.fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The refusal the test provoked is the only console line (Chromium logs every 4xx answer).
    expect(pageErrors(page).filter((e) => !e.includes('status of 401'))).toEqual([]);
    await page.close();
  });
});
