// Covers product reviews end to end against the real API and the built storefront: a buyer whose order was
// delivered writes a review on the product page (its text kept as text), staff approve it, and the product page
// then shows the stars, the distribution and the review with "Verified purchase", and its JSON-LD carries
// AggregateRating and the Review (checked in the HTML the server sends), and its card in the store shows the stars;
// the store sorts by rating. The section
// has no serious accessibility violations.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { ADDRESS, logIn, makeTwoColourProduct, newShopper, openPage, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new product, and a shopper who bought it and received it (cash on delivery, shipped, delivered). */
async function deliveredBuyer() {
  const { product } = await makeTwoColourProduct('Review Phone', [128, 256]);
  const shopper = await newShopper('Meera Iyer');
  const token = shopper.token;
  const variant = product.variants[0]!;
  const added = await api('POST', '/cart/add-to-cart', {
    token,
    body: { productId: product._id, variantId: variant._id },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const placed = await api('POST', '/order/place-order', {
    token,
    body: { payment_mode: 0, shipping_details: ADDRESS },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const admin = await e2eAdminToken();
  const orderId = placed.body.order_id as string;
  for (const body of [
    { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV123456' },
    { state: 'delivered' },
  ]) {
    const moved = await api('PATCH', `/order/status/${orderId}`, { token: admin, body });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { product, shopper, admin };
}

/** The JSON-LD blocks of the page as the server sends it. */
async function jsonLd(path: string): Promise<Record<string, unknown>[]> {
  const html = await (await fetch(shopUrl(path))).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('product reviews', () => {
  it('a buyer reviews a delivered product; once staff approve, stars show on the page and in JSON-LD', async () => {
    const { product, shopper, admin } = await deliveredBuyer();
    const path = `/product/${product._id}`;
    const before = await jsonLd(path);
    expect(before.find((b) => 'aggregateRating' in b)).toBeUndefined();

    const page = await openPage(browser);
    await logIn(page, shopper);
    await page.goto(shopUrl(path));
    const section = page.locator('#reviews');
    await expect.poll(() => section.textContent()).toContain('No reviews yet.');
    await section.getByRole('button', { name: 'Write a review' }).click();
    await section.getByLabel('4 stars').check();
    await section.getByLabel('Title', { exact: true }).fill('Great <b>value</b>');
    await section
      .getByLabel('Your review', { exact: true })
      .fill('Fast, light and the battery lasts. <script>alert(1)</script>');
    await section.getByRole('button', { name: 'Submit review' }).click();
    await expect
      .poll(() => section.getByTestId('my-review-status').textContent())
      .toBe('Your review is waiting for the shop’s check.');
    // Not shown to shoppers before staff decide.
    expect(await section.getByTestId('review').count()).toBe(0);

    const queue = await api('GET', '/admin/reviews?status=pending', { token: admin });
    const mine = (queue.body.reviews as { _id: string; product: { _id: string } }[]).find(
      (r) => r.product._id === product._id,
    );
    expect(mine).toBeDefined();
    expect((await api('POST', `/admin/reviews/${mine!._id}/approve`, { token: admin })).status).toBe(200);

    await page.goto(shopUrl(path));
    await expect.poll(() => page.getByTestId('rating-badge').textContent()).toContain('4.0(1 review)');
    const review = section.getByTestId('review');
    await expect.poll(() => review.count()).toBe(1);
    expect(await review.locator('.review__title').textContent()).toBe('Great <b>value</b>');
    expect(await review.textContent()).toContain('Verified purchase');
    expect(await review.textContent()).toContain('<script>alert(1)</script>');
    expect(await review.locator('b, script').count()).toBe(0);
    expect(await section.getByTestId('rating-summary').textContent()).toContain('1 verified review');
    expect(await seriousViolations(page, 'product reviews')).toEqual([]);
    await shot(page, 'product-reviews');

    const ld = (await jsonLd(path)).find((b) => 'aggregateRating' in b) as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: { name: string; reviewRating: { ratingValue: number }; author: { name: string } }[];
    };
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    // The product's card in the store carries the stars too, in the page the server sends.
    const store = await (await fetch(shopUrl(`/store?q=${encodeURIComponent(product.name)}`))).text();
    const at = store.indexOf(`Wishlist: ${product.name}`);
    expect(at).toBeGreaterThan(0);
    const card = store.slice(at, store.indexOf('</article>', at));
    expect(card).toContain('data-testid="card-rating"');
    expect(card).toContain('Rated 4 out of 5');
    expect(card).toContain('(1 review)');
    expect(ld.review).toEqual([
      expect.objectContaining({
        name: 'Great <b>value</b>',
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
        author: expect.objectContaining({ name: 'Meera' }),
      }),
    ]);
    await page.close();
  });
});
