// Online payment through the payment simulator (the API has no Razorpay keys in tests): the clearly
// labelled dialog, Pay → signed confirmation → paid order and thank-you page; Fail or closing the
// dialog → a clear message and the order stays in the profile as unpaid (payment failed).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { api } from '../../e2e/context';
import {
  addFromProductPage,
  fillAddress,
  logIn,
  newShopper,
  openPage,
  sellableProducts,
  shopUrl,
  shot,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Logs a new shopper in, fills the cart and starts an online payment; returns the page and shopper. */
async function startOnlinePayment(): Promise<{ page: Page; token: string }> {
  const shopper = await newShopper('Devika Menon');
  const [product] = await sellableProducts(1);
  const page = await openPage(browser);
  await logIn(page, shopper);
  await addFromProductPage(page, product!._id);
  await page.goto(shopUrl('/checkout'));
  await fillAddress(page);
  await page.getByLabel('Online payment').check();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  await page.getByRole('dialog', { name: 'Payment simulator — no real money' }).waitFor();
  return { page, token: shopper.token };
}

async function latestOrder(token: string) {
  return (await api('GET', '/order/my-orders', { token })).body.orders[0];
}

describe('online payment with the simulator', () => {
  it('Pay confirms the payment, empties the cart and shows the thank-you page; the order is paid', async () => {
    const { page, token } = await startOnlinePayment();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('TEST MODE');
    await shot(page, 'storefront-payment-simulator');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/thank-you/**');
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    expect(await latestOrder(token)).toMatchObject({ order_id: orderId, state: 'paid', payment_mode: 1 });
    expect((await api('GET', '/cart', { token })).body.cart).toEqual([]);

    await page.getByRole('link', { name: 'PROFILE', exact: true }).click();
    const order = page.locator(`[data-order-id="${orderId}"]`);
    await order.waitFor();
    expect(await order.textContent()).toContain('Paid');
    expect(await order.textContent()).toContain('Online payment');
    await page.close();
  });

  it('Fail records the failed payment, says so, and the order shows in the profile as payment failed', async () => {
    const { page, token } = await startOnlinePayment();
    await page.getByRole('dialog').getByRole('button', { name: 'Fail' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Payment failed.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('No money was taken');
    expect(page.url()).toContain('/checkout');
    const order = await latestOrder(token);
    expect(order).toMatchObject({ state: 'payment_failed', payment_mode: 1 });
    await shot(page, 'storefront-payment-failed');

    await page.getByRole('link', { name: 'View my orders' }).click();
    const card = page.locator(`[data-order-id="${order.order_id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Payment failed');
    await page.close();
  });

  it('closing the simulator dialog counts as a failed payment', async () => {
    const { page, token } = await startOnlinePayment();
    await page.keyboard.press('Escape');
    await page.getByRole('alert').filter({ hasText: 'Payment failed.' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(async () => (await latestOrder(token)).state).toBe('payment_failed');
    await page.close();
  });
});
