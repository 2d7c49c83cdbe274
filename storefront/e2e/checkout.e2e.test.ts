// Checkout rules in a real browser: the login redirect, every validation message of the checkout (under the
// field it is about, named by its label, the first wrong field focused; nothing sent), the empty cart block,
// the typed address kept across a visit to "+ Add New Address", and saved addresses: added on
// /profile/myaddress, chosen with 'Use this address' (form disabled, PLACE ORDER disabled until one is
// chosen), deleted after the 'Are you sure?' confirmation; a price raised by staff between cart and order is
// refused with the new total ("Prices changed — please review") and the order is then placed at it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import {
  ADDRESS,
  addFromProductPage,
  fillAddress,
  logIn,
  newShopper,
  openPage,
  raiseCodLimit,
  sellableProducts,
  shopUrl,
  shot,
  toasts,
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

describe('checkout', () => {
  it('sends a logged-out shopper to /login?ref=checkout, and back to /checkout after logging in', async () => {
    const shopper = await newShopper();
    const page = await openPage(browser);
    await page.goto(shopUrl('/checkout'));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('ref') === 'checkout');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await page.waitForURL('**/checkout');
    // An empty cart blocks checkout.
    await page.getByText('Your cart is empty.').waitFor();
    expect(await page.getByRole('button', { name: 'PLACE ORDER' }).count()).toBe(0);
    // A logged-in visitor opening /login goes home unless ref=checkout.
    await page.goto(shopUrl('/login?ref=Products'));
    await page.waitForURL((u) => u.pathname === '/');
    await page.close();
  });

  it('shows every checkout validation message and sends nothing until the form is valid', async () => {
    const shopper = await newShopper();
    const [product] = await sellableProducts(1);
    const page = await openPage(browser);
    await logIn(page, shopper);
    await addFromProductPage(page, product!._id);
    await page.goto(shopUrl('/checkout'));
    let placed = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/order/place-order')) placed++;
    });
    const steps: [Partial<typeof ADDRESS>, keyof typeof ADDRESS, string][] = [
      [{}, 'adressLine1', 'Please enter Address line 1'],
      [{ adressLine1: ADDRESS.adressLine1 }, 'city', 'Please enter City'],
      [{ city: ADDRESS.city }, 'state', 'Please enter State'],
      [{ state: ADDRESS.state }, 'postalCode', 'Please enter Postal code'],
      [{ postalCode: ADDRESS.postalCode }, 'country', 'Please enter Country'],
      [{ country: ADDRESS.country }, 'contact', 'Please enter a valid contact number'],
      [{ contact: '98450 12' }, 'contact', 'Please enter a valid contact number'],
      [{ contact: 'abcdefghij' }, 'contact', 'Please enter a valid contact number'],
    ];
    for (const [values, name, message] of steps) {
      await fillAddress(page, values);
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      // The message stays under the field (no notification that closes by itself), the field is marked
      // invalid, described by the message, and has the focus.
      const input = page.locator(`[name="${name}"]`);
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const described = await input.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toBe(message);
      expect(await page.getByText(message, { exact: true }).count()).toBe(1);
      expect(await toasts(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 412, height: 900 });
    await shot(page, 'storefront-checkout-field-errors-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await fillAddress(page, { contact: '+91 98450-12345' });
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.locator('.toast__msg', { hasText: 'Please select a payment mode' }).waitFor();
    await shot(page, 'storefront-checkout-validation');
    expect(placed).toBe(0);
    expect(await page.locator('input[name="contact"]').getAttribute('aria-invalid')).toBeNull();
    await page.close();
  });

  it('keeps the typed address when the shopper visits "+ Add New Address" and comes back', async () => {
    const shopper = await newShopper();
    const [product] = await sellableProducts(1);
    const page = await openPage(browser);
    await logIn(page, shopper);
    await addFromProductPage(page, product!._id);
    await page.goto(shopUrl('/checkout'));
    await fillAddress(page, {
      adressLine1: ADDRESS.adressLine1,
      city: ADDRESS.city,
      contact: ADDRESS.contact,
    });
    await page.getByLabel(/Order notes/).fill('Ring twice');
    await page.getByRole('link', { name: '+ Add New Address' }).click();
    await page.waitForURL('**/profile/myaddress');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/checkout');
    expect(await page.locator('input[name="adressLine1"]').inputValue()).toBe(ADDRESS.adressLine1);
    expect(await page.locator('input[name="city"]').inputValue()).toBe(ADDRESS.city);
    expect(await page.locator('input[name="contact"]').inputValue()).toBe(ADDRESS.contact);
    expect(await page.getByLabel(/Order notes/).inputValue()).toBe('Ring twice');
    // The browser's back button as well.
    await page.getByRole('link', { name: '+ Add New Address' }).click();
    await page.waitForURL('**/profile/myaddress');
    await page.goBack();
    await page.waitForURL('**/checkout');
    expect(await page.locator('input[name="city"]').inputValue()).toBe(ADDRESS.city);
    await page.close();
  });

  it('adds a saved address, checks out with it, and deletes it after confirming', async () => {
    const shopper = await newShopper('Farah Khan');
    const [product] = await sellableProducts(1);
    const page = await openPage(browser);
    await logIn(page, shopper);

    await page.goto(shopUrl('/profile'));
    await page.getByRole('link', { name: 'My Address' }).click();
    await page.waitForURL('**/profile/myaddress');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.getByText('Please enter Address line 1').waitFor();
    expect(
      await page.locator('input[name="adressLine1"]').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    // A contact number is optional here, but one that is given must be one.
    await fillAddress(page, { ...ADDRESS, adressLine2: '', contact: 'abcdefghij' });
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.getByText('Please enter a valid contact number').waitFor();
    await fillAddress(page, { contact: '' });
    await page.getByRole('button', { name: 'Add Address' }).click();
    // The notifications shown, so that a refusal says what it was.
    await expect.poll(() => toasts(page), { timeout: 15_000 }).toContain('Address added successfully!');
    await page.locator('.address-card', { hasText: ADDRESS.adressLine1 }).waitFor();
    await shot(page, 'storefront-my-address');

    await addFromProductPage(page, product!._id);
    await page.goto(shopUrl('/checkout'));
    await page.getByLabel('Show Saved Shipping Addresses').check();
    const place = page.getByRole('button', { name: 'PLACE ORDER' });
    expect(await place.isDisabled()).toBe(true);
    expect(await page.locator('input[name="city"]').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: '+ Add New Address' }).first().getAttribute('href')).toBe(
      '/profile/myaddress',
    );
    await page.getByRole('button', { name: 'Use this address' }).click();
    expect(await place.isDisabled()).toBe(false);
    expect(await page.locator('input[name="city"]').inputValue()).toBe(ADDRESS.city);
    await page.getByLabel('Cash on Delivery').check();
    await place.click();
    // The saved address has no contact number, and checkout requires one.
    await page.locator('.toast__msg', { hasText: 'Please enter a valid contact number' }).waitFor();
    expect(await toasts(page)).not.toContain('Order placed successfully!');

    await page.getByLabel('Show Saved Shipping Addresses').uncheck();
    await fillAddress(page);
    await place.click();
    await page.waitForURL('**/thank-you/**');

    await page.goto(shopUrl('/profile/myaddress'));
    await page.getByRole('button', { name: /^Delete address/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    expect(await confirm.textContent()).toContain("You won't be able to revert this!");
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('No saved addresses yet.').waitFor();
    expect((await api('GET', '/user/me', { token: shopper.token })).body.user.shipping_address).toEqual([]);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname !== '/profile/myaddress');
    await page.close();
  });

  it('prices changed between cart and order: says so with the new total, and the order is placed at it', async () => {
    const token = await e2eAdminToken();
    const form = new FormData();
    form.append('name', `Price Watch ${Date.now().toString(36)}`);
    form.append('originalPrice', '173499');
    form.append('discountPercentage', '0');
    form.append('stock', '5');
    const created = await api('POST', '/product/create', { token, form });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body.product as { _id: string; variants: { _id: string }[] };

    const shopper = await newShopper();
    const page = await openPage(browser);
    await logIn(page, shopper);
    await addFromProductPage(page, product._id);
    await page.goto(shopUrl('/checkout'));
    const total = page.locator('.summary__total dd');
    await expect.poll(() => total.textContent()).toBe('₹1,73,499');
    await fillAddress(page);
    await page.getByLabel('Cash on Delivery').check();

    // Staff raise the price while the shopper looks at the checkout.
    const raised = await api('PUT', `/product/${product._id}/variants/${product.variants[0]!._id}`, {
      token,
      body: { priceOverride: 1734990 },
    });
    expect(raised.status).toBe(200);

    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Prices changed — please review.' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('₹17,34,990');
    await expect.poll(() => total.textContent()).toBe('₹17,34,990');
    expect(page.url()).toContain('/checkout');
    expect((await api('GET', '/order/my-orders', { token: shopper.token })).body.orders).toEqual([]);
    await shot(page, 'storefront-checkout-prices-changed');

    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL('**/thank-you/**');
    const orderId = page.url().split('/thank-you/')[1]!;
    const order = await api('GET', `/order/${orderId}`, { token: shopper.token });
    expect(order.body.order.order_total).toBe(1734990);
    await page.close();
  });

  it("'Please log in first' when a visitor tries to add an address", async () => {
    const page = await openPage(browser);
    await page.goto(shopUrl('/profile/myaddress'));
    await fillAddress(page);
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.locator('.toast__msg', { hasText: 'Please log in first' }).waitFor();
    await page.close();
  });
});
