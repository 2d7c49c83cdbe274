// Online payment through the payment simulator (the API has no Razorpay keys in tests): the clearly
// labelled dialog, Pay → signed confirmation → paid order and thank-you page; Fail or closing the
// dialog → a clear message beside PLACE ORDER (with the focus, also at phone width) and the order stays in the
// profile as unpaid (payment failed); PLACE ORDER then pays that same order (pay-now), never a new one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../../e2e/browser';
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
async function startOnlinePayment(width?: number): Promise<{ page: Page; token: string }> {
  const shopper = await newShopper('Devika Menon');
  const [product] = await sellableProducts(1);
  const page = await openPage(browser, width ? { width, height: 844 } : {});
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

    await page.getByRole('link', { name: 'View this order' }).click();
    await page.waitForURL(`**/profile/orders/${order.order_id}`);
    expect(await page.getByTestId('order-state').textContent()).toBe('Payment failed');
    await page.goto(shopUrl('/profile'));
    const card = page.locator(`[data-order-id="${order.order_id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Payment failed');
    await page.close();
  });

  it('at phone width the failure shows beside PLACE ORDER with the focus; PLACE ORDER pays the same order', async () => {
    const { page, token } = await startOnlinePayment(390);
    await page.getByRole('dialog').getByRole('button', { name: 'Fail' }).click();
    const notice = page.getByTestId('payment-failure');
    await notice.waitFor();
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    // In view, just under the button the shopper pressed.
    const box = (await notice.boundingBox())!;
    const button = (await page.getByRole('button', { name: 'PLACE ORDER' }).boundingBox())!;
    expect(box.y).toBeGreaterThan(button.y);
    expect(box.y - (button.y + button.height)).toBeLessThan(40);
    expect(
      await notice.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.top < window.innerHeight;
      }),
    ).toBe(true);
    await screenshot(page, 'storefront-payment-failed-phone', { fullPage: false });
    const failed = await latestOrder(token);

    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment simulator — no real money' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(failed.order_id);
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/thank-you/${failed.order_id}`);
    const orders = (await api('GET', '/order/my-orders', { token })).body.orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_id: failed.order_id, state: 'paid' });
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
