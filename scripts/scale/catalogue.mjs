/**
 * The scale-out test's shop: an admin account and a small catalogue, the project's sample catalogue seeded by its
 * command line and three products created through the balancer with their pictures.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cli } from './cluster.mjs';
import { call, expectStatus } from './http.mjs';
import { assert, check } from './report.mjs';

/** The stock of the race product: exactly this many orders win the stock race. */
export const RACE_STOCK = 5;

const require = createRequire(import.meta.url);

export async function tinyPng(seed) {
  const sharp = require('sharp');
  const hue = (seed * 53) % 255;
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r: hue, g: 80, b: 200 } } })
    .png()
    .toBuffer();
}

export function productForm(fields, thumbnail) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  if (thumbnail) form.set('thumbnail', new Blob([thumbnail], { type: 'image/png' }), 'thumb.png');
  return form;
}

/** Writes the admin and the catalogue as one check; `{ admin, products }` (the admin's token), or null. */
export async function seedCatalogue({ env, primary, lb }) {
  const adminEmail = 'scale-admin@voltcart.test';
  const adminPassword = randomBytes(12).toString('base64url');
  let admin;
  const products = {};
  const seeded = await check('admin account and a small catalogue, written through the primary', async () => {
    const dbEnv = { ...env, DATABASE_URL: primary.url() };
    await cli(dbEnv, [
      'admin-create',
      '--email',
      adminEmail,
      // One argument: a random password may start with a dash.
      `--password=${adminPassword}`,
      '--name',
      'Scale Admin',
    ]);
    // The project's own sample catalogue, its pictures stored in the bucket by the same storage code.
    await cli(dbEnv, ['seed', '--products', '12', '--pictures', '3']);
    admin = expectStatus(
      await call(lb, 'POST', '/admin/login', { body: { email: adminEmail, password: adminPassword } }),
      200,
      'admin login',
    ).body.token;
    const cat = expectStatus(
      await call(lb, 'POST', '/category/create', {
        token: admin,
        form: productForm({ name: 'Scale Phones' }),
      }),
      201,
      'create category',
    ).body.category;
    const specs = {
      race: { name: 'Scale Race Phone', originalPrice: 19999, discountPercentage: 10, stock: RACE_STOCK },
      journey: { name: 'Scale Journey Earbuds', originalPrice: 2499, discountPercentage: 20, stock: 100000 },
      toggle: { name: 'Scale Toggle Tablet', originalPrice: 34999, discountPercentage: 5, stock: 50 },
    };
    let n = 0;
    for (const [key, spec] of Object.entries(specs)) {
      const r = await call(lb, 'POST', '/product/create', {
        token: admin,
        form: productForm(
          { ...spec, categoryId: cat._id, inStock: 'true', status: 'true' },
          await tinyPng(++n),
        ),
      });
      products[key] = expectStatus(r, 201, `create product ${spec.name}`).body.product;
    }
    const [[{ count }]] = await primary.root.query('SELECT COUNT(*) AS count FROM voltcart.products');
    assert(Number(count) === 15, `the primary holds ${count} products, expected the 12 seeded and 3 created`);
    return '12 products seeded by the CLI; 1 category and 3 products created through the balancer';
  });
  return seeded ? { admin, products } : null;
}
