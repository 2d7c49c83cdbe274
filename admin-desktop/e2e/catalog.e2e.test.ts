// Covers the catalogue screens in the browser against the real API: categories (create with an
// image, View popup, status toggle, edit with the current image, delete dialogs), colours (create with the
// hexcode picker, edit, toggle, delete), products (form with auto slug and final price, category, colours
// with price adjustments, memory options, thumbnail; list toggles for flags 1/2/3; View; edit; multiple
// images with remove; cards below 1024 px; delete).

import { slugify } from '@voltcart/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiProduct, confirmDelete, expectToast, imageFile, login, unique } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

const row = (text: string) => page.locator('tbody tr', { hasText: text });
const sidebar = () => page.getByRole('navigation', { name: 'Main' });
async function adminGet(path: string) {
  return (await api('GET', path, { token: await e2eAdminToken() })).body;
}

describe('categories', () => {
  const name = unique('Smart Watches');
  const renamed = `${name} Pro`;

  it('creates a category with an image from the Add Category form', async () => {
    await sidebar().getByRole('link', { name: 'Categories', exact: true }).click();
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await page.getByRole('link', { name: 'Add Category' }).click();
    await page.waitForURL(/\/admin\/category\/add$/);
    await page.getByRole('heading', { name: 'Create New Category' }).waitFor();
    await page.getByLabel('Category Name').fill(name);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slugify(name));
    expect(await page.getByLabel('Slug').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Upload File').setInputFiles(await imageFile('watch.png', '#aa3355'));
    await page.locator('.preview img').waitFor();
    await screenshot(page, 'admin-category-add');
    await page.getByRole('button', { name: 'Create Category' }).click();
    await page.waitForURL(/\/admin\/category$/);
    await row(name).waitFor();
    expect(await row(name).locator('img').getAttribute('src')).toMatch(/\/images\/categories\/.+/);
    expect(await row(name).textContent()).toContain(slugify(name));
  });

  it('shows the View popup with image, Name, Slug, Status and ID, closed by ×', async () => {
    await row(name).getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog');
    const text = await dialog.textContent();
    const created = (await adminGet('/category')).categories.find((c: { name: string }) => c.name === name);
    for (const part of ['Name', name, 'Slug', created.slug, 'Status', 'Active', 'ID', created._id]) {
      expect(text).toContain(part);
    }
    expect(await dialog.locator('img').getAttribute('src')).toContain(created.Image);
    await screenshot(page, 'admin-category-view');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('toggles the status and shows the server message', async () => {
    await row(name).getByRole('button', { name: 'Active' }).click();
    await row(name).getByRole('button', { name: 'Inactive' }).waitFor();
    await page.locator('.toast-success').first().waitFor();
    const c = (await adminGet('/category')).categories.find((x: { name: string }) => x.name === name);
    expect(c.status).toBe(false);
    await row(name).getByRole('button', { name: 'Inactive' }).click();
    await row(name).getByRole('button', { name: 'Active' }).waitFor();
  });

  it('edits the category: current image shown, name and slug prefilled', async () => {
    await row(name).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/category\/edit\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Category' }).waitFor();
    expect(await page.getByLabel('Category Name').inputValue()).toBe(name);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slugify(name));
    expect(await page.locator('.current-image').getAttribute('src')).toMatch(/\/images\/categories\//);
    await page.getByLabel('Category Name').fill(renamed);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slugify(renamed));
    await page.getByRole('button', { name: 'Edit Category' }).click();
    await page.waitForURL(/\/admin\/category$/);
    await row(renamed).waitFor();
    await screenshot(page, 'admin-categories');
  });

  it('asks before deleting; Cancel keeps it, Yes deletes it and says so', async () => {
    await row(renamed).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await row(renamed).count()).toBe(1);
    await row(renamed).getByRole('button', { name: 'Delete' }).click();
    // Past the dialog's opening animation.
    await page.waitForTimeout(300);
    await screenshot(page, 'admin-delete-dialog', { fullPage: false });
    await confirmDelete(page, 'Your category has been deleted.');
    await row(renamed).waitFor({ state: 'detached' });
  });
});

