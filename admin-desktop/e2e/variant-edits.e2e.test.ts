// Covers edits staff make to stock not being lost or spread without a word: stock and price
// typed into one row of the variant table stay when another row's Update is pressed (and are then saved by
// their own Update); a variant's own low-stock alert is set in its row (blank: the shop's, shown as the
// placeholder), a bad one refused in words with nothing saved, and it is still there after a reload; the table
// with that column keeps inside its page at 1024 and 1366 px; in the product list a product with several variants
// offers no +/− (its units lead to its variant table), and the bulk "Units ±" refuses it by name, changing nothing,
// while single-variant products get the units and the message counts them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { cutOff } from './main-screens';
import { adminUrl, apiProduct, expectToast, login, unique } from './support';

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

async function apiColors(...names: string[]) {
  const token = await e2eAdminToken();
  const colors: { _id: string; name: string }[] = [];
  for (const name of names) {
    const r = await api('POST', '/color/create', { token, body: { name: unique(name), hexcode: '#335577' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    colors.push(r.body.color);
  }
  return colors;
}

interface ApiVariant {
  colorId: string | null;
  stock: number;
  priceOverride: number | null;
  lowStockThreshold?: number | null;
}

async function apiDetail(id: string) {
  const r = await api('GET', `/product/${id}`, { token: await e2eAdminToken() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product as { stock: number; variants: ApiVariant[] };
}

describe('the variant table', () => {
  it("keeps one row's typed stock and price when another row is updated", async () => {
    const [a, b, c] = await apiColors('Slate', 'Coral', 'Mint');
    const p = await apiProduct(unique('Edit Phone'), { colors: JSON.stringify([a!._id, b!._id, c!._id]) });
    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Variants' }).waitFor();

    const stockA = page.getByLabel(`Stock of ${a!.name}`, { exact: true });
    const priceA = page.getByLabel(`Own price of ${a!.name}`, { exact: true });
    await stockA.fill('9');
    await priceA.fill('12345');
    await page.getByLabel(`Stock of ${b!.name}`, { exact: true }).fill('4');
    await page.getByRole('button', { name: `Update ${b!.name}`, exact: true }).click();
    await expectToast(page, /saved\.$/);
    // The product was loaded again after the save: the row not saved keeps what was typed.
    await expect
      .poll(async () => (await apiDetail(p._id)).variants.find((v) => v.colorId === b!._id)?.stock)
      .toBe(4);
    await page.waitForLoadState('networkidle');
    expect(await stockA.inputValue()).toBe('9');
    expect(await priceA.inputValue()).toBe('12345');
    expect(await page.getByLabel(`Stock of ${b!.name}`, { exact: true }).inputValue()).toBe('4');

    await page.getByRole('button', { name: `Update ${a!.name}`, exact: true }).click();
    await expect
      .poll(async () => (await apiDetail(p._id)).variants.find((v) => v.colorId === a!._id))
      .toMatchObject({ stock: 9, priceOverride: 12345 });
    expect((await apiDetail(p._id)).variants.find((v) => v.colorId === c!._id)?.stock).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("a variant's low-stock alert", () => {
  it('is set in its row, refused in words when not whole units, and kept after a reload', async () => {
    const [a, b] = await apiColors('Dune', 'Fern');
    const p = await apiProduct(unique('Alert Phone'), { colors: JSON.stringify([a!._id, b!._id]) });
    const settings = await api('GET', '/settings', { token: await e2eAdminToken() });
    const shop = settings.body.settings.lowStockThreshold as number;
    await page.goto(adminUrl(`/admin/product/edit/${p._id}`));
    await page.getByRole('heading', { name: 'Variants' }).waitFor();
    const alertA = page.getByLabel(`Low-stock alert of ${a!.name}`, { exact: true });
    const alertB = page.getByLabel(`Low-stock alert of ${b!.name}`, { exact: true });
    expect(await alertA.getAttribute('placeholder')).toBe(`${shop} (shop)`);
    expect(await alertA.inputValue()).toBe('');

    await alertA.fill('twelve');
    await page.getByRole('button', { name: `Update ${a!.name}`, exact: true }).click();
    await expectToast(
      page,
      `The low-stock alert of ${a!.name} must be a whole number of units from 0 to 1,00,000, or blank for the shop's ${shop}.`,
    );
    expect((await apiDetail(p._id)).variants.map((v) => v.lowStockThreshold)).toEqual([null, null]);

    await alertA.fill('12');
    await page.getByRole('button', { name: `Update ${a!.name}`, exact: true }).click();
    await expectToast(page, /saved\.$/);
    await expect
      .poll(
        async () => (await apiDetail(p._id)).variants.find((v) => v.colorId === a!._id)?.lowStockThreshold,
      )
      .toBe(12);

    await page.reload();
    await page.getByRole('heading', { name: 'Variants' }).waitFor();
    await expect.poll(() => alertA.inputValue()).toBe('12');
    expect(await alertB.inputValue()).toBe('');
    expect(await alertB.getAttribute('placeholder')).toBe(`${shop} (shop)`);
    expect((await apiDetail(p._id)).variants.find((v) => v.colorId === b!._id)?.lowStockThreshold).toBeNull();

    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.getByRole('heading', { name: 'Variants' }).scrollIntoViewIfNeeded();
      expect(await cutOff(page), `at ${width} px`).toEqual([]);
      // Wide enough to read the shop's figure in the placeholder ("5 (shop)").
      expect((await alertB.boundingBox())!.width, `at ${width} px`).toBeGreaterThanOrEqual(64);
      await screenshot(page, `admin-variant-table-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 1000 });
    // The refusal's toast is the page's own check: no request failed.
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('units in the product list', () => {
  it('offers +/− and "Units ±" only where there is one count to change, and says what changed', async () => {
    const batch = unique('Unitcheck');
    const colors = await apiColors('Ash', 'Rose', 'Teal');
    const single1 = await apiProduct(`${batch} Cable`);
    const single2 = await apiProduct(`${batch} Charger`);
    const multi = await apiProduct(`${batch} Phone`, { colors: JSON.stringify(colors.map((c) => c._id)) });
    const before = {
      single1: (await apiDetail(single1._id)).stock,
      single2: (await apiDetail(single2._id)).stock,
      multi: (await apiDetail(multi._id)).variants.map((v) => v.stock),
    };

    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(batch)}`));
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.getByRole('button', { name: `One unit more of ${single1.name}` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: `One unit more of ${multi.name}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `One unit fewer of ${multi.name}` }).count()).toBe(0);
    const link = page.getByRole('link', {
      name: `Units of ${multi.name}: ${before.multi.reduce((s, n) => s + n, 0)} in 3 variants. Set them per variant`,
    });
    expect(await link.getAttribute('href')).toContain(`/admin/product/edit/${multi._id}`);

    await page.getByLabel('Choose every product on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByLabel('Units ±').fill('2');
    await bar.getByRole('button', { name: 'Adjust stock' }).click();
    await expectToast(page, `"${multi.name}" has several variants`);
    expect((await apiDetail(multi._id)).variants.map((v) => v.stock)).toEqual(before.multi);
    expect((await apiDetail(single1._id)).stock).toBe(before.single1);

    await page.getByLabel(`Choose ${multi.name}`).uncheck();
    await bar.getByLabel('Units ±').fill('2');
    await bar.getByRole('button', { name: 'Adjust stock' }).click();
    await expectToast(page, 'Units adjusted: 2 products changed.');
    expect((await apiDetail(single1._id)).stock).toBe(before.single1 + 2);
    expect((await apiDetail(single2._id)).stock).toBe(before.single2 + 2);
    expect((await apiDetail(multi._id)).variants.map((v) => v.stock)).toEqual(before.multi);
    // The refusal's 409 is the browser's own log line, not a fault of the page.
    expect(pageErrors(page).filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
