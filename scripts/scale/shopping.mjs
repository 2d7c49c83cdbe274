/**
 * Shoppers through the balancer: the journey from registering to their orders, login failures counted across
 * processes, and the stock race.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SHOPPER_ADDRESS } from '../lib/shopper-address.mjs';
import { RACE_STOCK } from './catalogue.mjs';
import { call, expectStatus } from './http.mjs';
import { parseAccessLog } from './nginx.mjs';
import { assert, check } from './report.mjs';

const RACE_SHOPPERS = 30;

export async function checkShopping({ apis, nginx, primary, lb }, { products }) {
  const [A, B] = apis;
  let shopper;
  await check('shopper journey through the balancer: register, cart, COD order, my orders', async () => {
    const email = `scale-shopper-${randomBytes(3).toString('hex')}@example.com`;
    const reg = expectStatus(
      await call(lb, 'POST', '/user/register', {
        body: { name: 'Scale Shopper', email, password: 'shopper-pass-1' },
      }),
      201,
      'register',
    );
    shopper = { email, token: reg.body.token };
    const t = shopper.token;
    // Each call may land on either process: the token and the writes must be good on both.
    expectStatus(await call(lb, 'GET', '/user/me', { token: t }), 200, 'me');
    expectStatus(
      await call(lb, 'POST', '/cart/add-to-cart', {
        token: t,
        body: { productId: products.journey._id, qty: 2 },
      }),
      200,
      'add to cart',
    );
    const cart = expectStatus(await call(lb, 'GET', '/cart', { token: t }), 200, 'cart').body.cart;
    assert(cart.length === 1 && cart[0].qty === 2, `cart should hold 2 earbuds: ${JSON.stringify(cart)}`);
    const placed = expectStatus(
      await call(lb, 'POST', '/order/place-order', {
        token: t,
        body: { payment_mode: 0, shipping_details: SHOPPER_ADDRESS },
      }),
      201,
      'place order',
    ).body;
    const mine = expectStatus(await call(lb, 'GET', '/order/my-orders', { token: t }), 200, 'my orders').body;
    const ids = (mine.orders ?? []).map((o) => o._id ?? o.order_id ?? o.id);
    assert(
      ids.includes(placed.order_id),
      `my-orders right after placing lacks ${placed.order_id}: ${JSON.stringify(ids)}`,
    );
    for (const api of [A, B])
      expectStatus(
        await call(api.base, 'GET', `/order/${placed.order_id}`, { token: t }),
        200,
        `${api.name} order`,
      );
    const after = expectStatus(await call(lb, 'GET', '/cart', { token: t }), 200, 'cart after order').body
      .cart;
    assert(after.length === 0, `the cart should be empty after the order: ${JSON.stringify(after)}`);
    return `order ${placed.order_id}, ₹${placed.order_total}, seen by both processes`;
  });

  await check('login failures are counted across processes (shared in the database)', async () => {
    assert(shopper, 'needs the journey shopper');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const api = i % 2 ? B : A;
      const r = await call(api.base, 'POST', '/user/login', {
        body: { email: shopper.email, password: `wrong-${i}-pass` },
      });
      statuses.push(r.status);
    }
    assert(
      statuses.slice(0, 5).every((s) => s === 401) && statuses[5] === 429,
      `expected five 401s alternating A/B, then 429; got ${statuses.join(', ')}`,
    );
    return 'A/B alternating: 401 ×5, then 429';
  });

  // --- the stock race
  await check(
    `stock race: ${RACE_SHOPPERS} shoppers, ${RACE_STOCK} units → exactly ${RACE_STOCK} orders`,
    async () => {
      const shoppers = [];
      for (let i = 0; i < RACE_SHOPPERS; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, RACE_SHOPPERS - i) }, async (_, j) => {
            const email = `racer-${i + j}-${randomBytes(3).toString('hex')}@example.com`;
            const r = expectStatus(
              await call(lb, 'POST', '/user/register', {
                body: { name: `Racer ${i + j}`, email, password: 'racer-pass-1' },
              }),
              201,
              'register racer',
            );
            expectStatus(
              await call(lb, 'POST', '/cart/add-to-cart', {
                token: r.body.token,
                body: { productId: products.race._id, qty: 1 },
              }),
              200,
              'racer add to cart',
            );
            return r.body.token;
          }),
        );
        shoppers.push(...batch);
      }
      const answers = await Promise.all(
        shoppers.map((token) =>
          call(lb, 'POST', '/order/place-order', {
            token,
            body: { payment_mode: 0, shipping_details: SHOPPER_ADDRESS },
          }),
        ),
      );
      const won = answers.filter((r) => r.status === 201).length;
      const refused = answers.filter(
        (r) => r.status === 409 && /only \d+ left|out of stock/i.test(String(r.body?.msg ?? '')),
      ).length;
      const other = answers.filter((r) => r.status !== 201 && r.status !== 409);
      assert(
        other.length === 0,
        `unexpected answers: ${other.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('; ')}`,
      );
      assert(won === RACE_STOCK, `${won} orders won, expected ${RACE_STOCK}`);
      assert(
        won + refused === RACE_SHOPPERS,
        `${RACE_SHOPPERS - won - refused} refusals without a clear message`,
      );
      const [[row]] = await primary.root.query('SELECT stock FROM voltcart.products WHERE id = ?', [
        products.race._id,
      ]);
      const [[sold]] = await primary.root.query(
        'SELECT COALESCE(SUM(qty), 0) AS n FROM voltcart.order_lines WHERE product_id = ?',
        [products.race._id],
      );
      assert(
        Number(row.stock) === 0 && Number(sold.n) === RACE_STOCK,
        `stock ${row.stock}, units sold ${sold.n}`,
      );
      const byProcess = { [A.name]: 0, [B.name]: 0 };
      for (const l of parseAccessLog(readFileSync(nginx.accessLog, 'utf8')).filter(
        (x) => x.uri === '/api/order/place-order',
      ))
        for (const u of l.upstreams) byProcess[u === A.upstream ? A.name : B.name]++;
      return `${won} won, ${refused} told "only N left"/"out of stock"; stock 0, no oversell; checkouts handled by A ${byProcess[A.name]}, B ${byProcess[B.name]}`;
    },
  );
}
