// Covers the Owner's staff screen against the real API: invite with a first password shown once, the invited
// person's back office showing only what their role allows (navigation, a screen opened by its address), a role
// change reaching them, deactivation logging them out at their next request, and a password reset shown once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { loginAs } from './screens';
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

async function invite(owner: Page, name: string, email: string, role: string): Promise<string> {
  await owner.getByLabel('Name').fill(name);
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await owner.getByRole('button', { name: 'Invite' }).click();
  const shown = owner.getByTestId('password-once');
  await shown.getByText(`Password for ${name}`).waitFor();
  return (await shown.getByTestId('one-time-password').textContent())!;
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
    const password = await invite(owner, name, email, 'Orders');
    expect(password).toMatch(/^[\w-]{16}$/);
    const row = owner.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByLabel(`Role of ${name}`).inputValue()).toBe('orders');
    await screenshot(owner, 'admin-staff');
    // Shown once: gone when dismissed, and never listed.
    await owner.getByRole('button', { name: 'I have passed it on' }).click();
    expect(await owner.getByTestId('password-once').count()).toBe(0);
    expect(await owner.content()).not.toContain(password);

    const meera = await newPage(browser);
    await loginAs(meera, adminUrl(''), email, password);
    expect(await meera.getByTestId('signed-in-role').textContent()).toBe('Orders');
    expect(await navLabels(meera)).toEqual(['▦Dashboards', '☰Orders', '☺Users', '⚙Settings']);
    expect(await meera.getByRole('button', { name: 'Save shop settings' }).count()).toBe(0);
    await meera.goto(adminUrl('/admin/staff'));
    await meera.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    await meera.goto(adminUrl('/admin/product'));
    await meera.getByRole('heading', { name: 'Not available to your role' }).waitFor();

    // The Owner makes her Catalogue: her next load of the app offers the catalogue, not the orders.
    await row.getByLabel(`Role of ${name}`).selectOption({ label: 'Catalogue' });
    await expectToast(owner, `${name} is now Catalogue.`);
    await meera.goto(adminUrl('/admin'));
    await meera.getByTestId('signed-in-role').getByText('Catalogue').waitFor();
    expect(await navLabels(meera)).toEqual([
      '▦Dashboards',
      '◫Categories',
      '◐Colours',
      '▣Products',
      '⇪Bulk upload',
      '⇅Import / export',
      '⚙Settings',
    ]);
    expect(pageErrors(meera)).toEqual([]);

    // A reset shows a new password once; the old one stops working.
    await row.getByRole('button', { name: `Reset password of ${name}` }).click();
    await owner
      .getByRole('dialog', { name: `New password for ${name}?` })
      .getByRole('button', {
        name: 'Make a new password',
      })
      .click();
    const fresh = (await owner.getByTestId('one-time-password').textContent())!;
    expect(fresh).not.toBe(password);
    await owner.getByRole('button', { name: 'I have passed it on' }).click();
    // The reset ended her session: the app's next check of it sends her to the login screen.
    await meera.reload();
    await meera.waitForURL(/\/admin\/login$/);
    await loginAs(meera, adminUrl(''), email, fresh);

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
    await expectToast(owner, 'The shop needs at least one active Owner');
    expect(await select.inputValue()).toBe('owner');
    await owner.close();
  });
});
