// Covers: product reviews. Who may review (a delivered order line of the product, else 403 `not_purchased`), one
// review per shopper and product (a second submission edits it and sends it back to moderation), the bad input of
// the issue (rating 0, 6, 4.5; 20,000 characters; HTML kept as text; a sixth photo; a file that is not a picture),
// photos re-encoded like product pictures, helpful votes (one per account), moderation with `reviews.write`
// (approve, reject with a reason, reply as the shop) and the product's average and distribution.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { insertShopper, makeProduct, type Shopper } from './order-fixtures';
import { orderOf } from './review-fixtures';
import { file, png } from './support';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const review = (over: Record<string, unknown> = {}) => ({
  rating: 4,
  title: 'Good phone',
  text: 'Battery lasts two days.',
  ...over,
});

const post = (s: Shopper, productId: number, body: Record<string, unknown>) =>
  ctx.req('POST', `/review/${productId}`, { token: s.token, body });

function photoForm(fields: Record<string, unknown>, photos: Buffer[]): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  for (const [i, p] of photos.entries()) f.append('photos', file(p, `photo-${i}.png`));
  return f;
}

/** A product and a shopper who received it. */
async function buyer() {
  const p = await makeProduct(ctx.db, { price: 1000 });
  const s = await insertShopper(ctx, 'Asha Rao');
  await orderOf(ctx.db, s.id, p.id);
  return { p, s };
}

