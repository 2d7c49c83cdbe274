/** Shared steps of the storefront browser tests (the real API, the built storefront, a fresh database). */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken, e2eEnv } from '../../e2e/context';

const env = e2eEnv();

/**
 * A fresh page (own context) with a longer wait than the harness default: the test machine is shared
 * and a cold Chromium under load can take well over 15 s for a step.
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number } & BrowserContextOptions = {},
): Promise<Page> {
  const page = await newPage(browser, options);
  page.context().setDefaultTimeout(30_000);
  return page;
}

export function shopUrl(path = '/'): string {
  if (!env.storefrontUrl) throw new Error('The storefront has no build: the e2e set-up could not build it.');
  return `${env.storefrontUrl}${path}`;
}

let seq = 0;
/** A fresh shopper account, registered through the API (unique per call). */
export async function newShopper(name = 'Asha Verma') {
  const email = `shopper${Date.now().toString(36)}${seq++}@example.in`;
  const password = 'Secret-pass-123';
  const res = await api('POST', '/user/register', { body: { name, email, password } });
  expect(res.status).toBe(201);
  return { name, email, password, token: res.body.token as string, user: res.body.user };
}

export interface CatalogProduct {
  _id: string;
  name: string;
  finalPrice: number;
  originalPrice: number;
  stock: number;
  inStock: boolean;
  colors: { _id: string; name: string; slug: string; priceAdj: number }[];
  memorySizes: number[];
  memoryPriceAdj: number[];
  variants: {
    colorId: string | null;
    memorySize: number | null;
    stock: number;
    price: number;
    sku: string;
  }[];
}

/**
 * A sellable product with at least two colours and two memory sizes (the seeded catalogue has several) whose
 * second colour with its second memory size (the variant the tests choose) has a few units.
 */
export async function productWithOptions(): Promise<CatalogProduct> {
  const list = await api('GET', '/product?limit=0');
  for (const p of list.body.products as { _id: string; stock: number; inStock: boolean }[]) {
    if (!p.inStock || p.stock < 10) continue;
    const detail = (await api('GET', `/product/${p._id}`)).body.product as CatalogProduct;
    if (detail.colors.length < 2 || detail.memorySizes.length < 2) continue;
    if ((chosenVariant(detail)?.stock ?? 0) >= 3) return detail;
  }
  throw new Error('The e2e catalogue has no product with two colours and two memory sizes');
}

/** The variant of a product's second colour and second memory size (the one the browser tests choose). */
export function chosenVariant(p: CatalogProduct) {
  return p.variants.find((v) => v.colorId === p.colors[1]?._id && v.memorySize === p.memorySizes[1]);
}

/** Any sellable product (enough stock for a few orders). */
export async function sellableProducts(count: number): Promise<CatalogProduct[]> {
  const list = await api('GET', '/product?limit=0');
  const found = (list.body.products as CatalogProduct[]).filter((p) => p.inStock && p.stock >= 10);
  if (found.length < count) throw new Error(`Only ${found.length} sellable products in the e2e catalogue`);
  return found.slice(0, count);
}

/** Opens the product page and adds it (default options) with the product page's Add to Cart. */
export async function addFromProductPage(page: Page, productId: string): Promise<void> {
  await page.goto(shopUrl(`/product/${productId}`));
  const before = Number(await page.getByTestId('cart-count').textContent());
  await page.locator('.pdp__add').click();
  await expect.poll(async () => Number(await page.getByTestId('cart-count').textContent())).toBe(before + 1);
  // A logged-in shopper's cart change goes to the server: let it arrive before the test moves on.
  await page.waitForLoadState('networkidle');
}

/** Logs in through /login?ref=… and waits for the redirect. */
export async function logIn(page: Page, who: { email: string; password: string }, ref = 'Products') {
  await page.goto(shopUrl(`/login?ref=${ref}`));
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export const ADDRESS = {
  adressLine1: '14, 3rd Cross, Indiranagar',
  adressLine2: 'Near 100 Feet Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  country: 'India',
  contact: '9845012345',
};

/** Types the address into the form; the state is chosen from the list of states and union territories. */
export async function fillAddress(page: Page, values: Partial<typeof ADDRESS> = ADDRESS) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'state') await page.locator('select[name="state"]').selectOption(value);
    else await page.locator(`input[name="${name}"]`).fill(value);
  }
}

