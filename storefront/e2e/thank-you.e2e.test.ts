// The thank-you page thanks only for the shopper's own order: an order id that does not exist (or is another
// account's; the API answers both the same) says so, and so does the page for a visitor who is not logged in.
// For the shopper's own order it lists the lines (colour, memory, quantity, amount), the total and how it is paid;
// on a phone the order id stays one word, and the primary button's keyboard focus is a clear ring.
import { formatINR, optionsLabel } from '@voltcart/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, pageErrors, screenshot } from '../../e2e/browser';
import { api } from '../../e2e/context';
import {
  ADDRESS,
  chosenVariant,
  logIn,
  newShopper,
  openPage,
  productWithOptions,
  raiseCodLimit,
  shopUrl,
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

describe('thank-you page of an order that is not yours', () => {
  it('says it could not find the order instead of thanking, logged in or not', async () => {
    const page = await openPage(browser);
    await page.goto(shopUrl('/thank-you/NOSUCHORDER1'));
    await page.getByRole('heading', { level: 1, name: 'We could not find this order.' }).waitFor();
    await page.getByText('Log in with the account you ordered from to see it.').waitFor();

    await logIn(page, await newShopper('Meera Iyer'));
    await page.goto(shopUrl('/thank-you/NOSUCHORDER1'));
    await page.getByText('It does not exist, or it was placed from another account.').waitFor();
    expect(await page.getByText('Thank you for your order!').count()).toBe(0);
    expect(await page.getByTestId('order-id').count()).toBe(0);
    expect(pageErrors(page).filter((e) => !e.includes('404') && !e.includes('400'))).toEqual([]);
    await page.close();
  });
});

describe('thank-you page of your own order', () => {
  it.each([
    { size: 'desktop', width: 1366, height: 900 },
    { size: 'phone', width: 390, height: 844 },
  ])(
    'lists the lines, total and payment method on the $size ($width px)',
    async ({ size, width, height }) => {
      const shopper = await newShopper('Neha Kulkarni');
      const product = await productWithOptions();
      const variant = chosenVariant(product)!;
      const color = product.colors.find((c) => c._id === variant.colorId)!;
      const token = shopper.token;
      const added = await api('POST', '/cart/add-to-cart', {
        token,
        body: { productId: product._id, qty: 2, colorId: variant.colorId, memorySize: variant.memorySize },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const placed = await api('POST', '/order/place-order', {
        token,
        body: { payment_mode: 0, shipping_details: ADDRESS },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.order_id as string;
      const total = placed.body.order_total as number;

      const page = await openPage(browser, { width, height });
      await logIn(page, shopper);
      await page.goto(shopUrl(`/thank-you/${orderId}`));
      const summary = page.getByRole('region', { name: 'Your order' });
      await summary.waitFor();
      const line = summary.getByRole('listitem');
      expect(await line.count()).toBe(1);
      expect(await line.textContent()).toBe(
        `${product.name} ${optionsLabel(color.name, variant.memorySize)} × 2${formatINR(variant.price * 2)}`,
      );
      expect(await page.getByTestId('thank-you-total').textContent()).toBe(formatINR(total));
      expect(await page.getByTestId('payment-method').textContent()).toBe(
        `Cash on delivery: pay ${formatINR(total)} when it arrives`,
      );
      // The id is one word: one line box, whatever the width.
      const id = page.getByTestId('order-id');
      expect(await id.textContent()).toBe(orderId);
      expect(await id.evaluate((el) => el.getClientRects().length)).toBe(1);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      // Keyboard focus on the primary button: a solid ring at least 2 px wide (not a faint halo).
      const primary = page.getByRole('link', { name: 'Continue Shopping' });
      await primary.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await primary.evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          active: el === document.activeElement,
          style: s.outlineStyle,
          width: Number.parseFloat(s.outlineWidth),
        };
      });
      expect(ring).toMatchObject({ active: true, style: 'solid' });
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `thank-you-${size}`, { fullPage: false });
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    },
  );
});
