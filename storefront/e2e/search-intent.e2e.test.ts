// Search that understands at a desktop and a phone width: a price said in the words is a removable
// chip (removing it keeps the words), the heading repeats the query as typed, "Clear filters" shows only with a
// filter set, and a search that finds nothing suggests the categories its words name.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { openPage, shopUrl } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const params = (url: string) => new URL(url).searchParams;
/** The heading as shown: innerText applies the page's text-transform, so a re-cased query would show here. */
const heading = (page: Page) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the casing on screen is what the test checks.
  page.getByRole('heading', { level: 1 }).innerText();
const shownCount = async (page: Page) =>
  Number(((await page.locator('.store__count').textContent()) ?? '').match(/of (\d+)/)?.[1] ?? Number.NaN);

describe.each([
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
])('search at $width px', (size) => {
  it('shows a price said in the words as a chip; removing it searches the words alone', async () => {
    const page = await openPage(browser, size);
    const errors = pageErrors(page);
    await page.goto(shopUrl(`/store?q=${encodeURIComponent('tablet under 20000')}`));
    await expect.poll(() => heading(page)).toBe('Results for “tablet under 20000”');
    const chips = page.getByRole('list', { name: 'Filters chosen' });
    const chip = chips.getByRole('button', { name: 'Remove filter Under ₹20,000' });
    await chip.waitFor();
    expect(await chip.isVisible()).toBe(true);
    const box = await chip.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    await expect.poll(() => shownCount(page)).toBeGreaterThan(0);
    const underPrice = await shownCount(page);

    // The page arrives server-rendered: a click before it is hydrated does nothing, so it is tried again.
    await expect
      .poll(
        async () => {
          if (params(page.url()).get('q') !== 'tablet' && (await chip.count())) await chip.click();
          return params(page.url()).get('q');
        },
        { timeout: 20_000, interval: 700 },
      )
      .toBe('tablet');
    await expect.poll(() => heading(page)).toBe('Results for “tablet”');
    await expect.poll(() => chips.count()).toBe(0);
    await expect.poll(() => shownCount(page)).toBeGreaterThan(underPrice);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('repeats the query as typed and offers "Clear filters" only with a filter set', async () => {
    const page = await openPage(browser, size);
    await page.goto(shopUrl(`/store?q=${encodeURIComponent('iphone 15 pro')}`));
    await expect.poll(() => heading(page)).toBe('Results for “iphone 15 pro”');

    await page.goto(shopUrl('/store?q=zzzzqqq'));
    await page.getByText('No products found.').waitFor();
    expect(await page.getByRole('link', { name: 'Clear filters' }).count()).toBe(0);
    await page.context().close();
  });

  it('suggests the category the words name when nothing is found, and clears the price to the words', async () => {
    const page = await openPage(browser, size);
    await page.goto(shopUrl(`/store?q=${encodeURIComponent('tablet under 2000')}`));
    await page.getByText('No products found.').waitFor();
    const suggested = page.locator('.empty__links').getByRole('link');
    expect(await suggested.allInnerTexts()).toEqual(['Tablets']);
    const clear = page.getByRole('link', { name: 'Clear filters' });
    expect(await clear.isVisible()).toBe(true);
    await clear.click();
    await page.waitForURL((u) => params(u.toString()).get('q') === 'tablet');
    await expect.poll(() => shownCount(page)).toBeGreaterThan(0);
    await page.context().close();
  });
});
