/**
 * `npm run docs:screenshots`: the back office's pictures in docs/screenshots/ (admin-*.png, shown by the
 * README), taken in headless Chromium from the admin web renderer with real data.
 * - brings up what the browser tests use, with their own set-up (e2e/global-setup.ts, admin only): a fresh
 *   database with the deterministic e2e catalogue, the API, the renderer built when its sources changed
 * - gives the screens data through the API client: a shopper's orders (one shipped), then a folder of photos
 *   for the bulk upload screen, and a catalogue CSV (the export, edited, with two mistakes) for the import preview
 * - stops everything and drops the database afterwards, also on failure
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createClient } from '@voltcart/api-client/client';
import { createHttp } from '@voltcart/api-client/http';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { TestProject } from 'vitest/node';
import { clearToasts, loginAs } from '../admin-desktop/e2e/screens';
import { launchBrowser, newPage } from '../e2e/browser';
import setup from '../e2e/global-setup';
import { ROOT } from './lib/log.mjs';

const OUT = resolve(ROOT, 'docs', 'screenshots');

/** What the set-up provides to the tests (see e2e/context.ts). */
interface Provided {
  apiUrl: string;
  adminUrl: string | null;
  adminEmail: string;
  adminPassword: string;
}

async function save(page: Page, name: string): Promise<void> {
  await clearToasts(page);
  // Past the notifications' closing and the images' loading.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path });
  console.log(`  ${relative(ROOT, path)}`);
}

/** Orders from a shopper, cash on delivery; the first one shipped, so the dashboard shows several states. */
async function placeOrders(env: Provided, adminToken: string): Promise<string[]> {
  let token: string | null = null;
  const shop = createClient(createHttp({ baseURL: env.apiUrl, getToken: () => token }));
  const admin = createClient(createHttp({ baseURL: env.apiUrl, getToken: () => adminToken }));
  const shopper = await shop.user.register({
    body: {
      name: 'Meera Iyer',
      email: `meera.${Date.now().toString(36)}@example.in`,
      password: 'Shopper-pass-1',
    },
  });
  token = shopper.token;
  const { products } = await shop.product.list({ query: { limit: 12 } });
  const inStock = products.filter((p) => p.inStock && p.stock > 0);
  const orders: string[] = [];
  for (const p of inStock) {
    if (orders.length === 4) break;
    // Stock is per variant: buy a variant that has the units, skipping products with none.
    const qty = 1 + (orders.length % 2);
    const { product } = await shop.product.get({ params: { id: p._id } });
    const variant = product.variants?.find((v) => v.stock >= qty);
    if (!variant) continue;
    await shop.cart.add({ body: { productId: p._id, qty, variantId: variant._id } });
    const placed = await shop.order.place({
      body: {
        payment_mode: 0,
        shipping_details: {
          adressLine1: '14 MG Road',
          adressLine2: 'Near Metro',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560001',
          country: 'India',
          contact: '9876543210',
        },
      },
    });
    orders.push(placed.order_id);
  }
  if (orders[0]) await admin.order.setState({ params: { orderId: orders[0] }, body: { state: 'shipped' } });
  return orders;
}

/** A folder of photos named after products (thumbnail and gallery pictures), one unmatched, one not a photo. */
async function photoFolder(env: Provided, dir: string): Promise<void> {
  const client = createClient(createHttp({ baseURL: env.apiUrl }));
  const { products } = await client.product.list({ query: { limit: 3 } });
  const colors = ['#1f4e9c', '#2f8f5b', '#a83232'];
  const photo = (color: string) =>
    sharp({ create: { width: 900, height: 900, channels: 3, background: color } })
      .jpeg({ quality: 85 })
      .toBuffer();
  await mkdir(join(dir, 'gallery'), { recursive: true });
  for (const [i, p] of products.entries()) {
    await writeFile(join(dir, `${p.slug}.jpg`), await photo(colors[i % colors.length]!));
    await writeFile(join(dir, 'gallery', `${p.slug}-2.jpg`), await photo('#d9dde5'));
  }
  await writeFile(join(dir, 'unknown-gadget.jpg'), await photo('#777777'));
  await writeFile(join(dir, 'shoot-notes.txt'), 'shoot notes');
}

/**
 * The catalogue exported by the API, edited as a merchant would: new stock on three rows, two new phones, and two
 * mistakes (a SKU twice, a price with a thousands separator) for the preview to point out.
 */