describe('colours', () => {
  const name = unique('Sunset Orange');

  it('creates a colour with the hexcode picker', async () => {
    await sidebar().getByRole('link', { name: 'Colours', exact: true }).click();
    await page.getByRole('link', { name: 'Add Color' }).click();
    await page.waitForURL(/\/admin\/color\/add$/);
    await page.getByRole('heading', { name: 'Create New Color' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slugify(name));
    await page.locator('input[name="hexcode"]').fill('#ff5733');
    await page.getByRole('button', { name: 'Create Color' }).click();
    await page.waitForURL(/\/admin\/color$/);
    await row(name).waitFor();
    expect(await row(name).textContent()).toContain('#ff5733');
    expect(await page.locator('thead').textContent()).toContain('HexCode');
  });

  it('toggles, edits on /admin/color/edit/:id and deletes with the delete dialog texts', async () => {
    await row(name).getByRole('button', { name: 'Active' }).click();
    await row(name).getByRole('button', { name: 'Inactive' }).waitFor();
    await row(name).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/color\/edit\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Color' }).waitFor();
    expect(await page.locator('input[name="hexcode"]').inputValue()).toBe('#ff5733');
    await page.locator('input[name="hexcode"]').fill('#123abc');
    await page.getByRole('button', { name: 'Edit Color' }).click();
    await page.waitForURL(/\/admin\/color$/);
    await row(name).getByText('#123abc').waitFor();
    await screenshot(page, 'admin-colors');
    await row(name).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, 'Your file has been deleted.');
    await row(name).waitFor({ state: 'detached' });
  });
});

