// Covers the shopper's order page (/profile/orders/:orderId) against the real API: reached from the order
// history; lines with their variant and picture, address, payment, the timeline and the tax invoice (a PDF
// fetched with the shopper's token, from the keyboard); Cancel with its confirmation (the order cancelled, the
// refund started, the units back in stock, checked through the API); Pay now after a failed payment pays the
// same order (no second order, checked through the API).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser } from '../../e2e/browser';
import { api } from '../../e2e/context';
import { ADDRESS, logIn, newShopper, openPage, sellableProducts, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The product's stock as the API reports it. */
async function stockOf(productId: string): Promise<number> {
  return (await api('GET', `/product/${productId}`)).body.product.stock;
}

/** A shopper with one online order of one unit placed through the API; `pay` settles it through the simulator. */
async function onlineOrder(pay: 'paid' | 'failed') {
  const shopper = await newShopper('Kavya Rao');
  const [product] = await sellableProducts(1);
  const token = shopper.token;
  expect((await api('POST', '/cart/add-to-cart', { token, body: { productId: product!._id } })).status).toBe(
    200,
  );
  const placed = await api('POST', '/order/place-order', {
    token,
    body: { payment_mode: 1, shipping_details: ADDRESS },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order_id as string;
  if (pay === 'paid') {
    const signed = await api('POST', '/order/simulator/sign', {
      token,
      body: { order_id: orderId, outcome: 'success' },
    });
    const ok = await api('POST', '/order/success', {
      token,
      body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  } else {
    const failed = await api('POST', '/order/payment-failed', {
      token,
      body: { order_id: orderId, reason: 'Card declined' },
    });
    expect(failed.status).toBe(200);
  }
  return { shopper, orderId, product: product! };
}

describe('the shopper’s order page', () => {
  it('shows a paid order from the order history, downloads its invoice, and cancels it with a refund', async () => {
    const { shopper, orderId, product } = await onlineOrder('paid');
    const page = await openPage(browser);
    await logIn(page, shopper);
    await page.goto(shopUrl('/profile'));
    await page.getByRole('link', { name: `View order ${orderId}` }).click();
    await page.waitForURL(`**/profile/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    expect(await page.getByTestId('order-state').textContent()).toBe('Paid');
    const items = page.getByRole('region', { name: 'Items' });
    expect(await items.textContent()).toContain(product.name);
    expect(await items.textContent()).toContain('SKU ');
    expect(await items.locator('img').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Delivery address' }).textContent()).toContain('Bengaluru');
    const timeline = page.getByTestId('timeline');
    expect(await timeline.textContent()).toContain('Waiting for payment');
    expect(await timeline.textContent()).toContain('Payment received');
    await shot(page, 'storefront-order-page');
    expect(await seriousViolations(page, 'order page desktop')).toEqual([]);

    // The invoice is a button the keyboard reaches; the PDF comes with the shopper's token. A shop not registered
    // for GST (the starting settings) issues a bill of supply instead of a tax invoice.
    const invoice = page.getByRole('button', { name: /^(Tax invoice|Bill of supply) .* \(PDF\)$/ });
    await invoice.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await download.createReadStream();
    const head = await new Promise<string>((resolve) => pdf.once('data', (b: Buffer) => resolve(String(b))));
    expect(head.startsWith('%PDF')).toBe(true);

    const before = await stockOf(product._id);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    expect(await dialog.textContent()).toContain('refunded to your original payment method');
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    const message = page.getByTestId('order-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('Order cancelled.');
    expect(await message.textContent()).toContain('refunded');
    await expect.poll(() => page.getByTestId('order-state').textContent()).toBe('Cancelled');
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await page.getByTestId('refunds').textContent()).toContain('₹');
    expect(await stockOf(product._id)).toBe(before + 1);
    const own = await api('GET', `/order/${orderId}`, { token: shopper.token });
    expect(own.body.order.state).toBe('cancelled');
    expect(own.body.payment.refunded).toBe(own.body.order.order_total);
    await shot(page, 'storefront-order-cancelled');
    await page.close();
  });

  it('Pay now after a failed payment pays the same order, making no new one', async () => {
    const { shopper, orderId } = await onlineOrder('failed');
    const page = await openPage(browser, { width: 390, height: 844 });
    await logIn(page, shopper);
    await page.goto(shopUrl(`/profile/orders/${orderId}`));
    expect(await page.getByTestId('order-state').textContent()).toBe('Payment failed');
    expect(await seriousViolations(page, 'order page phone')).toEqual([]);
    // The failed payment put the lines back in the cart; paying the order takes them out again.
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.getByRole('button', { name: /^Pay now/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment simulator — no real money' });
    expect(await dialog.textContent()).toContain(orderId);
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    const message = page.getByTestId('order-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('Payment received');
    await expect.poll(() => page.getByTestId('order-state').textContent()).toBe('Paid');
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
    await shot(page, 'storefront-order-paid-phone');
    const orders = (await api('GET', '/order/my-orders', { token: shopper.token })).body.orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_id: orderId, state: 'paid' });
    await page.close();
  });

  it('says so for an order that is not the shopper’s; the server sends the page as a private shell', async () => {
    const { orderId } = await onlineOrder('paid');
    const served = await fetch(shopUrl(`/profile/orders/${orderId}`));
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain(orderId);
    const other = await newShopper('Rohan Das');
    const page = await openPage(browser);
    await logIn(page, other);
    await page.goto(shopUrl(`/profile/orders/${orderId}`));
    await page.getByRole('heading', { name: 'Order not found.' }).waitFor();
    await page.close();
  });
});
