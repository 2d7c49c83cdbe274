// Covers the wishlist against the real API and the built storefront: a guest saves a product with the heart on
// its page (kept in the browser), sees it on /wishlist (a page search engines are told not to index), logs in and
// finds it kept on the account (checked through the API); "Move to cart" adds the colour saved and empties the
// wishlist. The heart on a store card (server-rendered) saves for a guest and shows and changes a shopper's
// account list. The pages have no serious accessibility violations.
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
    // The browser clears the guest's list once the account's answer is back (a moment after the server has it).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('wishlist'))).toBe('[]');
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

  it('the heart on a store card saves for a guest without the product page, and shows the account’s list', async () => {
    const { product } = await makeTwoColourProduct('Heart Phone', [64, 128]);
    const search = `/store?q=${encodeURIComponent(product.name)}`;
    // Server-rendered: the heart is in the HTML, not pressed (the server does not know the shopper).
    const html = await (await fetch(shopUrl(search))).text();
    expect(html).toContain(`aria-label="Wishlist: ${product.name}" aria-pressed="false"`);

    const page = await openPage(browser);
    // The heart's code loads after the first render: clicked once the page is quiet.
    await page.goto(shopUrl(search), { waitUntil: 'networkidle' });
    const heart = page.getByRole('button', { name: `Wishlist: ${product.name}` });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]'))).toEqual([
      product._id,
    ]);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    // Logged in, the card shows the account's wishlist (the guest's was merged at login) and changes it.
    const shopper = await newShopper('Kavya Nair');
    await logIn(page, shopper);
    await expect
      .poll(async () => (await api('GET', '/wishlist/ids', { token: shopper.token })).body.ids)
      .toEqual([product._id]);
    await page.goto(shopUrl(search), { waitUntil: 'networkidle' });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await expect
      .poll(async () => (await api('GET', '/wishlist/ids', { token: shopper.token })).body.ids)
      .toEqual([]);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await seriousViolations(page, 'store with hearts')).toEqual([]);
    await page.close();
  });
});
