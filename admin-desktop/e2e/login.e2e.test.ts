// Covers the admin login screen (its checks and failure message), the session in the browser (localStorage keys
// admin, token and adminTimeStamp; restored only when both admin and token are stored; logout clears all
// three; it ends that session only, "Log out everywhere" every session of the account), the guarded admin
// area and the dashboard's real figures.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, env, login } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storage = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({
    admin: localStorage.getItem('admin'),
    token: localStorage.getItem('token'),
    adminTimeStamp: localStorage.getItem('adminTimeStamp'),
  }));

describe('admin login', () => {
  it('sends a visitor without a session to /admin/login', async () => {
    const page = await newPage(browser);
    await page.goto(adminUrl('/admin/product'));
    await page.waitForURL(/\/admin\/login$/);
    expect(await page.getByRole('heading', { name: 'Admin Login' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-login');
    await page.close();
  });

  it('checks the fields and the email format before calling the API', async () => {
    const page = await newPage(browser);
    await page.goto(adminUrl('/admin/login'));
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please fill all fields');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please enter a valid email address');
    await page.close();
  });

  it("shows 'Error from AdminLogin' with the server's message on wrong credentials", async () => {
    const page = await newPage(browser);
    await page.goto(adminUrl('/admin/login'));
    await page.getByLabel('Email').fill(env.adminEmail);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Error from AdminLogin').waitFor();
    const wrong = await api('POST', '/admin/login', {
      body: { email: env.adminEmail, password: 'wrong-password-2' },
    });
    expect(await alert.textContent()).toContain(wrong.body.msg);
    expect(await storage(page)).toEqual({ admin: null, token: null, adminTimeStamp: null });
    expect(page.url()).toMatch(/\/admin\/login$/);
    await page.close();
  });

  it('logs in, stores the session, shows real dashboard figures and the frame of every screen', async () => {
    const page = await newPage(browser);
    await login(page);
    const s = await storage(page);
    expect(JSON.parse(s.admin!)).toMatchObject({ email: env.adminEmail });
    expect(s.token).toMatch(/^ey/);
    expect(Number(s.adminTimeStamp)).toBeGreaterThan(Date.now() - 60_000);

    const metrics = (await api('GET', '/admin/metrics', { token: await e2eAdminToken() })).body.metrics;
    await page
      .getByTestId('metric-customers')
      .getByText(new Intl.NumberFormat('en-IN').format(metrics.customers))
      .waitFor();
    expect(await page.getByTestId('metric-revenue').textContent()).toMatch(/^₹/);
    expect(await page.getByTestId('metric-orders-to-ship').textContent()).toBe(String(metrics.ordersToShip));
    for (const label of ['Users', 'Revenue', 'Orders']) {
      expect(await page.locator('.stat-label', { hasText: label }).isVisible()).toBe(true);
    }

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Dashboards',
      'Categories',
      'Colours',
      'Products',
      'Orders',
      'Users',
      'Bulk upload',
      'Settings',
    ]) {
      expect(await sidebar.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    }
    // Capitalised labels, the first release's link targets.
    for (const [label, href] of [
      ['Dashboards', '/admin'],
      ['Categories', '/admin/category'],
      ['Colours', '/admin/color'],
      ['Products', '/admin/product'],
    ]) {
      expect(await sidebar.getByRole('link', { name: label, exact: true }).getAttribute('href'), label).toBe(
        href,
      );
    }
    const header = page.getByRole('navigation', { name: 'Account' });
    for (const label of ['Dashboard', 'Users', 'Settings', 'Logout']) {
      expect(await header.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
    }
    expect(await page.getByText('Welcome, Admin').isVisible()).toBe(true);
    await screenshot(page, 'admin-dashboard');

    // A reload restores the session from storage.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('restores the session only when both admin and token are stored', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(adminUrl('/admin/category'));
    await page.waitForURL(/\/admin\/login$/);
    // The rest of the half session was cleared too.
    expect(await storage(page)).toEqual({ admin: null, token: null, adminTimeStamp: null });
    await page.close();
  });

  it('logout clears admin, token and adminTimeStamp and ends the token on the server', async () => {
    const page = await newPage(browser);
    await login(page);
    const token = (await storage(page)).token!;
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect(await storage(page)).toEqual({ admin: null, token: null, adminTimeStamp: null });
    expect((await api('GET', '/admin/metrics', { token })).status).toBe(401);
    await page.goto(adminUrl('/admin'));
    await page.waitForURL(/\/admin\/login$/);
    await page.close();
  });

  // Last in this file: it ends every session of the e2e admin (each file logs in afresh).
  it('Logout leaves the same admin logged in elsewhere; "Log out everywhere" ends those sessions too', async () => {
    const elsewhere = async () =>
      (await api('POST', '/admin/login', { body: { email: env.adminEmail, password: env.adminPassword } }))
        .body.token as string;
    const otherDesk = await elsewhere();
    const page = await newPage(browser);
    await login(page);
    const account = page.getByRole('navigation', { name: 'Account' });
    const first = (await storage(page)).token!;
    await account.getByRole('link', { name: 'Logout', exact: true }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect((await api('GET', '/admin/me', { token: first })).status).toBe(401);
    expect((await api('GET', '/admin/me', { token: otherDesk })).status).toBe(200);

    await login(page);
    const second = (await storage(page)).token!;
    await account.getByRole('link', { name: 'Log out everywhere' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.locator('.toasts').getByText('You have been logged out on every device.').waitFor();
    expect(await storage(page)).toEqual({ admin: null, token: null, adminTimeStamp: null });
    for (const t of [second, otherDesk])
      expect((await api('GET', '/admin/me', { token: t })).status).toBe(401);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
