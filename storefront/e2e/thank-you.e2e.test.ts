// The thank-you page thanks only for the shopper's own order: an order id that does not exist (or is another
// account's; the API answers both the same) says so, and so does the page for a visitor who is not logged in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { logIn, newShopper, openPage, shopUrl } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
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