/** The text of the notifications currently shown. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.toast__msg').allTextContents();
}

/** The logged-in shopper's token as the storefront stores it. */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').userToken as string);
}

/**
 * A full-page screenshot taken from the top (the sticky header stays where it belongs). `scroll` first
 * scrolls through the page so that sections and images loaded on approach are in the picture.
 */
export async function shot(page: Page, name: string, { scroll = false } = {}): Promise<void> {
  if (scroll) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 500) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await screenshot(page, name);
}

/** A PNG of one flat colour, so that a colour's own picture is told apart from the shared one. */
export async function flatPng(hex: string): Promise<Blob> {
  const sharp = (await import('sharp')).default;
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: hex } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

export interface TwoColourProduct {
  product: {
    _id: string;
    name: string;
    thumbnail: string;
    colorImages: Record<string, string[]>;
    variants: {
      _id: string;
      colorId: string;
      memorySize: number;
      sku: string;
      price: number;
      stock: number;
    }[];
  };
  /** Dusk, then Coral (₹1,000 more, with a picture of its own). */
  colors: [{ _id: string; name: string; slug: string }, { _id: string; name: string; slug: string }];
}

/**
 * A new product `<name> <tag>` at ₹30,000 − 10 % in two new colours (Dusk, Coral +₹1,000) × two memory sizes
 * (the second +₹5,000): Dusk with the first size 9 units, Dusk with the second 4, Coral with the first 3, Coral
 * with the second none; Coral has a picture of its own, the product a grey one.
 */
export async function makeTwoColourProduct(
  name: string,
  memorySizes: [number, number],
): Promise<TwoColourProduct> {
  const token = await e2eAdminToken();
  const tag = Date.now().toString(36);
  const colors = [];
  for (const [colour, hexcode] of [
    [`Dusk ${tag}`, '#223355'],
    [`Coral ${tag}`, '#ff7755'],
  ]) {
    const r = await api('POST', '/color/create', { token, body: { name: colour, hexcode } });
    expect(r.status).toBe(201);
    colors.push(r.body.color);
  }
  const form = new FormData();
  form.append('name', `${name} ${tag}`);
  form.append('originalPrice', '30000');
  form.append('discountPercentage', '10');
  form.append('colors', JSON.stringify([colors[0]._id, { _id: colors[1]._id, priceAdj: 1000 }]));
  form.append('memorySizes', JSON.stringify(memorySizes));
  form.append('memoryPriceAdj', '[0, 5000]');
  form.append('stock', '9');
  form.append('thumbnail', await flatPng('#888888'), 'shared.png');
  const created = await api('POST', '/product/create', { token, form });
  expect(created.status).toBe(201);
  const product = created.body.product as TwoColourProduct['product'];
  const [, v2, v3] = product.variants;
  const stocked = await api('PATCH', `/product/${product._id}/variants/stock`, {
    token,
    body: {
      changes: [
        { variantId: v2!._id, stock: 4, expectedStock: 0 },
        { variantId: v3!._id, stock: 3, expectedStock: 0 },
      ],
    },
  });
  expect(stocked.status).toBe(200);
  const pictures = new FormData();
  pictures.append('images', await flatPng('#ff7755'), 'coral.png');
  const gallery = await api('PATCH', `/product/${product._id}/color-images/${colors[1]._id}`, {
    token,
    form: pictures,
  });
  expect(gallery.status).toBe(200);
  return {
    product: (await api('GET', `/product/${product._id}`)).body.product,
    colors: colors as TwoColourProduct['colors'],
  };
}

/**
 * Raises the shop's cash-on-delivery limit for the tests of one file, whose orders pay more than the default
 * ₹50,000 in cash; the function it answers puts the set-up back (the run shares it).
 */
export async function raiseCodLimit(max = 5_000_000): Promise<() => Promise<void>> {
  const token = await e2eAdminToken();
  const before = (await api('GET', '/delivery/settings', { token })).body.shipping;
  const { freeShippingThreshold: _t, ...body } = before;
  const zones = body.zones.map(({ _id, ...z }: { _id: string }) => z);
  const raised = await api('PUT', '/delivery/settings', {
    token,
    body: { ...body, zones, cod: { ...body.cod, max } },
  });
  expect(raised.status).toBe(200);
  return async () => {
    await api('PUT', '/delivery/settings', { token, body: { ...body, zones } });
  };
}
