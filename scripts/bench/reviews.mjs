/**
 * The product page with 1,000 approved reviews against the same page without reviews, in the same run (issue 32:
 * goal within 10 %). "The page" is what the storefront asks the API for when it renders a product page: the
 * product (its rating and distribution) and the first page of its reviews. The catalogue cache is off, so that
 * every answer reads the database; the two products are measured in turns (plain, reviewed, plain) and the
 * reviewed product compared with the mean of its two neighbours.
 */
import { randomBytes } from 'node:crypto';
import { step } from '../lib/log.mjs';
import { benchDatabase, benchSecrets, checkPaths, measure, startApi } from './api.mjs';
import { hasWrk } from './load.mjs';

const REVIEWS = 1_000;

/** 1,000 approved reviews (1–5 stars, some helpful votes) on `reviewed`, none on `plain`; the ratings kept. */
async function writeReviews(url, reviewed, plain) {
  const { createConnection } = await import('mysql2/promise');
  const conn = await createConnection(url);
  try {
    const users = Array.from({ length: REVIEWS }, (_, i) => [
      `Reviewer ${i}`,
      `reviewer${i}@bench.voltcart.test`,
      'x',
    ]);
    await conn.query('INSERT IGNORE INTO users (name, email, password_hash) VALUES ?', [users]);
    const [rows] = await conn.query(
      "SELECT id FROM users WHERE email LIKE 'reviewer%@bench.voltcart.test' ORDER BY id LIMIT ?",
      [REVIEWS],
    );
    await conn.query('DELETE FROM reviews WHERE product_id IN (?, ?)', [reviewed, plain]);
    const reviews = rows.map((u, i) => [
      reviewed,
      u.id,
      1 + ((i * 7) % 5),
      `Review ${i} of this phone`,
      `Bought it for the camera and the battery. ${randomBytes(24).toString('hex')} `.repeat(3),
      'approved',
      i % 13,
      new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
    ]);
    await conn.query(
      'INSERT INTO reviews (product_id, user_id, rating, title, body, status, helpful, created_at) VALUES ?',
      [reviews],
    );
    await conn.query(
      `UPDATE products p SET
        rating_count = (SELECT COUNT(*) FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved'),
        rating_sum = (SELECT COALESCE(SUM(r.rating), 0) FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved')
       WHERE p.id IN (?, ?)`,
      [reviewed, plain],
    );
  } finally {
    await conn.end();
  }
}

/** The phase: `ctx` is the bench's record function and its run settings. */
export async function reviewsPart(db, { record, prefix, connections, seconds, warmup }) {
  const catalogue = await benchDatabase(db.serverUrl, 1_000, `${prefix}_reviews`);
  const api = await startApi({ ...catalogue, secrets: benchSecrets(), env: { CATALOG_CACHE_SECONDS: '0' } });
  try {
    const [reviewed, plain] = (await (await fetch(`${api.base}/product?limit=2`)).json()).products.map(
      (p) => p._id,
    );
    await writeReviews(catalogue.url, Number(reviewed), Number(plain));
    const page = (id) => [`/product/${id}`, `/product/${id}/reviews`];
    await checkPaths(api.base, [...page(reviewed), ...page(plain)]);
    const opts = { connections: Math.min(connections, 16), seconds, warmup };
    step(
      `Product page (product + first reviews page) with ${REVIEWS.toLocaleString('en')} approved reviews against none, ${opts.connections} connections, ${hasWrk() ? 'wrk' : 'autocannon'}…`,
    );
    const before = await measure(api.base, page(plain), opts);
    const withReviews = await measure(api.base, page(reviewed), opts);
    const after = await measure(api.base, page(plain), { ...opts, warmup: 0 });
    const plainP99 = (before.p99 + after.p99) / 2;
    const plainRps = (before.rps + after.rps) / 2;
    console.log(
      `  no reviews p99 ${before.p99.toFixed(2)} / ${after.p99.toFixed(2)} ms, ${Math.round(plainRps)} req/s\n  ${REVIEWS} reviews p99 ${withReviews.p99.toFixed(2)} ms, ${Math.round(withReviews.rps)} req/s`,
    );
    record('reviews.page.no_reviews.p99', plainP99, 'ms', 'mean of the runs before and after');
    record('reviews.page.1000_reviews.p99', withReviews.p99, 'ms', 'product + first reviews page, cache off');
    record(
      'reviews.page.p99_ratio',
      withReviews.p99 / plainP99,
      'ratio',
      '1,000 approved reviews ÷ none, same run (goal ≤ 1.10)',
    );
    record('reviews.page.rps_ratio', withReviews.rps / plainRps, 'ratio', 'same pair, requests per second');
  } finally {
    await api.stop();
  }
}