describe('products', () => {
  const name = unique('Voltphone X');
  let categoryName: string;
  const colours: { _id: string; name: string }[] = [];
  let productId: string;

  beforeAll(async () => {
    const token = await e2eAdminToken();
    const form = new FormData();
    categoryName = unique('Flagships');
    form.append('name', categoryName);
    expect((await api('POST', '/category/create', { token, form })).status).toBe(201);
    for (const [n, hexcode] of [
      [unique('Graphite'), '#333333'],
      [unique('Glacier'), '#a0d8ef'],
    ]) {
      const r = await api('POST', '/color/create', { token, body: { name: n, hexcode } });
      colours.push(r.body.color);
    }
  });

  it('creates a product with category, colours, memory options and a thumbnail', async () => {
    await sidebar().getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('link', { name: 'Add Product' }).click();
    await page.waitForURL(/\/admin\/product\/add$/);
    await page.getByLabel('Name', { exact: true }).fill(name);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slugify(name));
    await page.getByLabel('SKU').fill(`VP-${Date.now().toString(36)}`);
    await page.getByLabel('Brand').fill('Voltcart');
    await page.getByLabel('Original Price').fill('24999');
    await page.getByLabel('Discount Percentage').fill('12');
    // floor(24999 × 0.88) = 21999
    expect(await page.getByLabel('Final Price').inputValue()).toBe('21999');
    await page.getByLabel('Category').selectOption({ label: categoryName });
    await page.getByLabel('Colors').selectOption(colours.map((c) => c._id));
    await page.getByLabel(`Price adjustment for ${colours[1]!.name}`).fill('500');
    await page.getByLabel('Stock Quantity').fill('12');
    await page.getByRole('button', { name: 'Add memory option' }).click();
    await page.getByRole('button', { name: 'Add memory option' }).click();
    await page.getByLabel('Memory option 1 size (GB)').fill('128');
    await page.getByLabel('Memory option 2 size (GB)').fill('256');
    await page.getByLabel('Memory option 2 price adjustment (₹)').fill('3000');
    await page.getByLabel('Thumbnail').setInputFiles(await imageFile('phone.jpg', '#2244aa', 600));
    await page.getByLabel('Video URL').fill('https://video.voltcart.in/voltphone.mp4');
    await page.getByLabel('Short Description').fill('6.7" AMOLED, 5G');
    await page.getByLabel('Long Description').fill('A long description.\nWith lines.');
    await screenshot(page, 'admin-product-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/product$/);
    await expectToast(page, /created/i);

    const list = (await adminGet(`/product?q=${encodeURIComponent(name)}&limit=5`)).products;
    productId = list.find((p: { name: string }) => p.name === name)._id;
    const p = (await adminGet(`/product/${productId}`)).product;
    expect(p).toMatchObject({
      slug: slugify(name),
      brand: 'Voltcart',
      originalPrice: 24999,
      discountPercentage: 12,
      finalPrice: 21999,
      stock: 12,
      memorySizes: [128, 256],
      memoryPriceAdj: [0, 3000],
      videoUrl: 'https://video.voltcart.in/voltphone.mp4',
      category: { name: categoryName },
    });
    expect(p.thumbnail).not.toBe('');
    const adj = Object.fromEntries(
      p.colors.map((c: { _id: string; priceAdj: number }) => [c._id, c.priceAdj]),
    );
    expect(adj).toEqual({ [colours[0]!._id]: 0, [colours[1]!._id]: 500 });
  });

  it('lists it with SLUG, ₹ prices and Disc; the three toggles change status, stock and top selling', async () => {
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await row(name).waitFor();
    const head = await page.locator('thead').textContent();
    for (const col of ['Name', 'SLUG', 'Original', 'Price', 'Disc', 'Status', 'Stock', 'Top'])
      expect(head).toContain(col);
    const text = await row(name).textContent();
    expect(text).toContain(slugify(name));
    expect(text).toContain('₹24,999');
    expect(text).toContain('₹21,999');
    expect(text).toContain('12%');
    await screenshot(page, 'admin-products');

    await row(name).getByRole('button', { name: 'Active' }).click();
    await row(name).getByRole('button', { name: 'Inactive' }).waitFor();
    await row(name).getByRole('button', { name: 'In Stock' }).click();
    await row(name).getByRole('button', { name: 'Out of Stock' }).waitFor();
    await row(name).getByRole('button', { name: 'No', exact: true }).click();
    await row(name).getByRole('button', { name: 'Yes', exact: true }).waitFor();
    const p = (await adminGet(`/product/${productId}`)).product;
    expect(p).toMatchObject({ status: false, inStock: false, topSelling: true });
  });

  it('View shows the details in a popup', async () => {
    await row(name).getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('256 GB').waitFor();
    const text = await dialog.textContent();
    expect(text).toContain(categoryName);
    expect(text).toContain(colours[1]!.name);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('edits the product with its values prefilled', async () => {
    await row(name).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/product\/edit\/\d+$/);
    expect(await page.getByLabel('Original Price').inputValue()).toBe('24999');
    expect(await page.getByLabel('Memory option 2 size (GB)').inputValue()).toBe('256');
    await page.getByLabel('Discount Percentage').fill('20');
    expect(await page.getByLabel('Final Price').inputValue()).toBe('19999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/product$/);
    expect((await adminGet(`/product/${productId}`)).product.finalPrice).toBe(19999);
  });

  it('adds several gallery images and removes one with the delete dialogs', async () => {
    await page.goto(adminUrl(`/admin/product/multiple/${productId}`));
    await page.getByRole('heading', { name: 'Product Images' }).waitFor();
    await page
      .getByLabel('Upload Images')
      .setInputFiles([await imageFile('side.jpg', '#884400'), await imageFile('back.png', '#004488')]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(2);
    await screenshot(page, 'admin-product-images');
    await page.getByTestId('gallery-image').first().getByRole('button', { name: 'Remove' }).click();
    await confirmDelete(page, 'Your file has been deleted.');
    await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(1);
    expect((await adminGet(`/product/${productId}`)).product.images).toHaveLength(1);

    // The same two files again: the one still in the gallery is not added twice, the removed one comes back.
    await page
      .getByLabel('Upload Images')
      .setInputFiles([await imageFile('side.jpg', '#884400'), await imageFile('back.png', '#004488')]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, '1 image added, 1 already there (not added again).');
    await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(2);
    expect((await adminGet(`/product/${productId}`)).product.images).toHaveLength(2);
  });

  it('shows cards instead of the table below 1024 px, with the category or a dash', async () => {
    const narrow = await newPage(browser, { width: 800, height: 900 });
    await login(narrow);
    const other = await apiProduct(unique('Uncategorised Cable'));
    await narrow.goto(adminUrl(`/admin/product?q=${encodeURIComponent(name)}`));
    const card = narrow.getByTestId('product-card').filter({ hasText: name });
    await card.waitFor();
    expect(await narrow.locator('table').count()).toBe(0);
    expect(await card.textContent()).toContain(`Category: ${categoryName}`);
    await narrow.goto(adminUrl(`/admin/product?q=${encodeURIComponent(other.name)}`));
    const plain = narrow.getByTestId('product-card').filter({ hasText: other.name });
    await plain.waitFor();
    expect(await plain.textContent()).toContain('Category: -');
    await screenshot(narrow, 'admin-products-narrow');
    expect(pageErrors(narrow)).toEqual([]);
    await narrow.close();
  });

  it('deletes the product after confirmation', async () => {
    await page.goto(adminUrl(`/admin/product?q=${encodeURIComponent(name)}`));
    await row(name).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, 'Your product has been deleted.');
    await row(name).waitFor({ state: 'detached' });
    expect((await api('GET', `/product/${productId}`, { token: await e2eAdminToken() })).status).toBe(404);
    expect(pageErrors(page)).toEqual([]);
  });
});
