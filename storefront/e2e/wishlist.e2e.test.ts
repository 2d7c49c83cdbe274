// Covers the wishlist against the real API and the built storefront: a guest saves a product with the heart on
// its page (kept in the browser), sees it on /wishlist (a page search engines are told not to index), logs in and
// finds it kept on the account (checked through the API); "Move to cart" adds the colour saved and empties the
// wishlist. The page has no serious accessibility violations.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser } from '../../e2e/browser';
import { api } from '../../e2e/context';
import { logIn, makeTwoColourProduct, newShopper, openPage, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('wishlist', () => {
  it('a guest’s wishlist survives login, and Move to cart keeps the colour saved', async () => {
    const { product, colors } = await makeTwoColourProduct('Wish Phone', [64, 128]);
    const shopper = await newShopper('Ravi Menon');
    const page = await openPage(browser);

    await page.goto(shopUrl(`/product/${product._id}?color=${colors[1].slug}`));
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await page.getByRole('button', { name: 'In wishlist' }).waitFor();
    await page.getByRole('link', { name: 'View wishlist' }).click();
    await page.waitForURL((u) => u.pathname === '/wishlist');
    const item = page.getByTestId('wishlist-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain(product.name);
    expect(await page.getByTestId('wishlist-count').textContent()).toContain('saved in this browser');

    const html = await (await fetch(shopUrl('/wishlist'))).text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);

    await logIn(page, shopper);
    await expect
      .poll(async () => (await api('GET', '/wishlist/ids', { token: shopper.token })).body.ids)
      .toEqual([product._id]);
    await page.goto(shopUrl('/wishlist'));
    await expect
      .poll(() => page.getByTestId('wishlist-count').textContent())
      .toContain('saved to your account');
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe('[]');
    expect(await seriousViolations(page, 'wishlist')).toEqual([]);
    await shot(page, 'wishlist');

    await item.getByRole('button', { name: 'Move to cart' }).click();
    await expect.poll(() => item.count()).toBe(0);
    const cart = await api('GET', '/cart', { token: shopper.token });
    expect(cart.body.cart).toEqual([
      expect.objectContaining({ productId: product._id, colorId: colors[1]._id, qty: 1 }),
    ]);
    expect((await api('GET', '/wishlist/ids', { token: shopper.token })).body.ids).toEqual([]);
    await page.close();
  });
});
