// Cart and session in a real browser: the guest cart merges into the server cart on login, a reload keeps
// cart and session, LOG OUT empties the cart and ends that session (not the account's others; "Log out on every
// device" on /profile ends them all), an expired token falls back to a guest session, the empty
// cart, an unknown product, search and the newsletter sign-up.
import { formatINR } from '@voltcart/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { api } from '../../e2e/context';
import {
  addFromProductPage,
  type CatalogProduct,
  logIn,
  newShopper,
  openPage,
  sellableProducts,
  shopUrl,
  shot,
  storedToken,
  toasts,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('cart and session', () => {
  it('merges the guest cart into the server cart on login and rebuilds the cart from the reply', async () => {
    const shopper = await newShopper();
    const [saved, guest] = await sellableProducts(2);
    // Something the shopper left in the server cart on another device.
    const put = await api('POST', '/cart/add-to-cart', {
      token: shopper.token,
      body: { productId: saved!._id, qty: 2 },
    });
    expect(put.status).toBe(200);

    const page = await openPage(browser);
    await page.goto(shopUrl('/store?limit=0'));
    const card = page.locator('.product-card', {
      has: page.getByRole('link', { name: guest!.name, exact: true }),
    });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    // A product sold in several colours or memory sizes asks which (its first sellable one is chosen).
    const chooser = page.getByRole('dialog');
    const count = () => page.getByTestId('cart-count').textContent();
    await expect.poll(async () => (await chooser.count()) > 0 || (await count()) === '1').toBe(true);
    if ((await chooser.count()) > 0) await chooser.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(count).toBe('1');
    const detail = (await api('GET', `/product/${guest!._id}`)).body.product as CatalogProduct;
    const guestPrice = detail.variants.find((v) => v.stock > 0)?.price ?? guest!.finalPrice;

    await logIn(page, shopper);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');
    const server = await api('GET', '/cart', { token: shopper.token });
    expect(
      server.body.cart.map((l: { productId: string; qty: number }) => [l.productId, l.qty]).sort(),
    ).toEqual(
      [
        [saved!._id, 2],
        [guest!._id, 1],
      ].sort(),
    );
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!));
    expect(local.items).toHaveLength(2);
    expect(local.finalTotal).toBe(saved!.finalPrice * 2 + guestPrice);
    await page.close();
  });

  it('keeps cart and session across a reload, sends changes to the server, and LOG OUT empties the cart', async () => {
    const shopper = await newShopper('Kabir Singh');
    const [product] = await sellableProducts(1);
    const page = await openPage(browser);
    await logIn(page, shopper);
    // Reload right after Add to Cart, while its request may still be on its way: nothing is lost or doubled.
    // (A tap before the app runs is held until it does: public/boot.js. This is about the request, so the app
    // has the page first.)
    await page.goto(shopUrl(`/product/${product!._id}`));
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.locator('.pdp__add').click();
    await page.reload();
    await expect
      .poll(async () => (await api('GET', '/cart', { token: shopper.token })).body.cart)
      .toMatchObject([{ productId: product!._id, qty: 1 }]);
    await page.getByRole('button', { name: 'LOG OUT' }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    expect(await page.getByTestId('cart-total').textContent()).toBe(formatINR(product!.finalPrice));
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('user')!),
      stamp: localStorage.getItem('adminTimeStamp'),
    }));
    expect(stored.user).toMatchObject({ data: { email: shopper.email }, userToken: expect.any(String) });
    expect(Number(stored.stamp)).toBeGreaterThan(0);

    // A change in the cart page goes to the server too.
    await page.goto(shopUrl('/cart'));
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect
      .poll(async () => (await api('GET', '/cart', { token: shopper.token })).body.cart[0]?.qty)
      .toBe(2);
    await page.getByRole('button', { name: 'Remove from Cart' }).click();
    await page.getByText('Your cart is empty.').waitFor();
    await expect
      .poll(async () => (await api('GET', '/cart', { token: shopper.token })).body.cart)
      .toEqual([]);

    await addFromProductPage(page, product!._id);
    await page.getByRole('button', { name: 'LOG OUT' }).click();
    await page.getByRole('link', { name: 'LOG IN', exact: true }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Logging out ended the page's session on the server; the shopper's other session (the test's own login) goes on.
    expect((await api('GET', '/user/me', { token: stored.user.userToken })).status).toBe(401);
    expect((await api('GET', '/user/me', { token: shopper.token })).status).toBe(200);
    await page.close();
  });

  it('"Log out on every device" on /profile ends the sessions of the other devices too', async () => {
    const shopper = await newShopper('Meera Iyer');
    const page = await openPage(browser);
    await logIn(page, shopper);
    const token = await storedToken(page);
    await page.goto(shopUrl('/profile'));
    // The page's own reads (account, orders) done first: one cut off by the logout would log its 401.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Log out on every device' }).click();
    await page.getByRole('link', { name: 'LOG IN', exact: true }).waitFor();
    await expect.poll(() => toasts(page)).toContain('You have been logged out on every device.');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    for (const t of [token, shopper.token])
      expect((await api('GET', '/user/me', { token: t })).status).toBe(401);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('an expired or revoked token ends the session and the shop carries on as a guest', async () => {
    const shopper = await newShopper();
    const page = await openPage(browser);
    await logIn(page, shopper);
    const token = await storedToken(page);
    await api('POST', '/user/logout', { token });
    await page.reload();
    // The server-rendered page says LOG IN before the app has started and asked the API about the session.
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByRole('link', { name: 'LOG IN', exact: true }).waitFor();
    await page.close();
  });

  it("shows 'Your cart is empty.' with Continue Shopping to the store", async () => {
    for (const width of [390, 1366]) {
      const narrow = await openPage(browser, { width, height: 800 });
      await narrow.goto(shopUrl('/cart'));
      await narrow.getByText('Your cart is empty.').waitFor();
      expect(pageErrors(narrow)).toEqual([]);
      await shot(narrow, `storefront-cart-empty-${width}`);
      await narrow.close();
    }
    const page = await openPage(browser);
    await page.goto(shopUrl('/cart'));
    await page.getByText('Your cart is empty.').waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.waitForURL('**/store');
    await page.close();
  });

  it("shows 'Product not found.' for an unknown product", async () => {
    const page = await openPage(browser);
    await page.goto(shopUrl('/product/987654321'));
    await page.getByText('Product not found.').waitFor();
    await shot(page, 'storefront-product-not-found');
    await page.close();
  });

  it('the header search box finds products by name or brand, kept in the address', async () => {
    const [product] = await sellableProducts(1);
    const term = product!.name.split(' ')[0]!;
    const page = await openPage(browser);
    await page.goto(shopUrl('/'));
    // Typed once the app runs (the server's HTML has the box before the browser's code takes it over).
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Search products' }).fill(term);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/store' && u.searchParams.get('q') === term);
    await page.locator('.store .product-card').first().waitFor();
    const names = await page.locator('.store .product-card__title').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(term);
    await page.close();
  });

  it('signs up to the newsletter and says so (once per address), also when typed before the footer’s code came', async () => {
    const page = await openPage(browser);
    // The footer is in the server's HTML, its code comes later: the address is typed and sent before then.
    let footerCode = false;
    await page.route(/\/assets\/footer-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      footerCode = true;
      await route.continue();
    });
    await page.goto(shopUrl('/ghar'));
    const email = `news${Date.now().toString(36)}@example.in`;
    const box = page.getByRole('textbox', { name: 'Newsletter sign-up address' });
    await box.fill(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(footerCode).toBe(false);
    const status = page.locator('.newsletter__status');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).not.toBe('');
    const first = await status.textContent();
    await box.fill(email);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => status.textContent()).not.toBe(first);
    expect(await status.getAttribute('role')).toBe('status');
    expect(await toasts(page)).toEqual([]);
    expect(pageErrors(page).filter((e) => e.startsWith('page error'))).toEqual([]);
    await page.close();
  });
});
