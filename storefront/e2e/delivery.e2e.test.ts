// Delivery in a real browser, with the shop's own shipping set-up (read, never changed, here):
// - the product page's "Check delivery": the pincode (field "Pincode", button "Check") answers the estimate, the
//   place and the shipping of the item, and is remembered (with its zone) for the next product page
// - a shopper pays the zone's shipping below the free-shipping threshold and none from it, as the checkout shows
//   and the order keeps
// - the address typed at checkout is saved to the account when the shopper asks for it
// - cash on delivery is refused, with its reason, for an order over the COD limit
// Products are made by the test at prices around the shop's threshold and limit.
import { estimatePhrase, formatINR, type PincodeCheck, type ShippingSettings } from '@voltcart/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { ADDRESS, fillAddress, flatPng, logIn, newShopper, openPage, shopUrl, storedToken } from './support';

let browser: Browser;
let threshold: number;
let shipping: ShippingSettings;
let fee: number;
const made: Record<'below' | 'above' | 'overCod', { _id: string; name: string; price: number }> = {} as never;

async function makeProduct(name: string, price: number) {
  const token = await e2eAdminToken();
  const form = new FormData();
  form.append('name', `${name} ${Date.now().toString(36)}`);
  form.append('originalPrice', String(price));
  form.append('discountPercentage', '0');
  form.append('stock', '20');
  form.append('thumbnail', await flatPng('#336699'), 'parcel.png');
  const r = await api('POST', '/product/create', { token, form });
  expect(r.status).toBe(201);
  return { _id: r.body.product._id as string, name: r.body.product.name as string, price };
}

beforeAll(async () => {
  browser = await launchBrowser();
  threshold = (await api('GET', '/settings')).body.settings.freeShippingThreshold;
  shipping = (await api('GET', '/delivery/settings', { token: await e2eAdminToken() })).body.shipping;
  const check = (await api('GET', `/delivery/pincode/${ADDRESS.postalCode}?amount=1`)).body
    .delivery as PincodeCheck;
  fee = check.shipping!;
  made.below = await makeProduct('Parcel Cable', Math.max(1, threshold - 100));
  made.above = await makeProduct('Parcel Speaker', threshold + 1);
  made.overCod = await makeProduct('Parcel Laptop', shipping.cod.max + 1000);
});
afterAll(async () => {
  await browser?.close();
});

const ready = (page: Page) => page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });

async function checkout(page: Page, productId: string) {
  await page.goto(shopUrl(`/product/${productId}`));
  await ready(page);
  await page.locator('.pdp__add').click();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
  await page.waitForLoadState('networkidle');
  await page.goto(shopUrl('/checkout'));
  await page.getByRole('button', { name: 'PLACE ORDER' }).waitFor();
  await fillAddress(page);
}

describe('delivery by pincode', () => {
  it('checks a pincode on a product page: the estimate, the place and the shipping; remembered', async () => {
    expect(fee).toBeGreaterThan(0);
    const page = await openPage(browser, { width: 1366, height: 900 });
    await page.goto(shopUrl(`/product/${made.below._id}`));
    await ready(page);
    await page.getByLabel('Pincode', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const answer = page.getByTestId('delivery-answer');
    await expect.poll(() => answer.textContent()).toBe('Please enter a valid 6-digit pincode');

    await page.getByLabel('Pincode', { exact: true }).fill(ADDRESS.postalCode);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const check = (await api('GET', `/delivery/pincode/${ADDRESS.postalCode}?amount=${made.below.price}`))
      .body.delivery as PincodeCheck;
    await expect.poll(() => answer.textContent()).toContain(estimatePhrase(check.estimate!));
    const text = await answer.textContent();
    expect(text).toContain(`to Bengaluru Urban, Karnataka ${ADDRESS.postalCode}`);
    expect(text).toContain(`Shipping ${formatINR(fee)}`);
    expect(text).toContain('Cash on delivery available');
    // Remembered with its zone: the pages' free-shipping claims follow that zone's threshold.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('voltcart-pincode') ?? '{}').state))
      .toEqual({ pincode: ADDRESS.postalCode, zone: check.zone });
    expect(await axeViolations(page)).toEqual([]);

    // The next product page checks the same pincode by itself; from the threshold it ships free.
    await page.goto(shopUrl(`/product/${made.above._id}`));
    await ready(page);
    await expect.poll(() => page.getByTestId('delivery-answer').textContent()).toContain('FREE shipping');
    expect(await page.getByLabel('Pincode', { exact: true }).inputValue()).toBe(ADDRESS.postalCode);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('pays shipping below the free-shipping threshold and none from it', async () => {
    for (const [product, charged] of [
      [made.below, fee],
      [made.above, 0],
    ] as const) {
      const shopper = await newShopper();
      const page = await openPage(browser, { width: 1366, height: 900 });
      await logIn(page, shopper);
      await checkout(page, product._id);
      await expect
        .poll(() => page.getByTestId('shipping').textContent())
        .toBe(charged ? formatINR(charged) : 'FREE');
      await expect
        .poll(() => page.getByTestId('checkout-total').textContent())
        .toBe(formatINR(product.price + charged));
      await page.getByLabel('Cash on Delivery').check();
      await page.getByLabel('Save this address to my account').check();
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.waitForURL('**/thank-you/**');
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const token = await storedToken(page);
      const order = (await api('GET', `/order/${orderId}`, { token })).body.order;
      expect(order).toMatchObject({ shipping: charged, cod_fee: 0, order_total: product.price + charged });
      // The address typed at checkout was offered for saving, and saved with its state's code.
      await expect
        .poll(async () => (await api('GET', '/user/me', { token })).body.user.shipping_address)
        .toMatchObject([
          { adressLine1: ADDRESS.adressLine1, postalCode: ADDRESS.postalCode, stateCode: '29' },
        ]);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('refuses cash on delivery over the COD limit, saying why', async () => {
    const shopper = await newShopper();
    const page = await openPage(browser, { width: 390, height: 844 });
    await logIn(page, shopper);
    await checkout(page, made.overCod._id);
    const reason = `Cash on delivery is not available for orders over ${formatINR(shipping.cod.max)}`;
    await expect.poll(() => page.getByTestId('cod-note').textContent()).toBe(reason);
    expect(await page.getByLabel('Cash on Delivery').isDisabled()).toBe(true);
    expect(await page.getByLabel('Online payment').isEnabled()).toBe(true);
    // The API refuses it the same way, whatever a client sends.
    const refused = await api('POST', '/order/place-order', {
      token: await storedToken(page),
      body: { payment_mode: 0, shipping_details: ADDRESS },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'cod_unavailable', msg: `${reason}. Please pay online.` });
    await page.close();
  });
});
