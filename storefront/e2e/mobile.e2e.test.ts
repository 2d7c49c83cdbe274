// A 375 px wide phone: the header collapses into a menu, nothing overflows sideways, and a shopper can
// browse, add to the cart and see it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, pageErrors, screenshot } from '../../e2e/browser';
import { api } from '../../e2e/context';
import { chosenVariant, openPage, productWithOptions, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('storefront at 375 px', () => {
  it('collapses the menu, fits the screen and still sells', async () => {
    const product = await productWithOptions();
    const page = await openPage(browser, { width: 375, height: 740, isMobile: true, hasTouch: true });
    await page.goto(shopUrl('/'));
    await page.locator('.product-grid--strip .product-card').first().waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await page.getByRole('link', { name: 'STORE', exact: true }).isVisible()).toBe(false);
    await shot(page, 'storefront-mobile-home');

    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // The menu names every category, each a link to its page.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('heading', { name: 'Shop by category' }).waitFor();
    const categories = (
      (await api('GET', '/category')).body.categories as { name: string; slug: string; status: boolean }[]
    ).filter((c) => c.status !== false);
    const links = nav.locator('.site-nav__categories a');
    await expect.poll(() => links.allTextContents()).toEqual(categories.map((c) => c.name));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'storefront-mobile-menu', { fullPage: false });
    await nav.getByRole('link', { name: categories[0]!.name, exact: true }).click();
    await page.waitForURL(`**/store/${categories[0]!.slug}`);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await page.getByRole('link', { name: 'STORE', exact: true }).click();
    await page.waitForURL('**/store');
    await page.locator('.store .product-card').first().waitFor();
    expect(await page.getByRole('link', { name: 'STORE', exact: true }).isVisible()).toBe(false);
    expect(await overflow(page)).toBe(0);
    await shot(page, 'storefront-mobile-store');

    // The variant in the address (a colour's chip is disabled while the memory size shown has no units of it).
    const variant = chosenVariant(product)!;
    await page.goto(shopUrl(`/product/${product._id}?sku=${encodeURIComponent(variant.sku)}`));
    await page.locator('.pdp h1').waitFor();
    expect(await overflow(page)).toBe(0);
    await page.getByRole('button', { name: product.colors[1]!.name, pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await shot(page, 'storefront-mobile-product');

    await page.getByRole('link', { name: /^Cart,/ }).tap();
    await page.getByRole('button', { name: 'CHECKOUT' }).waitFor();
    expect(await overflow(page)).toBe(0);
    await shot(page, 'storefront-mobile-cart');

    await page.goto(shopUrl('/login?ref=checkout'));
    await page.getByRole('button', { name: 'LOG IN', exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    expect(pageErrors(page).filter((e) => e.startsWith('page error'))).toEqual([]);
    await page.close();
  });
});
