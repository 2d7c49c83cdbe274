// Variants on the product page in a real browser: a shared ?color=…&memory=… link opens that variant (price, SKU,
// stock); choosing a colour shows its own gallery and goes into the address; a sold-out combination is shown
// disabled with its reason, and Add to Cart follows the chosen variant; the cart line shows colour, memory and SKU.
import { formatINR } from '@voltcart/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { makeTwoColourProduct, openPage, shopUrl } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('variants on the product page', () => {
  it('a shared link opens its variant; colour switches the gallery; a sold-out combination is disabled', async () => {
    // Dusk and Coral × 128 and 256 GB; Coral 256 GB has no units, Coral has its own picture.
    const { product, colors } = await makeTwoColourProduct('Variant Phone', [128, 256]);
    const [dusk, coral] = colors;
    const page = await openPage(browser);

    // Coral 128 GB: ₹27,000 + ₹1,000, 3 units.
    await page.goto(shopUrl(`/product/${product._id}?color=${coral.slug}&memory=128`));
    await expect.poll(() => page.getByTestId('product-price').textContent()).toBe(formatINR(28000));
    const coral128 = product.variants.find((v) => v.colorId === coral._id && v.memorySize === 128)!;
    expect(await page.getByTestId('sku').textContent()).toContain(coral128.sku);
    expect(await page.getByTestId('stock').textContent()).toContain('only 3 left');
    const mainImage = () => page.locator('.pdp__main-img img').getAttribute('src');
    const coralPicture = await mainImage();

    // Coral 256 GB has no units: its chip is shown disabled with the reason, and it cannot be added.
    const sold = page.getByRole('button', { name: /256 GB.*Out of stock/ });
    expect(await sold.getAttribute('aria-disabled')).toBe('true');
    expect(await sold.getAttribute('title')).toBe('Out of stock');
    // aria-disabled, not disabled: a shopper can still pick it (to see its pictures); Playwright needs force.
    await sold.click({ force: true });
    await expect.poll(() => page.url()).toContain('memory=256');
    // The address changes first; the page follows it in the next render.
    await expect.poll(() => page.locator('.pdp__add').isDisabled()).toBe(true);
    expect(await page.getByTestId('product-price').textContent()).toBe(formatINR(33000));

    // Dusk shows the shared gallery; its 256 GB variant is for sale.
    await page.getByRole('button', { name: new RegExp(`^${dusk.name}`) }).click();
    await expect.poll(() => page.url()).toContain(`color=${dusk.slug}`);
    await expect.poll(mainImage).not.toBe(coralPicture);
    await expect.poll(() => page.locator('.pdp__add').isDisabled()).toBe(false);
    expect(await page.getByTestId('product-price').textContent()).toBe(formatINR(32000));

    await page.locator('.pdp__add').click();
    await page.goto(shopUrl('/cart'));
    const line = page.locator('.cart-line').first();
    const dusk256 = product.variants.find((v) => v.colorId === dusk._id && v.memorySize === 256)!;
    await expect.poll(() => line.textContent()).toContain(`SKU: ${dusk256.sku}`);
    expect(await line.textContent()).toContain(`${dusk.name} · 256 GB`);

    // A line of a colour with pictures of its own shows that colour: the picture its page opened with.
    await page.goto(shopUrl(`/product/${product._id}?color=${coral.slug}&memory=128`));
    await expect.poll(() => page.locator('.pdp__add').isDisabled()).toBe(false);
    await page.locator('.pdp__add').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2');
    await page.goto(shopUrl('/cart'));
    const coralLine = page.locator('.cart-line', { hasText: `${coral.name} · 128 GB` });
    const fileOf = (src: string | null) => decodeURIComponent(src?.split('/').pop() ?? '');
    await expect
      .poll(async () => fileOf(await coralLine.locator('img').first().getAttribute('src')))
      .toBe(fileOf(coralPicture));
    expect(pageErrors(page)).toEqual([]);
  });
});
