// Covers the Owner's staff screen against the real API: invite with a first password mailed to the new person
// (the Owner never sees it) who must choose their own at the first login, the invited person's back office
// showing only what their role allows (navigation, a screen opened by its address), a role change (saved only
// after its confirmation) reaching them,
// deactivation logging them out at their next request, and a password reset mailed the same way.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { latestMail } from '../../e2e/context';
import { adminUrl, expectToast, login, unique } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const navLabels = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

/** The first password the latest staff-password mail to `email` carries. */
async function mailedPassword(email: string, after = 0) {
  const mail = await latestMail(email, 'staff_password', after);
  return { id: mail.id, password: /password for .* is: (\S+)/.exec(mail.text)![1]! };
}

async function invite(owner: Page, name: string, email: string, role: string) {
  await owner.getByLabel('Name').fill(name);
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await owner.getByRole('button', { name: 'Invite' }).click();
  await owner.getByTestId('password-mailed').getByText(`We have mailed ${name} a first password`).waitFor();
  return mailedPassword(email);
}

/** Logs in with a first password: the account page asks for an own password, then the dashboard opens. */
async function firstLogin(page: Page, email: string, first: string, own: string) {
  await page.goto(adminUrl('/admin/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(first);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('must-change').waitFor();
  await page.getByLabel('Current password').fill(first);
  await page.getByLabel('New password', { exact: true }).fill(own);
  await page.getByLabel('New password again').fill(own);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describe('staff screen', () => {
  it('invites, limits the new person to their role, changes the role, resets the password and deactivates', async () => {
    const owner = await newPage(browser);
    await login(owner);
    expect(await owner.getByTestId('signed-in-role').textContent()).toBe('Owner');
    await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }).click();
    await owner.getByRole('heading', { name: 'Staff accounts' }).waitFor();

    const name = unique('Meera');
    const email = `meera-${Date.now().toString(36)}@voltcart.test`;
    const first = await invite(owner, name, email, 'Orders');
    expect(first.password).toMatch(/^[\w-]{16}$/);
    const row = owner.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByLabel(`Role of ${name}`).inputValue()).toBe('orders');
    await screenshot(owner, 'admin-staff');
    await owner.getByTestId('password-mailed').getByRole('button', { name: 'OK' }).click();
    expect(await owner.content()).not.toContain(first.password);

    const meera = await newPage(browser);
    await firstLogin(meera, email, first.password, 'meera-own-password');
    expect(await meera.getByTestId('signed-in-role').textContent()).toBe('Orders');
    expect(await navLabels(meera)).toEqual([
      '▦Dashboards',
      '☰Orders',
      '↩Returns',
      '☺Users',
      '⛁COD remittances',
      '⚙Settings',
    ]);
    expect(await meera.getByRole('button', { name: 'Save shop settings' }).count()).toBe(0);
    await meera.goto(adminUrl('/admin/staff'));
    await meera.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    await meera.goto(adminUrl('/admin/product'));
    await meera.getByRole('heading', { name: 'Not available to your role' }).waitFor();

    // The Owner makes her Catalogue: choosing it saves nothing until "Save role" is confirmed.
    await row.getByLabel(`Role of ${name}`).selectOption({ label: 'Catalogue' });
    await row.getByRole('button', { name: `Save role of ${name}` }).click();
    await owner
      .getByRole('dialog', { name: `Make ${name} Catalogue?` })
      .getByRole('button', { name: 'Change role' })
      .click();
    await expectToast(owner, `${name} is now Catalogue.`);
    // Her next load of the app offers the catalogue, not the orders.
    await meera.goto(adminUrl('/admin'));
    await meera.getByTestId('signed-in-role').getByText('Catalogue').waitFor();
    expect(await navLabels(meera)).toEqual([
      '▦Dashboards',
      '◫Categories',
      '◐Colours',
      '▣Products',
      '⇪Bulk upload',
      '⇅Import / export',
      '⏰Stock alerts',
      '⚙Settings',
    ]);
    expect(pageErrors(meera)).toEqual([]);

    // A reset mails a new first password; the old one stops working.
    await row.getByRole('button', { name: `Reset password of ${name}` }).click();
    await owner
      .getByRole('dialog', { name: `New password for ${name}?` })
      .getByRole('button', {
        name: 'Make a new password',
      })
      .click();
    await owner.getByTestId('password-mailed').waitFor();
    const reset = await mailedPassword(email, first.id);
    expect(reset.password).not.toBe(first.password);
    // The reset ended her session: the app's next check of it sends her to the login screen.
    await meera.reload();
    await meera.waitForURL(/\/admin\/login$/);
    const fresh = 'meera-second-password';
    await firstLogin(meera, email, reset.password, fresh);

    // Deactivated: her next request is refused and she is back at the login screen, where she cannot log in.
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await owner
      .getByRole('dialog', { name: `Deactivate ${name}?` })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await row.getByText('Deactivated').waitFor();
    await meera.reload();
    await meera.waitForURL(/\/admin\/login$/);
    await meera.getByLabel('Email').fill(email);
    await meera.getByLabel('Password').fill(fresh);
    await meera.getByRole('button', { name: 'Login' }).click();
    await meera.getByRole('alert').getByText('This staff account has been deactivated.').waitFor();

    expect(pageErrors(owner)).toEqual([]);
    await meera.close();
    await owner.close();
  });

  it('refuses to demote the last Owner with the API’s reason, and keeps the role shown', async () => {
    const owner = await newPage(browser);
    await login(owner);
    await owner.goto(adminUrl('/admin/staff'));
    const me = owner.getByRole('row').filter({ hasText: '(you)' });
    await me.waitFor();
    // The e2e admin is the shop's only Owner (the other test invites other roles).
    const select = me.getByRole('combobox');
    await select.selectOption({ label: 'Manager' });
    await me.getByRole('button', { name: /^Save role of / }).click();
    await owner
      .getByRole('dialog', { name: /Manager\?$/ })
      .getByRole('button', { name: 'Change role' })
      .click();
    await expectToast(owner, 'The shop needs at least one active Owner');
    expect(await select.inputValue()).toBe('owner');
    await owner.close();
  });
});
