// Covers the keyboard in the back office's dialogs and leaving forms with unsaved changes:
// - the delete dialog ('Are you sure?') opens with the focus on Cancel, so Enter does not delete; Tab
//   stays inside it; Escape closes it
// - the product View popup keeps the focus inside while Tab cycles, Escape closes it and the focus returns; a
//   press on the dimmed page around it closes it too
// - leaving the category, colour and product forms and Settings with unsaved changes asks first (links, the
//   sidebar, the browser's back button), with the focus on "Stay on this page"; untouched forms do not ask
// - closing the window over unsaved changes asks too (beforeunload)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, login, unique } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1280, height: 900 });
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

/** The text of the focused element, and whether it is inside the open dialog. */
const focus = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const dialogs = document.querySelectorAll('[role="dialog"]');
    const top = dialogs[dialogs.length - 1];
    return { text: el?.textContent?.trim() ?? '', inside: Boolean(top && el && top.contains(el)) };
  });
const sidebar = () => page.getByRole('navigation', { name: 'Main' });
/** Past the dialogs' opening animations (for screenshots). */
const settled = () =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe('delete dialog', () => {
  it('opens with the focus on Cancel: Enter keeps the item, Tab stays inside, Escape closes', async () => {
    const name = unique('Focus Teal');
    const created = await api('POST', '/color/create', {
      token: await e2eAdminToken(),
      body: { name, hexcode: '#118877' },
    });
    expect(created.status).toBe(201);
    await page.goto(adminUrl('/admin/color'));
    const row = page.locator('tbody tr', { hasText: name });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("You won't be able to revert this!");
    expect(await dialog.getByRole('button', { name: 'Yes, delete it!' }).isVisible()).toBe(true);
    expect(await focus()).toEqual({ text: 'Cancel', inside: true });
    await settled();
    await screenshot(page, 'admin-delete-dialog-focus', { fullPage: false });

    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const colours = (await api('GET', '/color', { token: await e2eAdminToken() })).body.colors;
    expect(colours.some((c: { name: string }) => c.name === name)).toBe(true);

    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect((await focus()).inside, `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focus()).inside, `after Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
  });
});

describe('product View popup', () => {
  it('keeps the focus inside while Tab cycles; Escape closes it and the focus returns to View', async () => {
    const product = await apiProduct(unique('Focus Phone'));
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(product.name)}`));
    const view = page.locator('tbody tr', { hasText: product.name }).getByRole('button', { name: 'View' });
    await view.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(product.name).first().waitFor();
    expect((await focus()).inside).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect((await focus()).inside, `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focus()).inside, `after Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await view.evaluate((el) => el === document.activeElement)).toBe(true);

    await view.click();
    await dialog.getByText(product.name).first().waitFor();
    await settled();
    await screenshot(page, 'admin-view-popup', { fullPage: false });
    await page.mouse.click(8, 8);
    await dialog.waitFor({ state: 'detached' });
  });
});

/** Clicks the sidebar link `to`, expects the leave question (optionally saved as a screenshot), and answers it. */
async function leaveVia(to: string, answer: 'Stay on this page' | 'Leave without saving', shot?: string) {
  await sidebar().getByRole('link', { name: to, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('Your changes have not been saved.');
  expect(await focus()).toEqual({ text: 'Stay on this page', inside: true });
  if (shot) {
    await settled();
    await screenshot(page, shot, { fullPage: false });
  }
  if (answer === 'Stay on this page') await page.keyboard.press('Enter');
  else await dialog.getByRole('button', { name: answer }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('leaving a form with unsaved changes', () => {
  it('an untouched form is left without a question', async () => {
    await page.goto(adminUrl('/admin/category/add'));
    await page.getByRole('heading', { name: 'Create New Category' }).waitFor();
    await sidebar().getByRole('link', { name: 'Colours', exact: true }).click();
    await page.waitForURL(/\/admin\/color$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('the category form asks; Stay keeps what was typed, Leave goes', async () => {
    await page.goto(adminUrl('/admin/category/add'));
    await page.getByLabel('Category Name').fill('Half-typed category');
    await leaveVia('Products', 'Stay on this page', 'admin-leave-dialog');
    expect(page.url()).toMatch(/\/admin\/category\/add$/);
    expect(await page.getByLabel('Category Name').inputValue()).toBe('Half-typed category');
    await leaveVia('Products', 'Leave without saving');
    await page.waitForURL(/\/admin\/product$/);
  });

  it("the colour form asks, also for the browser's back button and Go Back", async () => {
    await page.goto(adminUrl('/admin/color'));
    await page.getByRole('link', { name: 'Add Color' }).click();
    await page.waitForURL(/\/admin\/color\/add$/);
    await page.getByLabel('Name', { exact: true }).fill('Half-typed colour');
    await page.getByRole('link', { name: 'Go Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/admin\/color\/add$/);
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/admin\/color$/);
  });

  it('the product form asks (a changed price in an edit)', async () => {
    const product = await apiProduct(unique('Leaving Tablet'));
    await page.goto(adminUrl(`/admin/product/edit/${product._id}`));
    await page.getByLabel('Discount Percentage').waitFor();
    await sidebar().getByRole('link', { name: 'Orders', exact: true }).click();
    // Nothing changed yet: no question.
    await page.waitForURL(/\/admin\/orders$/);
    await page.goBack();
    await page.getByLabel('Discount Percentage').fill('25');
    await leaveVia('Orders', 'Stay on this page');
    expect(await page.getByLabel('Discount Percentage').inputValue()).toBe('25');
    await leaveVia('Orders', 'Leave without saving');
    await page.waitForURL(/\/admin\/orders$/);
    const saved = (await api('GET', `/product/${product._id}`, { token: await e2eAdminToken() })).body
      .product;
    expect(saved.discountPercentage).toBe(10);
  });

  it('Settings asks for an unsaved shop name or API address', async () => {
    await page.goto(adminUrl('/admin/settings'));
    const shopName = page.getByLabel('Shop name');
    await expect.poll(() => shopName.inputValue()).not.toBe('');
    await shopName.fill('Unsaved shop name');
    await leaveVia('Dashboards', 'Stay on this page');
    expect(await shopName.inputValue()).toBe('Unsaved shop name');
    await leaveVia('Dashboards', 'Leave without saving');
    await page.waitForURL(/\/admin$/);
    expect(pageErrors(page)).toEqual([]);
  });

  it('closing the window over unsaved changes asks (beforeunload); staying keeps the page', async () => {
    const other = await newPage(browser);
    await login(other);
    await other.goto(adminUrl('/admin/category/add'));
    await other.getByLabel('Category Name').fill('Typed then closing');
    const asked: string[] = [];
    other.on('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await other.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(other.isClosed()).toBe(false);
    expect(await other.getByLabel('Category Name').inputValue()).toBe('Typed then closing');
    await other.close();
  });
});
