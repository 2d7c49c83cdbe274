// Covers "Notify me when available" against the real API and the built storefront: a guest on the product page of
// a sold-out option leaves an address, staff put units back (the variants' stock save), and the back-in-stock mail
// to that address is written to the outbox, naming the product and the option, once.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../e2e/browser';
import { api, e2eAdminToken, latestMail } from '../../e2e/context';
import { makeTwoColourProduct, openPage, shopUrl } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('back-in-stock alerts', () => {
  it('a guest asks on a sold-out option; when staff restock it, the mail is written once', async () => {
    const { product, colors } = await makeTwoColourProduct('Alert Phone', [64, 512]);
    // Coral with 512 GB has no units (support.ts).
    const soldOut = product.variants.find((v) => v.colorId === colors[1]._id && v.memorySize === 512)!;
    expect(soldOut.stock).toBe(0);
    const email = `alert-${Date.now().toString(36)}@example.com`;
    const page = await openPage(browser);
    // Once the page runs (a submit before would be the browser's own, without the app).
    await page.goto(shopUrl(`/product/${product._id}?color=${colors[1].slug}&memory=512`), {
      waitUntil: 'networkidle',
    });
    const form = page.getByTestId('notify-me');
    await form.getByLabel('E-mail me when it is available').fill(email);
    await form.getByRole('button', { name: 'Notify me when available' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toBe('We will e-mail you once when it is back in stock.');

    const staff = await e2eAdminToken();
    const restocked = await api('PATCH', `/product/${product._id}/variants/stock`, {
      token: staff,
      body: { changes: [{ variantId: soldOut._id, stock: 5, expectedStock: 0 }] },
    });
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
    const mail = await latestMail(email, 'back_in_stock');
    expect(mail.text).toContain(`${product.name} (${colors[1].name}, 512 GB) is back in stock`);
    expect(mail.text).toContain(`/product/${product._id}`);

    // Units moved again: no second mail for the same request.
    await api('PATCH', `/product/${product._id}/variants/stock`, {
      token: staff,
      body: { changes: [{ variantId: soldOut._id, stock: 6, expectedStock: 5 }] },
    });
    await expect(latestMail(email, 'back_in_stock', mail.id)).rejects.toThrow('no back_in_stock mail');
    await page.close();
  });
});