async function editedCatalogue(env: Provided, adminToken: string, path: string): Promise<void> {
  const res = await fetch(`${env.apiUrl}/catalog/export`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const [header, ...all] = parse(await res.text(), { bom: true }) as string[][];
  const at = (name: string) => header!.indexOf(name);
  const rows = all.slice(0, 40);
  for (const r of rows.slice(0, 3)) r[at('stock')] = String(Number(r[at('stock')]) + 25);
  const phone = (n: number, price: string, sku: string) => {
    const r = header!.map(() => '');
    r[at('handle')] = `voltcart-nova-${n}`;
    r[at('name')] = `Voltcart Nova ${n}`;
    r[at('brand')] = 'Voltcart';
    r[at('original_price')] = price;
    r[at('sku')] = sku;
    r[at('memory_gb')] = '128';
    r[at('stock')] = '40';
    return r;
  };
  rows.push(phone(1, '24999', 'NOVA-1-128'), phone(2, '29999', 'NOVA-2-128'));
  rows.push(phone(3, '34999', 'NOVA-1-128'), phone(4, '39,999', 'NOVA-4-128'));
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  await writeFile(path, [header!, ...rows].map((r) => r.map(cell).join(',')).join('\r\n'));
}

async function main(): Promise<void> {
  // Only the admin renderer is needed (the set-up reads this when it runs).
  process.env.E2E_UIS = 'admin';
  const provided: Partial<Provided> = {};
  const project = { provide: (key: keyof Provided, value: never) => (provided[key] = value) };
  const teardown = await setup(project as unknown as TestProject);
  const folder = await mkdtemp(join(tmpdir(), 'vc-docs-'));
  const browser = await launchBrowser().catch(async (e: unknown) => {
    await teardown();
    throw e;
  });
  try {
    const env = provided as Provided;
    if (!env.adminUrl) throw new Error('The admin web renderer could not be built (see above).');
    const adminUrl = env.adminUrl;
    const login = await createClient(createHttp({ baseURL: env.apiUrl })).admin.login({
      body: { email: env.adminEmail, password: env.adminPassword },
    });
    const orders = await placeOrders(env, login.token);
    await mkdir(OUT, { recursive: true });
    console.log('Writing the back office screenshots:');

    const page = await newPage(browser, { width: 1366, height: 900 });
    await loginAs(page, adminUrl, env.adminEmail, env.adminPassword);
    await page.getByTestId('metric-orders-to-ship').getByText(/\d/).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await save(page, 'admin-dashboard');

    await page.goto(`${adminUrl}/admin/product`);
    await page.locator('tbody tr').nth(10).waitFor();
    await save(page, 'admin-products');

    // The order list with the orders waiting to ship chosen: the bulk actions (packing slips, mark shipped).
    await page.goto(`${adminUrl}/admin/orders?state=placed,paid`);
    await page.locator('tbody tr').first().waitFor();
    await page.getByLabel('Choose every order on this page').check();
    await page.getByRole('region', { name: 'Bulk actions' }).waitFor();
    await save(page, 'admin-orders');

    await page.goto(`${adminUrl}/admin/orders/${orders.at(-1)}`);
    await page.getByRole('heading', { name: 'Shipping address' }).waitFor();
    await save(page, 'admin-order-detail');

    // Two more staff accounts, so that the staff screen shows what roles are for.
    const client = createClient(createHttp({ baseURL: env.apiUrl, getToken: () => login.token }));
    for (const [name, role] of [
      ['Meera Iyer', 'catalogue'],
      ['Arjun Rao', 'orders'],
    ] as const)
      await client.staff.invite({
        body: { name, email: `${name.split(' ')[0]!.toLowerCase()}@voltcart.test`, role },
      });
    await page.goto(`${adminUrl}/admin/staff`);
    await page.getByRole('row').filter({ hasText: 'Arjun Rao' }).waitFor();
    await save(page, 'admin-staff');
    await page.close();

    await photoFolder(env, join(folder, 'shoot'));
    const bulk = await newPage(browser, { width: 1366, height: 1200 });
    await loginAs(bulk, adminUrl, env.adminEmail, env.adminPassword);
    await bulk.goto(`${adminUrl}/admin/bulk-upload`);
    await bulk.getByLabel('Choose folder').setInputFiles(join(folder, 'shoot'));
    const upload = bulk.getByRole('button', { name: /^Upload \d+ files$/ });
    await upload.waitFor();
    await upload.click();
    await bulk.getByTestId('bulk-summary').waitFor({ timeout: 60_000 });
    await save(bulk, 'admin-bulk-upload');
    await bulk.close();

    await editedCatalogue(env, login.token, join(folder, 'catalogue.csv'));
    const csv = await newPage(browser, { width: 1366, height: 1100 });
    await loginAs(csv, adminUrl, env.adminEmail, env.adminPassword);
    await csv.goto(`${adminUrl}/admin/catalog-csv`);
    const chooser = csv.waitForEvent('filechooser');
    await csv.getByRole('button', { name: 'Choose CSV file…' }).click();
    await (await chooser).setFiles(join(folder, 'catalogue.csv'));
    await csv.getByRole('heading', { name: 'Preview of catalogue.csv' }).waitFor();
    await save(csv, 'admin-csv-import');
    await csv.close();
  } finally {
    await browser.close();
    await rm(folder, { recursive: true, force: true });
    await teardown();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
