// The shared frame on every page: the shop's menu labels each name exactly one control (so they can be
// found by their label alone), the promo strip shows the configured free-shipping threshold in ₹, and
// no page logs an error.
import { formatINR } from '@voltcart/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { api } from '../../e2e/context';
import { openPage, sellableProducts, shopUrl } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('shared frame', () => {
  it('has one HOME, ABOUT, STORE, PROFILE and LOG IN link and one CONTACT on every page', async () => {
    const [product] = await sellableProducts(1);
    const settings = (await api('GET', '/settings')).body.settings;
    const page = await openPage(browser);
    for (const path of [
      '/',
      '/ghar',
      '/store',
      `/product/${product!._id}`,
      '/cart',
      '/profile',
      '/profile/myaddress',
      '/login?ref=Products',
      '/thank-you/X1',
    ]) {
      await page.goto(shopUrl(path));
      await page.locator('main > *').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const label of ['HOME', 'ABOUT', 'STORE', 'PROFILE', 'LOG IN']) {
        expect(
          await page.getByRole('link', { name: label, exact: true }).count(),
          `${label} on ${path}`,
        ).toBe(1);
      }
      expect(await page.getByText('CONTACT', { exact: true }).count(), `CONTACT on ${path}`).toBe(1);
      expect(await page.getByRole('link', { name: 'ABOUT' }).getAttribute('href')).toBe('/ghar');
      expect(await page.getByRole('link', { name: 'LOG IN', exact: true }).getAttribute('href')).toBe(
        '/login?ref=Products',
      );
      expect(await page.locator('.promo-strip').textContent()).toContain(
        `Free shipping over ${formatINR(settings.freeShippingThreshold)}`,
      );
    }
    expect(pageErrors(page).filter((e) => e.startsWith('page error'))).toEqual([]);
    await page.close();
  });
});
