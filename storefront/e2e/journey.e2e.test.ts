// The whole shopper journey in a real browser against the real API: home → store → colour filter → page
// size → product → colour and memory → add → cart ± → register (from checkout) → cash on delivery →
// thank-you → the order in the profile. Screenshots of each main page go to test-results/screenshots/.
import { formatINR } from '@voltcart/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { api } from '../../e2e/context';
import {
  ADDRESS,
  chosenVariant,
  fillAddress,
  openPage,
  productWithOptions,
  raiseCodLimit,
  shopUrl,
  shot,
  storedToken,
} from './support';

let browser: Browser;
let restoreCod: (() => Promise<void>) | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  // Orders here pay more than the default cash-on-delivery limit (₹50,000) in cash.
  restoreCod = await raiseCodLimit();
});
afterAll(async () => {
  await restoreCod?.();
  await browser?.close();
});

describe('shopper journey', () => {
  it('browses, chooses options, registers at checkout, pays cash on delivery and finds the order in the profile', async () => {
    const product = await productWithOptions();
    const color = product.colors[1]!;
    const memory = product.memorySizes[1]!;
    // The chosen variant's price (the product's finalPrice is its cheapest variant's).
    const price = chosenVariant(product)!.price;
    const page = await openPage(browser);

    // Home: hero, categories with counts, best sellers (what sold in the last 30 days, else plainly the biggest
    // savings with their SAVE badges).
    const strip = (await api('GET', '/product/best-sellers')).body;
    await page.goto(shopUrl('/'));
    await page
      .getByRole('heading', { name: strip.basis === 'sales' ? 'BEST SELLER' : 'Biggest savings' })
      .waitFor();
    await page.locator('.product-grid--strip .product-card').first().waitFor();
    const bestSellers = await page.locator('.product-grid--strip .product-card').count();
    expect(bestSellers).toBe(strip.products.length);
    if (strip.basis === 'discount')
      expect(await page.locator('.badge--save').first().textContent()).toMatch(/^SAVE ₹[\d,]+/);
    // The threshold comes with the shop settings, which may arrive after the best sellers.
    await expect.poll(() => page.locator('.promo-strip').textContent()).toMatch(/Free shipping over ₹[\d,]+/);
    await page.locator('.home__categories .category-list__count').first().waitFor();
    await shot(page, 'storefront-home', { scroll: true });

    // Store: 24 per page by default, then the colour filter and page sizes, kept in the address.
    await page.getByRole('link', { name: 'STORE', exact: true }).click();
    await page.waitForURL('**/store');
    await page.locator('.store .product-card').first().waitFor();
    expect(await page.locator('.store .product-card').count()).toBe(24);
    await page.getByRole('button', { name: color.name, exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('colorSlug') === color.slug);
    await page.getByLabel('Show').selectOption('2');
    await page.waitForURL((u) => u.searchParams.get('limit') === '2');
    await expect.poll(() => page.locator('.store .product-card').count()).toBe(2);
    await page.reload();
    await page.locator('.store .product-card').first().waitFor();
    expect(await page.locator('.store .product-card').count()).toBe(2);
    expect(
      await page.getByRole('button', { name: color.name, exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByLabel('Show').inputValue()).toBe('2');
    await page.getByLabel('Show').selectOption('0');
    await page.waitForURL((u) => u.searchParams.get('limit') === '0');
    await page.getByRole('link', { name: product.name, exact: true }).waitFor();
    await shot(page, 'storefront-store', { scroll: true });

    // Product page: choosing colour and memory changes the price.
    await page.getByRole('link', { name: product.name, exact: true }).click();
    await page.waitForURL(`**/product/${product._id}`);
    await page.locator('.pdp h1', { hasText: product.name }).waitFor();
    await page.getByRole('button', { name: color.name }).click();
    await page.getByRole('button', { name: `${memory} GB` }).click();
    await expect.poll(() => page.getByTestId('product-price').textContent()).toBe(formatINR(price));
    expect(await page.getByTestId('product-price').textContent()).toBe(formatINR(price));
    await shot(page, 'storefront-product');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(await page.getByTestId('cart-total').textContent()).toBe(formatINR(price));

    // Cart: + twice, − once.
    await page.getByRole('link', { name: /^Cart,/ }).click();
    await page.waitForURL('**/cart');
    await page.getByText(`${color.name} · ${memory} GB`).waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(formatINR(price * 2));
    expect(await page.getByTestId('subtotal').textContent()).toBe(formatINR(price * 2));
    await shot(page, 'storefront-cart');

    // Checkout without an account → login (ref=checkout) → register → back at checkout.
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('ref') === 'checkout');
    await page.getByRole('button', { name: 'Register' }).click();
    const email = `journey${Date.now().toString(36)}@example.in`;
    await page.getByLabel('Name').fill('Priya Nair');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Journey-pass-1');
    await page.getByLabel('Confirm Password').fill('Journey-pass-1');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await page.getByText('Account created! You are now logged in.').waitFor();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: 'PLACE ORDER' }).waitFor();

    // The guest cart went to the server cart with its options.
    const token = await storedToken(page);
    await expect
      .poll(async () => (await api('GET', '/cart', { token })).body.cart)
      .toMatchObject([
        { productId: product._id, colorId: color._id, memorySize: memory, qty: 2, unitPrice: price },
      ]);

    await fillAddress(page);
    await page.getByLabel('Order notes').fill('Please call before delivery');
    await page.getByLabel('Cash on Delivery').check();
    await shot(page, 'storefront-checkout');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/thank-you/**');
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(await page.getByTestId('order-id').textContent()).toBe(orderId);
    await page.getByRole('link', { name: 'Continue Shopping' }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    await shot(page, 'storefront-thank-you');

    // The order, its state and lines are in the profile.
    await page.getByRole('link', { name: 'PROFILE', exact: true }).click();
    const order = page.locator(`[data-order-id="${orderId}"]`);
    await order.waitFor();
    expect(await order.textContent()).toContain('Placed');
    expect(await order.textContent()).toContain('Cash on Delivery');
    expect(await order.textContent()).toContain(formatINR(price * 2));
    expect(await order.textContent()).toContain(product.name);
    expect(await page.getByRole('region', { name: 'Account details' }).textContent()).toContain(email);
    await shot(page, 'storefront-profile');

    const mine = await api('GET', '/order/my-orders', { token });
    expect(mine.body.orders[0]).toMatchObject({
      order_id: orderId,
      state: 'placed',
      payment_mode: 0,
      order_total: price * 2,
      shipping_details: { city: ADDRESS.city, contact: ADDRESS.contact },
    });
    expect(pageErrors(page).filter((e) => e.startsWith('page error'))).toEqual([]);
    await page.close();
  });
});
