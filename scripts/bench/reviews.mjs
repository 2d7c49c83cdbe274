/**
 * The product page with 1,000 approved reviews against the same page without reviews, in the same run (goal:
 * within 10 %). "The page" is what the storefront asks the API for when it renders a product page: the
 * product (its rating and distribution) and the first page of its reviews; the two products are measured in turns
 * (plain, reviewed, plain) and the reviewed product compared with the mean of its two neighbours.
 */
import { randomBytes } from 'node:crypto';
import { step } from '../lib/log.mjs';
import { benchDatabase, benchSecrets, checkPaths, measure, startApi } from './api.mjs';
import { hasWrk } from './load.mjs';
import { preparing } from './timings.mjs';

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

/** Plain, reviewed, plain: the reviewed page's p99 and rate against the mean of its two neighbours. */
async function pair(base, page, opts) {
  const before = await measure(base, page.plain, opts);
  const reviewed = await measure(base, page.reviewed, opts);
  const after = await measure(base, page.plain, { ...opts, warmup: 0 });
  return {
    plainP99: (before.p99 + after.p99) / 2,
    plainRps: (before.rps + after.rps) / 2,
    p99: reviewed.p99,
    rps: reviewed.rps,
    runs: [before, reviewed, after],
  };
}

/**
 * The phase: `ctx` is the bench's record function and its run settings. Measured twice: as shipped (the
 * catalogue cache on: what shoppers get), and with the cache off (every answer read from the database).
 */
export async function reviewsPart(db, { record, prefix, connections, seconds, warmup }) {
  const catalogue = await benchDatabase(db.serverUrl, 1_000, `${prefix}_reviews`);
  const secrets = benchSecrets();
  const opts = { connections: Math.min(connections, 16), seconds, warmup };
  let page = null;
  for (const [label, env] of [
    ['cached', {}],
    ['uncached', { CATALOG_CACHE_SECONDS: '0' }],
  ]) {
    const api = await startApi({ ...catalogue, secrets, env });
    try {
      if (!page) {
        const [reviewed, plain] = (await (await fetch(`${api.base}/product?limit=2`)).json()).products.map(
          (p) => p._id,
        );
        await preparing(() => writeReviews(catalogue.url, Number(reviewed), Number(plain)));
        const of = (id) => [`/product/${id}`, `/product/${id}/reviews`];
        page = { reviewed: of(reviewed), plain: of(plain) };
      }
      await checkPaths(api.base, [...page.reviewed, ...page.plain]);
      step(
        `Product page (product + first reviews page, catalogue cache ${label === 'cached' ? 'on' : 'off'}) with ${REVIEWS.toLocaleString('en')} approved reviews against none, ${opts.connections} connections, ${hasWrk() ? 'wrk' : 'autocannon'}…`,
      );
      const r = await pair(api.base, page, opts);
      console.log(
        `  no reviews p99 ${r.runs[0].p99.toFixed(2)} / ${r.runs[2].p99.toFixed(2)} ms, ${Math.round(r.plainRps)} req/s\n  ${REVIEWS} reviews p99 ${r.p99.toFixed(2)} ms, ${Math.round(r.rps)} req/s`,
      );
      record(`reviews.${label}.no_reviews.p99`, r.plainP99, 'ms', 'mean of the runs before and after');
      record(`reviews.${label}.1000_reviews.p99`, r.p99, 'ms', 'product + first reviews page');
      record(
        `reviews.${label}.p99_ratio`,
        r.p99 / r.plainP99,
        'ratio',
        '1,000 approved reviews ÷ none, same run (goal ≤ 1.10)',
      );
      record(`reviews.${label}.rps_ratio`, r.rps / r.plainRps, 'ratio', 'same pair, requests per second');
    } finally {
      await api.stop();
    }
  }
}
