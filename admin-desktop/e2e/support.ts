/** Shared steps of the admin renderer's browser tests (the real API, the built web renderer, a fresh database). */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { api, e2eAdminToken, e2eEnv } from '../../e2e/context';
import { loginAs } from './screens';

export const env = e2eEnv();

export function adminUrl(path = '/'): string {
  if (!env.adminUrl)
    throw new Error('The admin web renderer has no build: the e2e set-up could not build it.');
  return `${env.adminUrl}${path}`;
}

/** Logs in through the login screen and waits for the dashboard. */
export async function login(page: Page): Promise<void> {
  await loginAs(page, adminUrl(''), env.adminEmail, env.adminPassword);
}

/** A small real image file (PNG or JPEG) for file inputs. */
export async function imageFile(name: string, color = '#3366cc', size = 240) {
  const img = sharp({ create: { width: size, height: size, channels: 3, background: color } });
  const buffer = name.endsWith('.png') ? await img.png().toBuffer() : await img.jpeg().toBuffer();
  return { name, mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer };
}

/** Waits for a notification (top-right toast) containing `text`. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.toasts').getByText(text).first().waitFor();
}

/** Confirms the delete dialog and checks the 'Deleted!' result with the given text. */
export async function confirmDelete(page: Page, doneText: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  expect(await dialog.textContent()).toContain("You won't be able to revert this!");
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  const done = page.getByRole('dialog', { name: 'Deleted!' });
  expect(await done.textContent()).toContain(doneText);
  await done.getByRole('button', { name: 'OK' }).click();
  await done.waitFor({ state: 'detached' });
}

let seq = 0;
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-4)}${seq++}`;

/** A product created through the API (as the admin), for tests that need one without the form. */
export async function apiProduct(name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append('name', name);
  form.append('originalPrice', '15000');
  form.append('discountPercentage', '10');
  form.append('stock', '25');
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const r = await api('POST', '/product/create', { token: await e2eAdminToken(), form });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.product as { _id: string; slug: string; name: string; sku: string | null };
}

/** A new shopper account made through the API; returns its token. */
export async function registerShopper(who: { name: string; email: string }): Promise<string> {
  const reg = await api('POST', '/user/register', { body: { ...who, password: 'Shopper-pass-1' } });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  return reg.body.token as string;
}

/** The address of every order the tests place. */
const SHIPPING_ADDRESS = {
  adressLine1: '14 MG Road',
  adressLine2: 'Near Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  contact: '9876543210',
};

/** The shopper puts `qty` units of the product in the cart and orders them, cash on delivery; the order id. */
export async function placeCodOrder(token: string, productId: string, qty: number): Promise<string> {
  const added = await api('POST', '/cart/add-to-cart', { token, body: { productId, qty } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const placed = await api('POST', '/order/place-order', {
    token,
    body: { payment_mode: 0, shipping_details: SHIPPING_ADDRESS },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order_id as string;
}

/**
 * A cash-on-delivery order of two units of an in-stock product, placed through the API by a new shopper
 * (for screens that need one). Returns the order id.
 */
export async function apiOrder(): Promise<string> {
  const token = await registerShopper({
    name: 'Kavya Menon',
    email: `kavya${Date.now().toString(36)}${seq++}@example.in`,
  });
  return placeCodOrder(token, await orderableProduct(), 2);
}

let orderable: Promise<string> | undefined;
/**
 * A product of one variant with plenty of units, made once per test file for the orders it places (the newest
 * products of other tests may have variants, or few units left).
 */
export function orderableProduct(): Promise<string> {
  orderable ??= apiProduct(unique('Order Desk Phone'), { stock: '500' }).then((p) => p._id);
  return orderable;
}

/** An online order of one unit, paid through the simulator by a new shopper. Returns its id and total. */
export async function paidOrder(): Promise<{ orderId: string; total: number }> {
  const email = `nisha${Date.now().toString(36)}@example.in`;
  const token = await registerShopper({ name: 'Nisha Pillai', email });
  const productId = await orderableProduct();
  expect((await api('POST', '/cart/add-to-cart', { token, body: { productId } })).status).toBe(200);
  const placed = await api('POST', '/order/place-order', {
    token,
    body: {
      payment_mode: 1,
      shipping_details: {
        adressLine1: '7 Marine Drive',
        city: 'Kochi',
        state: 'Kerala',
        postalCode: '682031',
        country: 'India',
        contact: '9847012345',
      },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order_id as string;
  const signed = await api('POST', '/order/simulator/sign', {
    token,
    body: { order_id: orderId, outcome: 'success' },
  });
  const ok = await api('POST', '/order/success', {
    token,
    body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return { orderId, total: placed.body.order_total as number };
}
