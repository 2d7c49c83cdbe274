// Checkout rules in a real browser: the login redirect, every validation message of the seed (shown as
// a notification, nothing sent), the empty cart block, and saved addresses: added on /profile/myaddress,
// chosen with 'Use this address' (form disabled, PLACE ORDER disabled until one is chosen), deleted
// after the 'Are you sure?' confirmation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { api } from '../../e2e/context';
import {
  ADDRESS,
  addFromProductPage,
  fillAddress,
  logIn,
  newShopper,
  openPage,
  sellableProducts,
  shopUrl,
  shot,
  toasts,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
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
    await page.getByRole('button', { name: 'LOG IN' }).click();
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
    const steps: [Partial<typeof ADDRESS>, string][] = [
      [{}, 'Please enter adressLine1'],
      [{ adressLine1: ADDRESS.adressLine1 }, 'Please enter city'],
      [{ city: ADDRESS.city }, 'Please enter state'],
      [{ state: ADDRESS.state }, 'Please enter postalCode'],
      [{ postalCode: ADDRESS.postalCode }, 'Please enter country'],
      [{ country: ADDRESS.country }, 'Please enter a valid contact number'],
      [{ contact: '98450 12' }, 'Please enter a valid contact number'],
      [{ contact: ADDRESS.contact }, 'Please select a payment mode'],
    ];
    for (const [values, message] of steps) {
      await fillAddress(page, values);
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.locator('.toast__msg', { hasText: message }).waitFor();
    }
    await shot(page, 'storefront-checkout-validation');
    expect(placed).toBe(0);
    expect(await page.locator('input[name="contact"]').getAttribute('aria-invalid')).toBeNull();
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
    await page.locator('.toast__msg', { hasText: 'Please enter adressLine1' }).waitFor();
    await fillAddress(page, { ...ADDRESS, adressLine2: '', contact: '' });
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.locator('.toast__msg', { hasText: 'Address added successfully!' }).waitFor();
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

  it("'Please log in first' when a visitor tries to add an address", async () => {
    const page = await openPage(browser);
    await page.goto(shopUrl('/profile/myaddress'));
    await fillAddress(page);
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.locator('.toast__msg', { hasText: 'Please log in first' }).waitFor();
    await page.close();
  });
});
