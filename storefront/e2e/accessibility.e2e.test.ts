// Covers accessibility of the storefront's main pages with axe-core (e2e/axe.ts, the helper the back
// office's test uses too; WCAG 2.0/2.1 A and AA rules): home, store, product, cart, login and checkout (also
// with its field errors), about and the address page at desktop (1280 px) and phone (412 px) width: no
// critical or serious violation.
// Among what it found before: the header's cart link named "Cart, 0 items, ₹0" while it shows "0 Cart ₹0",
// (now its own text names it: "Cart, 0 (items), ₹0", the count drawn on the icon but read after "Cart"),
// the product page's phone number told apart from the text by its colour only, the phone-size promise
// strip that scrolled sideways out of the keyboard's reach. Also: product names on /store are headings one
// level below the page's title (Lighthouse's heading order).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser } from '../../e2e/browser';
import { addFromProductPage, logIn, newShopper, openPage, sellableProducts, shopUrl } from './support';

let browser: Browser;
let productId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  productId = (await sellableProducts(1))[0]!._id;
});
afterAll(async () => {
  await browser?.close();
});

/** Scrolls through the page and back (pictures and anything loaded on approach are then in place). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

describe.each([
  { size: 'desktop', width: 1280, height: 800 },
  { size: 'phone', width: 412, height: 915 },
])('axe on the $size ($width px)', ({ size, width, height }) => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser, { width, height });
  });
  afterAll(async () => {
    await page?.close();
  });

  const pages: [string, string, (p: Page) => Promise<unknown>][] = [
    ['home', '/', (p) => p.locator('.product-grid--strip .product-card').first().waitFor()],
    ['store', '/store', (p) => p.locator('.store .product-card').first().waitFor()],
    ['product', '', (p) => p.locator('.pdp__add').waitFor()],
    ['cart', '/cart', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    ['login', '/login?ref=Products', (p) => p.getByRole('button', { name: 'LOG IN', exact: true }).waitFor()],
    ['about', '/ghar', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    ['my addresses (logged out)', '/profile/myaddress', (p) => p.getByText('Sign in').waitFor()],
  ];

  it.each(pages)('%s', async (name, path, ready) => {
    await page.goto(shopUrl(path || `/product/${productId}`));
    await ready(page);
    await settle(page);
    expect(await seriousViolations(page, `${name} ${size}`)).toEqual([]);
  });

  it('checkout, also with its field errors', async () => {
    const shopper = await newShopper();
    const checkout = await openPage(browser, { width, height });
    await logIn(checkout, shopper);
    await addFromProductPage(checkout, productId);
    await checkout.goto(shopUrl('/checkout'));
    await checkout.getByRole('button', { name: 'PLACE ORDER' }).waitFor();
    await settle(checkout);
    expect(await seriousViolations(checkout, `checkout ${size}`)).toEqual([]);
    await checkout.getByRole('button', { name: 'PLACE ORDER' }).click();
    await checkout.getByText('Please enter Address line 1').waitFor();
    expect(await seriousViolations(checkout, `checkout errors ${size}`)).toEqual([]);
    await checkout.close();
  });
});

describe('what axe found before, checked directly', () => {
  it("the header's cart link is named by what it shows, in the order it is read", async () => {
    const page = await openPage(browser);
    await page.goto(shopUrl('/store'));
    // What it shows: "Cart", the count on the icon, the total; its name holds them in that order.
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    expect(await page.getByTestId('cart-total').textContent()).toBe('₹0');
    expect(await page.getByRole('link', { name: 'Cart, 0 (items), ₹0', exact: true }).count()).toBe(1);
    await page.close();
  });

  it('product names on /store are headings one level below the page title', async () => {
    const page = await openPage(browser);
    await page.goto(shopUrl('/store'));
    await page.locator('.store .product-card').first().waitFor();
    expect(
      await page
        .locator('.store .product-card__title')
        .first()
        .evaluate((e) => e.tagName),
    ).toBe('H2');
    await page.close();
  });

  it('the phone-size promise strip does not scroll sideways', async () => {
    const page = await openPage(browser, { width: 360, height: 800 });
    await page.goto(shopUrl('/'));
    const strip = page.locator('.promo-strip__list');
    await strip.waitFor();
    expect(await strip.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });
});
