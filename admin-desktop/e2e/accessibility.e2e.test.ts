// Covers accessibility of the back office's main screens with axe-core (the npm package, injected into the
// page; WCAG 2.0/2.1 A and AA rules): login, dashboard, categories, colours, products list and form, orders
// list and detail, users, settings and bulk upload, plus the delete dialog and the product View popup: no
// critical or serious violation (colour contrast among them: the grey .muted text was 3.5-3.75:1 on white
// and on the page background, 4.5:1 is needed). At 1280 px, and at 800 px for the narrow layouts.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { mainScreens, openScreen } from './main-screens';
import { adminUrl, apiOrder, apiProduct, imageFile, login, unique } from './support';

let browser: Browser;
let ids: { orderId: string; productId: string };

let dir: string;
let folder: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const product = await apiProduct(unique('Accessible Phone'));
  ids = { orderId: await apiOrder(), productId: product._id };
  // A folder of two photos named after the product (thumbnail and one gallery image) and one stray file.
  dir = await mkdtemp(join(tmpdir(), 'vc-e2e-axe-'));
  folder = join(dir, 'photos');
  await mkdir(folder);
  const photo = await imageFile('x.jpg', '#335577');
  await writeFile(join(folder, `${product.slug}.jpg`), photo.buffer);
  await writeFile(join(folder, `${product.slug}-2.jpg`), photo.buffer);
  await writeFile(join(folder, 'unknown-item.jpg'), photo.buffer);
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each([1280, 800])('axe at %i px', (width) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, { width, height: 900 });
  });
  afterAll(async () => {
    await page?.close();
  });

  it('the login screen, also showing a failed login', async () => {
    await page.goto(adminUrl('/admin/login'));
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await seriousViolations(page, `login ${width}`)).toEqual([]);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').waitFor();
    expect(await seriousViolations(page, `login error ${width}`)).toEqual([]);
  });

  it('every main screen', async () => {
    await login(page);
    const found: Record<string, string[]> = {};
    for (const screen of mainScreens(ids)) {
      await openScreen(page, adminUrl(''), screen);
      const v = await seriousViolations(page, `${screen.name} ${width}`);
      if (v.length) found[screen.name] = v;
    }
    expect(found).toEqual({});
  });

  it('the delete dialog and the product View popup, with notifications on screen', async () => {
    await page.goto(adminUrl('/admin/category'));
    const row = page.locator('tbody tr').first();
    // Switched and back: two notifications, the category as it was.
    const toggle = row.locator('.toggle');
    const before = await toggle.getAttribute('aria-pressed');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).not.toBe(before);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe(before);
    await page.locator('.toast').first().waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor();
    // Past the dialog's opening animation (axe reads the colours as they are painted).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousViolations(page, `delete dialog ${width}`)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent('Accessible Phone')}`));
    await page
      .locator('tbody tr, [data-testid="product-card"]')
      .first()
      .getByRole('button', { name: 'View' })
      .click();
    await page.getByRole('dialog').getByText('Accessible Phone').first().waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousViolations(page, `view popup ${width}`)).toEqual([]);
    await page.keyboard.press('Escape');

    // The 'Deleted!' dialog after a delete.
    const name = unique('Axe Amber');
    await api('POST', '/color/create', { token: await e2eAdminToken(), body: { name, hexcode: '#ffbf00' } });
    await page.goto(adminUrl('/admin/color'));
    await page.locator('tbody tr', { hasText: name }).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Yes, delete it!' })
      .click();
    await page.getByRole('dialog', { name: 'Deleted!' }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await seriousViolations(page, `deleted dialog ${width}`)).toEqual([]);
    await page.getByRole('dialog', { name: 'Deleted!' }).getByRole('button', { name: 'OK' }).click();
  });

  it('bulk upload with a folder matched (tabs, the match table and its selects)', async () => {
    await page.goto(adminUrl('/admin/bulk-upload'));
    await page.getByRole('heading', { name: 'Bulk upload' }).waitFor();
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await page
      .getByRole('tab', { name: /Matched/ })
      .getByText('2')
      .waitFor();
    expect(await seriousViolations(page, `bulk preview ${width}`)).toEqual([]);
  });
});
