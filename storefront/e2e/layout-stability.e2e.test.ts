// Covers the page height of the phone-size shop staying put while it is scrolled: sections rendered lazily
// (content-visibility: auto with placeholder heights of 460 and 640 px, home sections filled on approach)
// made the home page grow from 5,305 to 7,496 px as it was scrolled, and a jump to the footer landed short.
// At 412 px: the document height before and after scrolling to the bottom is the same, and one jump to the
// bottom shows the footer's last line.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { openPage, sellableProducts, shopUrl } from './support';

let browser: Browser;
let productId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  productId = (await sellableProducts(1))[0]!._id;
});
afterAll(async () => {
  await browser?.close();
});

const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

describe('phone-size pages (412 px) keep their height while scrolled', () => {
  it.each([
    ['home', '/', '.showcase .product-card'],
    ['store', '/store', '.store .product-card'],
    ['product', '', '.pdp__add'],
  ])('%s', async (_name, path, ready) => {
    const page = await openPage(browser, { width: 412, height: 915 });
    await page.goto(shopUrl(path || `/product/${productId}`));
    await page.locator(ready).first().waitFor();
    // The app starts after the page has loaded (a busy machine starts it late): measure once it runs.
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const before = await height(page);

    // Down to the bottom the way a thumb does it, a screen at a time.
    for (let y = 0; y < (await height(page)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(40);
    }
    await page.waitForLoadState('networkidle');
    expect(await height(page)).toBe(before);

    // One jump from the top to the bottom lands on the footer's last line.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    const gap = await page.evaluate(
      () => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight),
    );
    expect(gap).toBeLessThanOrEqual(1);
    expect(await page.locator('.site-footer__bottom').isVisible()).toBe(true);
    expect(
      await page.locator('.site-footer__bottom').evaluate((e) => e.getBoundingClientRect().bottom),
    ).toBeLessThanOrEqual(915 + 1);
    await page.close();
  });
});
