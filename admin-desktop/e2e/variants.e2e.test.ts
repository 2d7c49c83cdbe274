// Covers the variant table of the product edit page against the real API: one variant's stock
// changed and another switched off, each saved from its row, are what the API then holds (the third untouched);
// pictures chosen with a colour's "Add pictures" end in that colour's gallery, not in the shared pictures; a
// combination dropped with Remove is offered under "Add a combination" and comes back with its SKU and units.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, expectToast, imageFile, login, unique } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 1000 });
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

async function apiColor(name: string) {
  const r = await api('POST', '/color/create', {
    token: await e2eAdminToken(),
    body: { name: unique(name), hexcode: '#446688' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.color as { _id: string; name: string; slug: string };
}

interface ApiVariant {
  _id: string;
  sku: string;
  colorId: string | null;
  memorySize: number | null;
  stock: number;
  enabled: boolean;
}

async function apiVariants(productId: string) {
  const r = await api('GET', `/product/${productId}/variants`, { token: await e2eAdminToken() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.variants as ApiVariant[];
}

async function apiProductDetail(productId: string) {
  const r = await api('GET', `/product/${productId}`, { token: await e2eAdminToken() });
  return r.body.product as { images: string[]; colorImages: Record<string, string[]> };
}

describe('the variant table of the product edit page', () => {
  it("saves one variant's stock and another's switch-off, leaving the third as it was", async () => {
    const colors = [await apiColor('Onyx'), await apiColor('Frost'), await apiColor('Sage')];
    const p = await apiProduct(unique('Variant Phone'), { colors: JSON.stringify(colors.map((c) => c._id)) });
    const before = await apiVariants(p._id);
    expect(before).toHaveLength(3);
    const of = (vs: ApiVariant[], colorId: string) => vs.find((v) => v.colorId === colorId)!;
    expect(of(before, colors[1]!._id).enabled).toBe(true);

    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Variants' }).waitFor();
    expect(await page.getByTestId('variant-row').count()).toBe(3);

    const stock = page.getByLabel(`Stock of ${colors[0]!.name}`, { exact: true });
    expect(await stock.inputValue()).toBe(String(of(before, colors[0]!._id).stock));
    await stock.fill('17');
    await page
      .getByTestId('variant-row')
      .filter({ has: stock })
      .getByRole('button', { name: /^Update / })
      .click();
    await expectToast(page, `${of(before, colors[0]!._id).sku} saved.`);

    const onSale = page.getByLabel(`${colors[1]!.name} on sale`, { exact: true });
    await onSale.waitFor();
    expect(await onSale.isChecked()).toBe(true);
    await onSale.uncheck();
    await page
      .getByTestId('variant-row')
      .filter({ has: onSale })
      .getByRole('button', { name: /^Update / })
      .click();
    await expectToast(page, `${of(before, colors[1]!._id).sku} saved.`);
    await screenshot(page, 'admin-variant-table');

    const after = await apiVariants(p._id);
    expect(of(after, colors[0]!._id)).toMatchObject({ stock: 17, enabled: true });
    expect(of(after, colors[1]!._id)).toMatchObject({
      stock: of(before, colors[1]!._id).stock,
      enabled: false,
    });
    expect(of(after, colors[2]!._id)).toEqual(of(before, colors[2]!._id));
    // The page shows what was saved after reloading it.
    await page.reload();
    expect(await page.getByLabel(`Stock of ${colors[0]!.name}`, { exact: true }).inputValue()).toBe('17');
    expect(await page.getByLabel(`${colors[1]!.name} on sale`, { exact: true }).isChecked()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });

  it("puts pictures added for one colour in that colour's gallery", async () => {
    const [ember, tide] = [await apiColor('Ember'), await apiColor('Tide')];
    const p = await apiProduct(unique('Gallery Phone'), { colors: JSON.stringify([ember._id, tide._id]) });
    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Colour galleries' }).waitFor();

    const gallery = page.locator('.variant-matrix__gallery', { hasText: tide.name });
    expect(await gallery.textContent()).toContain(`${tide.name}: 0 pictures`);
    await gallery
      .locator('input[type=file]')
      .setInputFiles([
        await imageFile('tide-front.png', '#1188aa'),
        await imageFile('tide-back.jpg', '#115577'),
      ]);
    await expectToast(page, `${tide.name}:`);
    await expect.poll(async () => (await apiProductDetail(p._id)).colorImages[tide._id]?.length ?? 0).toBe(2);
    const d = await apiProductDetail(p._id);
    expect(d.colorImages[ember._id] ?? []).toEqual([]);
    expect(d.images).toEqual([]);
    await expect
      .poll(() => page.locator('.variant-matrix__gallery', { hasText: tide.name }).textContent())
      .toContain(`${tide.name}: 2 pictures`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('drops a combination that is not sold and adds it back with its SKU and units', async () => {
    const [slate, moss] = [await apiColor('Slate'), await apiColor('Moss')];
    const p = await apiProduct(unique('Matrix Phone'), {
      colors: JSON.stringify([slate._id, moss._id]),
      memorySizes: '[128, 256]',
      memoryPriceAdj: '[0, 4000]',
    });
    const before = await apiVariants(p._id);
    expect(before).toHaveLength(4);
    const label = `${moss.name} 256 GB`;
    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Variants' }).waitFor();
    // Every combination is sold: nothing to add.
    expect(await page.getByRole('heading', { name: 'Add a combination' }).count()).toBe(0);

    const row = page.getByTestId('variant-row').filter({ has: page.getByLabel(`Stock of ${label}`) });
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(async () => (await apiVariants(p._id)).length).toBe(3);
    await page.getByRole('heading', { name: 'Add a combination' }).waitFor();
    expect(await page.getByTestId('variant-row').count()).toBe(3);

    const add = page.locator('.variant-matrix__add');
    expect(await add.getByLabel('Combination').locator('option').allTextContents()).toEqual([label]);
    const sku = unique('MATRIX-MOSS')
      .toUpperCase()
      .replace(/[^A-Z0-9-]/g, '-');
    await add.getByLabel('SKU').fill(sku);
    await add.getByLabel('Units').fill('4');
    await screenshot(page, 'admin-variant-add-combination');
    await add.getByRole('button', { name: 'Add combination' }).click();
    await expectToast(page, `${label} added as ${sku}.`);
    const after = await apiVariants(p._id);
    expect(after.find((v) => v.colorId === moss._id && v.memorySize === 256)).toMatchObject({
      sku,
      stock: 4,
    });
    await expect.poll(() => page.getByTestId('variant-row').count()).toBe(4);
    expect(await page.getByRole('heading', { name: 'Add a combination' }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
