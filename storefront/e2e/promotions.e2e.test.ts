// Discount codes in a real browser: a guest types a code (lower case) in the cart's "Discount code" field, sees
// "Discount (CODE) −₹…" and the new total, logs in at checkout with the code kept, and places the order at that
// total (thank-you page and order page show the discount line); a shopper is told in words why a code does not
// apply, removes it, applies another at checkout and places the order.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { addFromProductPage, fillAddress, logIn, newShopper, openPage, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** A product of this test's own (₹20,000, 20 units). */
async function ownProduct(): Promise<string> {
  const form = new FormData();
  form.append('name', `Promo Phone ${tag()}`);
  form.append('originalPrice', '20000');
  form.append('discountPercentage', '0');
  form.append('stock', '20');
  const created = await api('POST', '/product/create', { token: await e2eAdminToken(), form });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.product._id as string;
}

async function discountCode(body: Record<string, unknown>): Promise<string> {
  const code = `E2E${tag()}`;
  const r = await api('POST', '/promotion', {
    token: await e2eAdminToken(),
    body: { name: 'Browser test', kind: 'code', code, ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return code;
}

describe('discount codes', () => {
  it('a guest applies a code in the cart, logs in at checkout and orders with it', async () => {
    const productId = await ownProduct();
    const code = await discountCode({ action: 'percent', percent: 10 });
    const shopper = await newShopper();
    const page = await openPage(browser);
    await addFromProductPage(page, productId);
    await page.goto(shopUrl('/cart'));
    await page.getByLabel('Discount code').fill(` ${code.toLowerCase()} `);
    await page.getByRole('button', { name: 'Apply' }).click();
    const line = page.getByTestId('discount-line');
    await expect.poll(() => line.textContent()).toBe(`Discount (${code})−₹2,000`);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('₹18,000');
    await shot(page, 'storefront-cart-discount-code');

    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await page.waitForURL('**/checkout');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('₹18,000');
    expect(await page.getByTestId('discount-code').textContent()).toContain(code);
    await fillAddress(page);
    await page.getByLabel('Cash on Delivery').check();
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/thank-you/**');
    await expect.poll(() => page.getByTestId('thank-you-total').textContent()).toBe('₹18,000');
    expect(await page.getByTestId('discount-line').textContent()).toBe(`Discount (${code})−₹2,000`);

    const orderId = page.url().split('/thank-you/')[1]!;
    const order = await api('GET', `/order/${orderId}`, { token: shopper.token });
    expect(order.body.order).toMatchObject({
      order_total: 18000,
      discounts: [{ label: `Discount (${code})`, code, amount: 2000 }],
    });
    await page.goto(shopUrl(`/profile/orders/${orderId}`));
    await expect
      .poll(() => page.getByTestId('discount-line').textContent())
      .toBe(`Discount (${code})−₹2,000`);
    await page.close();
  });

  it('a shopper is told why a code does not apply, and orders with another at checkout', async () => {
    const productId = await ownProduct();
    const tooBig = await discountCode({ action: 'amount', amount: 500, minOrder: 21200 });
    const good = await discountCode({ action: 'amount', amount: 750 });
    const shopper = await newShopper();
    const page = await openPage(browser);
    await logIn(page, shopper);
    await addFromProductPage(page, productId);
    await page.goto(shopUrl('/cart'));
    await page.getByLabel('Discount code').fill(tooBig);
    await page.getByRole('button', { name: 'Apply' }).click();
    const reason = page.locator('.discount-code__reason');
    await expect.poll(() => reason.textContent()).toBe('Add ₹1,200 more to use this code.');
    expect(await page.getByTestId('order-total').textContent()).toBe('₹20,000');
    await page.getByRole('button', { name: 'Remove code' }).click();

    await page.goto(shopUrl('/checkout'));
    await page.getByLabel('Discount code').fill(good);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('₹19,250');
    await fillAddress(page);
    await page.getByLabel('Cash on Delivery').check();
    await shot(page, 'storefront-checkout-discount-code');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/thank-you/**');
    const orderId = page.url().split('/thank-you/')[1]!;
    const order = await api('GET', `/order/${orderId}`, { token: shopper.token });
    expect(order.body.order).toMatchObject({ order_total: 19250, discounts: [{ code: good, amount: 750 }] });
    await page.close();
  });

  it('Deals of the day: a running deal with its true end, and no strip when none runs', async () => {
    const token = await e2eAdminToken();
    const productId = await ownProduct();
    const created = await api('POST', '/promotion', {
      token,
      body: {
        name: `Weekend deal ${tag()}`,
        kind: 'automatic',
        action: 'percent',
        percent: 5,
        scope: 'products',
        targets: [productId],
        deal: true,
        endsAt: '2099-12-01T18:00',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const deal = created.body.promotion as { _id: string; name: string };
    const page = await openPage(browser);
    try {
      await page.goto(shopUrl('/'));
      const card = page.getByTestId('deal').filter({ hasText: deal.name });
      await card.waitFor();
      expect(await page.locator('#deals-title').textContent()).toBe('Deals of the day');
      expect(await card.textContent()).toContain('5% off');
      expect(await card.textContent()).toContain('Offer ends 1 December 2099, 6:00 pm');
      await expect.poll(() => card.textContent()).toMatch(/days \d+ h left/);
      await card.getByRole('link', { name: deal.name }).click();
      await page.waitForURL((u) => u.pathname === `/product/${productId}`);
    } finally {
      await api('DELETE', `/promotion/${deal._id}`, { token });
    }
    await page.goto(shopUrl('/'));
    await page.locator('#best-seller-title').waitFor();
    expect(await page.locator('#deals-title').count()).toBe(0);
    await page.close();
  });
});
