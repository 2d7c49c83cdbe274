// Finding things: typing in the header shows suggestions (keyboard and phone width); filters with
// counts, chips, sort and numbered pages live in the address and survive reload, back and forward.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { openPage, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const params = (url: string) => new URL(url).searchParams;

describe('search and lists', () => {
  it('keeps text typed into the server-rendered search before the app starts, with its suggestions', async () => {
    const page = await openPage(browser);
    // The app starts from /boot.js (a deferred script, so the page's load waits for it): held back until the
    // shopper has typed.
    let release = () => {};
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/boot.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(shopUrl('/'), { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('lapt');
    expect(await page.locator('html[data-app="ready"]').count()).toBe(0);
    release();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    expect(await box.inputValue()).toBe('lapt');
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor({ state: 'visible' });
    await page.context().close();
  });

  it('suggests while typing; arrows and Enter open a suggestion, Escape closes the list', async () => {
    const page = await openPage(browser);
    const errors = pageErrors(page);
    await page.goto(shopUrl('/'));
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('lapt');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor({ state: 'visible' });
    expect(await list.getByRole('option').count()).toBeGreaterThan(1);
    await expect.poll(() => list.getByRole('option', { name: /Laptops/ }).count()).toBeGreaterThan(0);
    await box.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await box.press('ArrowDown');
    await list.waitFor({ state: 'visible' });
    await box.press('ArrowDown');
    const chosen = (await list.getByRole('option', { selected: true }).textContent()) ?? '';
    expect(chosen).not.toBe('');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/product/'));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows suggestions at phone width, and Enter alone searches the text', async () => {
    const page = await openPage(browser, { width: 375, height: 740 });
    await page.goto(shopUrl('/store'));
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('samsng');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor({ state: 'visible' });
    const frame = await list.boundingBox();
    expect(frame!.x).toBeGreaterThanOrEqual(0);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(375);
    await box.press('Enter');
    await page.waitForURL((u) => params(u.toString()).get('q') === 'samsng');
    await expect.poll(() => page.locator('.store__count').textContent()).toMatch(/^Showing 1–\d+ of \d+/);
    await page.context().close();
  });

  it('puts the products first at phone width, with the filters in a sheet that shows N results', async () => {
    const page = await openPage(browser, { width: 375, height: 740 });
    await page.goto(shopUrl('/store'));
    const card = page.locator('.store .product-card').first();
    await card.waitFor();
    // The first card starts on the first screen; the filter lists are closed.
    expect((await card.boundingBox())!.y).toBeLessThan(740);
    const brands = page.getByRole('group', { name: 'Brand' });
    expect(await brands.isVisible()).toBe(false);
    const summary = page.locator('.filters__summary');
    await summary.click();
    await brands.waitFor({ state: 'visible' });
    const brandName = (await brands.locator('label').first().locator('span').first().textContent())!;
    const brandCount = Number(await brands.locator('label').first().locator('.facet__count').textContent());
    // A click before the app has the page does nothing: tried again until the address has the brand.
    await expect
      .poll(
        async () => {
          if (!params(page.url()).get('brand'))
            await brands.locator('label').first().locator('input').click();
          return params(page.url()).get('brand');
        },
        { timeout: 20_000, interval: 700 },
      )
      .toBe(brandName);
    await expect.poll(() => summary.textContent()).toBe('Filters · 1 chosen');
    // Still open after the list changed, so that another filter is one tap away; a sheet over the list, with
    // the count of what it shows.
    expect(await brands.isVisible()).toBe(true);
    const show = page.getByRole('button', {
      name: `Show ${brandCount} result${brandCount === 1 ? '' : 's'}`,
    });
    await show.waitFor();
    // A long list of brands: its first eight, a box that finds one, and "Show all".
    if ((await brands.locator('label').count()) >= 8) {
      await brands.getByRole('button', { name: /^Show all \d+$/ }).waitFor();
      await brands.getByPlaceholder('Find a brand').fill(brandName.slice(0, 3));
      expect(await brands.locator('label', { hasText: brandName }).count()).toBe(1);
      await brands.getByPlaceholder('Find a brand').fill('');
    }
    await shot(page, 'storefront-filter-sheet-375');
    await show.click();
    expect(await brands.isVisible()).toBe(false);
    // Back on the list: its heading has the focus, the first card is on the screen.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('store-title');
    const box = (await card.boundingBox())!;
    expect(box.y + box.height / 2).toBeLessThan(740);
    expect(box.y).toBeGreaterThan(-box.height / 2);
    await page.context().close();
  });

  it('keeps filters, sort and page in the address across reload, back and forward', async () => {
    const page = await openPage(browser, { width: 1366, height: 900 });
    const errors = pageErrors(page);
    await page.goto(shopUrl('/store?limit=2'));
    const count = page.locator('.store__count');
    await expect.poll(() => count.textContent()).toMatch(/^Showing 1–2 of \d+$/);
    const all = Number((await count.textContent())!.match(/of (\d+)/)![1]);

    // A brand filter with its count: the list shows exactly that many (its second page the rest: the sample
    // lists each model once, so the largest brand has 3 or more products, not always 4).
    const brands = page.getByRole('group', { name: 'Brand' });
    const first = brands.locator('label').first();
    const brandCount = Number(await first.locator('.facet__count').textContent());
    expect(brandCount).toBeGreaterThanOrEqual(3);
    const second = `Showing 3–${Math.min(4, brandCount)} of ${brandCount}`;
    const brandName = (await first.locator('span').first().textContent())!;
    // The page arrives server-rendered: a click before it is hydrated does nothing, so it is tried again.
    await expect
      .poll(
        async () => {
          if (!params(page.url()).get('brand')) await first.locator('input').click();
          return params(page.url()).get('brand');
        },
        { timeout: 20_000, interval: 700 },
      )
      .toBe(brandName);
    await expect.poll(() => count.textContent()).toBe(`Showing 1–2 of ${brandCount}`);
    await page
      .getByRole('list', { name: 'Filters chosen' })
      .getByRole('button', { name: `Remove filter ${brandName}` })
      .waitFor();
    await shot(page, 'storefront-store-filtered-1366');

    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL((u) => params(u.toString()).get('sort') === 'price_asc');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((u) => params(u.toString()).get('page') === '2');
    await expect.poll(() => count.textContent()).toBe(second);

    await page.reload();
    await expect.poll(() => count.textContent()).toBe(second);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
    await page.goBack();
    await page.waitForURL((u) => !params(u.toString()).has('page'));
    await expect.poll(() => count.textContent()).toBe(`Showing 1–2 of ${brandCount}`);
    await page.goForward();
    await expect.poll(() => count.textContent()).toBe(second);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((u) => !params(u.toString()).has('brand'));
    await expect.poll(() => count.textContent()).toBe(`Showing 1–2 of ${all}`);
    expect(params(page.url()).get('limit')).toBe('2');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