const approve = (id: string) => ctx.req('POST', `/admin/reviews/${id}/approve`, { token: admin });
const reviewCount = async () =>
  Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM reviews`.execute(ctx.db)).rows[0]!.n);

describe('POST /review/:productId', () => {
  it('stores a delivered buyer’s review as pending (201) and shows it to its author only', async () => {
    const { p, s } = await buyer();
    const r = await post(s, p.id, review());
    expect(r.status, r.text).toBe(201);
    expect(r.body.msg).toMatch(/once the shop has checked it/);
    expect(r.body.review).toMatchObject({
      rating: 4,
      title: 'Good phone',
      text: 'Battery lasts two days.',
      status: 'pending',
      author: 'Asha',
      verifiedPurchase: true,
      helpful: 0,
    });
    const mine = await ctx.req('GET', `/review/mine/${p.id}`, { token: s.token });
    expect(mine.body).toMatchObject({
      canReview: true,
      review: { _id: r.body.review._id, status: 'pending' },
    });
    const page = await ctx.req('GET', `/product/${p.id}/reviews`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ reviews: [], total: 0, rating: { average: 0, count: 0 } });
  });

  it('refuses (403) a shopper who never received the product, also with an order not yet delivered', async () => {
    const p = await makeProduct(ctx.db);
    const s = await insertShopper(ctx);
    await orderOf(ctx.db, s.id, p.id, 'shipped');
    const before = await reviewCount();
    const r = await post(s, p.id, review());
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      flag: 0,
      code: 'not_purchased',
      msg: 'Only shoppers who received this product can review it.',
    });
    expect(await reviewCount()).toBe(before);
    const mine = await ctx.req('GET', `/review/mine/${p.id}`, { token: s.token });
    expect(mine.body).toMatchObject({ canReview: false, review: null });
  });

  it('needs a shopper’s login (401 without, 403 with a staff token) and a product that exists (404)', async () => {
    const { p } = await buyer();
    expect((await ctx.req('POST', `/review/${p.id}`, { body: review() })).status).toBe(401);
    expect((await ctx.req('POST', `/review/${p.id}`, { token: admin, body: review() })).status).toBe(403);
    const s = await insertShopper(ctx);
    expect((await post(s, 999_999_999, review())).status).toBe(404);
  });

  it('edits the first review on a second submission (200), back to moderation, and leaves the rating', async () => {
    const { p, s } = await buyer();
    const first = await post(s, p.id, review({ rating: 5 }));
    await approve(first.body.review._id);
    expect((await ctx.req('GET', `/product/${p.id}`)).body.product.rating).toMatchObject({
      count: 1,
      average: 5,
    });

    const second = await post(s, p.id, review({ rating: 2, title: 'Changed my mind' }));
    expect(second.status, second.text).toBe(200);
    expect(second.body.msg).toMatch(/updated/);
    expect(second.body.review).toMatchObject({ _id: first.body.review._id, rating: 2, status: 'pending' });
    const rows = await ctx.db.selectFrom('reviews').selectAll().where('product_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect((await ctx.req('GET', `/product/${p.id}`)).body.product.rating).toMatchObject({ count: 0 });
  });

  it('keeps one review when the same shopper submits twice at once', async () => {
    const { p, s } = await buyer();
    const rs = await Promise.all([post(s, p.id, review()), post(s, p.id, review({ rating: 3 }))]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 201]);
    const rows = await ctx.db.selectFrom('reviews').select('id').where('product_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ rating: 0 }, 'Rating must be from 1 to 5 stars'],
    [{ rating: 6 }, 'Rating must be from 1 to 5 stars'],
    [{ rating: 4.5 }, 'Rating must be a whole number of stars from 1 to 5'],
    [{ rating: 'five' }, 'Rating must be a number'],
    [{ rating: undefined }, 'Rating is required'],
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    [{ text: 'x'.repeat(20_000) }, 'Review text must be at most 5000 characters'],
    [{ text: '   ' }, 'Review text is required'],
  ])('refuses %j with “%s” and changes nothing', async (over, msg) => {
    const { p, s } = await buyer();
    const before = await reviewCount();
    const r = await post(s, p.id, review(over));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
    expect(r.body.msg).toBe(msg);
    expect(await reviewCount()).toBe(before);
  });

  it('keeps HTML and script in a review as the text typed (pages show it as text)', async () => {
    const { p, s } = await buyer();
    const text = '<script>alert("x")</script><b>bold</b> & <img src=x onerror=alert(1)>';
    const r = await post(s, p.id, review({ title: '<i>Nice</i>', text }));
    expect(r.status).toBe(201);
    await approve(r.body.review._id);
    const page = await ctx.req('GET', `/product/${p.id}/reviews`);
    expect(page.body.reviews[0]).toMatchObject({ title: '<i>Nice</i>', text });
  });
});

describe('review photos', () => {
  it('stores up to 5 photos re-encoded as WebP with a small size, and serves them', async () => {
    const { p, s } = await buyer();
    const photos = await Promise.all([1, 2].map((i) => png(80, 60, i === 1 ? '#ff0000' : '#00ff00')));
    const r = await ctx.req('POST', `/review/${p.id}`, { token: s.token, form: photoForm(review(), photos) });
    expect(r.status, r.text).toBe(201);
    const names: string[] = r.body.review.photos;
    expect(names).toHaveLength(2);
    for (const n of names) {
      expect(n).toMatch(/^[a-f0-9]{32}\.webp$/);
      const img = await ctx.req('GET', `/images/product/${n}`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/webp');
      expect((await ctx.req('GET', `/images/product/sm/${n}`)).status).toBe(200);
    }
    // A new set replaces the photos; a submission without photos keeps them.
    const kept = await ctx.req('POST', `/review/${p.id}`, { token: s.token, form: photoForm(review(), []) });
    expect(kept.body.review.photos).toEqual(names);
    const replaced = await ctx.req('POST', `/review/${p.id}`, {
      token: s.token,
      form: photoForm(review(), [await png(50)]),
    });
    expect(replaced.body.review.photos).toHaveLength(1);
    expect((await ctx.req('GET', `/images/product/${names[0]}`)).status).toBe(404);
  });

  it('refuses a sixth photo, and a file that is not a picture, storing nothing', async () => {
    const { p, s } = await buyer();
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(() => png(20)));
    const r = await ctx.req('POST', `/review/${p.id}`, { token: s.token, form: photoForm(review(), six) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Add at most 5 photos to a review (you chose 6).');
    const bad = await ctx.req('POST', `/review/${p.id}`, {
      token: s.token,
      form: photoForm(review(), [Buffer.from('<svg onload="alert(1)"></svg>')]),
    });
    expect(bad.status).toBe(415);
    expect(bad.body.msg).toBe('Upload a JPEG, PNG, WebP or AVIF image.');
    expect(await ctx.db.selectFrom('reviews').select('id').where('product_id', '=', p.id).execute()).toEqual(
      [],
    );
  });
});

describe('helpful votes', () => {
  it('counts one vote per account; a second vote is refused (409) and the count stays', async () => {
    const { p, s } = await buyer();
    const r = await post(s, p.id, review());
    const id = r.body.review._id;
    const voter = await insertShopper(ctx);
    // Not published yet: nothing to vote for.
    expect((await ctx.req('POST', `/review/${id}/helpful`, { token: voter.token })).status).toBe(404);
    await approve(id);
    const first = await ctx.req('POST', `/review/${id}/helpful`, { token: voter.token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.helpful).toBe(1);
    const again = await ctx.req('POST', `/review/${id}/helpful`, { token: voter.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'already_voted',
      msg: 'You have already marked this review as helpful.',
    });
    const own = await ctx.req('POST', `/review/${id}/helpful`, { token: s.token });
    expect(own.status).toBe(400);
    const racing = await Promise.all(
      [1, 2, 3].map(async () => {
        const v = await insertShopper(ctx);
        return Promise.all([1, 2].map(() => ctx.req('POST', `/review/${id}/helpful`, { token: v.token })));
      }),
    );
    expect(racing.flat().filter((x) => x.status === 200)).toHaveLength(3);
    const page = await ctx.req('GET', `/product/${p.id}/reviews?sort=helpful`);
    expect(page.body.reviews[0].helpful).toBe(4);
  });
});

describe('moderation', () => {
  it('needs reviews.write: a Catalogue or Orders member is refused, a Manager may', async () => {
    const { p, s } = await buyer();
    const r = await post(s, p.id, review());
    for (const role of ['catalogue', 'orders']) {
      const m = await ctx.staffMember(admin, role);
      const q = await ctx.req('GET', '/admin/reviews', { token: m.token });
      expect(q.status).toBe(403);
      expect(q.body).toMatchObject({ code: 'missing_permission', permission: 'reviews.write' });
      expect(
        (await ctx.req('POST', `/admin/reviews/${r.body.review._id}/approve`, { token: m.token })).status,
      ).toBe(403);
    }
    const manager = await ctx.staffMember(admin, 'manager');
    expect((await ctx.req('GET', '/admin/reviews', { token: manager.token })).status).toBe(200);
    expect((await ctx.req('GET', '/admin/reviews', { token: s.token })).status).toBe(403);
    expect((await ctx.req('GET', '/admin/reviews')).status).toBe(401);
  });

  it('lists pending reviews oldest first with product and author; approve publishes; reject needs a reason', async () => {
    const { p, s } = await buyer();
    const a = await post(s, p.id, review({ rating: 5 }));
    const other = await insertShopper(ctx, 'Ravi Kumar');
    await orderOf(ctx.db, other.id, p.id);
    const b = await post(other, p.id, review({ rating: 2 }));

    const q = await ctx.req('GET', '/admin/reviews?status=pending', { token: admin });
    expect(q.status).toBe(200);
    const ids = q.body.reviews.map((x: { _id: string }) => x._id);
    expect(ids.indexOf(a.body.review._id)).toBeLessThan(ids.indexOf(b.body.review._id));
    expect(q.body.reviews.find((x: { _id: string }) => x._id === a.body.review._id)).toMatchObject({
      product: { _id: String(p.id), name: p.name },
      authorEmail: s.email,
      status: 'pending',
    });
    expect(q.body.pending).toBeGreaterThanOrEqual(2);

    const ok = await approve(a.body.review._id);
    expect(ok.status).toBe(200);
    expect(ok.body.review).toMatchObject({ status: 'approved' });

    const noReason = await ctx.req('POST', `/admin/reviews/${b.body.review._id}/reject`, {
      token: admin,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('Reason is required');
    const rejected = await ctx.req('POST', `/admin/reviews/${b.body.review._id}/reject`, {
      token: admin,
      body: { reason: 'Mentions another shop’s prices.' },
    });
    expect(rejected.status).toBe(200);
    const mine = await ctx.req('GET', `/review/mine/${p.id}`, { token: other.token });
    expect(mine.body.review).toMatchObject({
      status: 'rejected',
      rejectReason: 'Mentions another shop’s prices.',
    });

    const page = await ctx.req('GET', `/product/${p.id}/reviews`);
    expect(page.body.reviews.map((x: { _id: string }) => x._id)).toEqual([a.body.review._id]);
    expect(page.body.rating).toEqual({ average: 5, count: 1, distribution: [0, 0, 0, 0, 1] });
    expect((await ctx.req('GET', `/admin/reviews/999999/approve`, { token: admin })).status).toBe(404);
    expect((await ctx.req('POST', '/admin/reviews/999999/approve', { token: admin })).status).toBe(404);
    const history = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'review.%')
      .execute();
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['review.approve', 'review.reject']));
  });

  it('replies as the shop (shown with the review) and removes the reply when empty', async () => {
    const { p, s } = await buyer();
    const r = await post(s, p.id, review());
    await approve(r.body.review._id);
    const replied = await ctx.req('PUT', `/admin/reviews/${r.body.review._id}/reply`, {
      token: admin,
      body: { reply: 'Thank you, Asha!' },
    });
    expect(replied.status).toBe(200);
    const page = await ctx.req('GET', `/product/${p.id}/reviews`);
    expect(page.body.reviews[0].reply).toMatchObject({ text: 'Thank you, Asha!' });
    const long = await ctx.req('PUT', `/admin/reviews/${r.body.review._id}/reply`, {
      token: admin,
      body: { reply: 'x'.repeat(2001) },
    });
    expect(long.body.msg).toBe('Reply must be at most 2000 characters');
    await ctx.req('PUT', `/admin/reviews/${r.body.review._id}/reply`, { token: admin, body: { reply: '' } });
    expect((await ctx.req('GET', `/product/${p.id}/reviews`)).body.reviews[0].reply).toBeNull();
  });
});

describe('rating on the product and the reviews page', () => {
  it('gives the average to one decimal and the distribution of approved reviews, paged 10 at a time', async () => {
    const p = await makeProduct(ctx.db);
    const stars = [5, 5, 4, 4, 4, 3, 1, 5, 5, 4, 2, 5];
    for (const [i, rating] of stars.entries()) {
      const s = await insertShopper(ctx, `Buyer ${i}`);
      await orderOf(ctx.db, s.id, p.id);
      const r = await post(s, p.id, review({ rating, title: `Review ${i}` }));
      await approve(r.body.review._id);
    }
    const product = (await ctx.req('GET', `/product/${p.id}`)).body.product;
    expect(product.rating).toEqual({ average: 3.9, count: 12, distribution: [1, 1, 1, 4, 5] });
    const row = await ctx.db
      .selectFrom('products')
      .select(['rating_count', 'rating_sum'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating_count: 12, rating_sum: 47 });
    const one = await ctx.req('GET', `/product/${p.id}/reviews`);
    expect(one.body.reviews).toHaveLength(10);
    expect(one.body.reviews[0].title).toBe('Review 11');
    expect(one.body).toMatchObject({ hasMore: true, total: 12 });
    const two = await ctx.req('GET', `/product/${p.id}/reviews?page=2`);
    expect(two.body.reviews.map((x: { title: string }) => x.title)).toEqual(['Review 1', 'Review 0']);
    expect(two.body.hasMore).toBe(false);
    expect((await ctx.req('GET', `/product/${p.id}/reviews?sort=best`)).status).toBe(400);
    expect((await ctx.req('GET', '/product/999999999/reviews')).status).toBe(404);
  });
});

describe('GET /product sorted and filtered by rating', () => {
  it('sorts by the average (then the number of reviews; unrated last) and keeps “4★ & above”', async () => {
    const brand = `Rated${Date.now()}`;
    const made = await Promise.all([0, 1, 2, 3].map(() => makeProduct(ctx.db)));
    await ctx.db
      .updateTable('products')
      .set({ brand })
      .where(
        'id',
        'in',
        made.map((p) => p.id),
      )
      .execute();
    const [best, middling, popular, unrated] = made as [
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
      (typeof made)[0],
    ];
    const rate = async (productId: number, stars: number[]) => {
      for (const rating of stars) {
        const s = await insertShopper(ctx);
        await orderOf(ctx.db, s.id, productId);
        await approve((await post(s, productId, review({ rating }))).body.review._id);
      }
    };
    await rate(best.id, [5]);
    await rate(middling.id, [4, 3]);
    await rate(popular.id, [5, 5, 5]);

    const sorted = await ctx.req('GET', `/product?brand=${brand}&sort=rating`);
    expect(sorted.status, sorted.text).toBe(200);
    expect(sorted.body.products.map((p: { _id: string }) => Number(p._id))).toEqual([
      popular.id,
      best.id,
      middling.id,
      unrated.id,
    ]);
    expect(sorted.body.products[2].rating).toEqual({ average: 3.5, count: 2 });
    expect(sorted.body.products[3].rating).toBeUndefined();

    const fourUp = await ctx.req('GET', `/product?brand=${brand}&minRating=4&sort=rating`);
    expect(fourUp.body.products.map((p: { _id: string }) => Number(p._id))).toEqual([popular.id, best.id]);
    expect(fourUp.body.total).toBe(2);
    const bad = await ctx.req('GET', `/product?minRating=5`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('minRating must be 3 or 4');
  });
});
