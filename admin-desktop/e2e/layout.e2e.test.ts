// Covers the back office's layout at 800, 1024 and 1280 px: on every main screen nothing is cut off (element
// boxes against the viewport and their panel; no sideways scroll of the page or a table's panel); the
// product table keeps its columns, Top included, from 1024 px (the slug from 1280 px, to make room for the
// bulk-action checkboxes); the Orders table stacks into labelled lines below 1024 px; notifications (top-right) never cover a screen's main buttons; the sidebar says
// Categories, Colours, Products. Screenshots of each screen at each width go to test-results/screenshots.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { cutOff, mainScreens, openScreen } from './main-screens';
import { adminUrl, apiOrder, apiProduct, login, unique } from './support';

let browser: Browser;
let ids: { orderId: string; productId: string };

beforeAll(async () => {
  browser = await launchBrowser();
  // The widest cells a row can have: a price in lakhs (₹17,34,990), units of a product with variants ("2 variants"),
  // a long name and slug. The columns must hold them without pushing the table wider.
  await apiProduct(unique('Studio Monitor Reference 65'), {
    originalPrice: '1734990',
    discountPercentage: '3',
  });
  await apiProduct(unique('Two Sizes Tablet'), { memorySizes: '[64, 128]', memoryPriceAdj: '[0, 5000]' });
  const product = await apiProduct(unique('Voltcart UltraWide Gaming Laptop 16 inch RTX Edition'), {
    originalPrice: '149999',
    discountPercentage: '13',
  });
  ids = { orderId: await apiOrder(), productId: product._id };
});
afterAll(async () => {
  await browser?.close();
});

/** Intersection of two boxes (0 when they do not overlap). */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Fails when a notification covers any of the `buttons` (their boxes overlap). */
async function expectNotCovered(page: Page, buttons: ReturnType<Page['locator']>) {
  const toasts = await page.locator('.toast').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(toasts.length).toBeGreaterThan(0);
  for (const b of await buttons.all()) {
    const box = (await b.boundingBox())!;
    for (const t of toasts) expect(overlap(box, t), `${await b.textContent()} is covered`).toBe(0);
  }
}

describe.each([800, 1024, 1280])('at %i px', (width) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, { width, height: 800 });
    await login(page);
  });
  afterAll(async () => {
    await page?.close();
  });

  it('nothing is cut off on any main screen', async () => {
    for (const screen of mainScreens(ids)) {
      await openScreen(page, adminUrl(''), screen);
      expect(await cutOff(page), `${screen.name} at ${width} px`).toEqual([]);
      await screenshot(page, `admin-layout-${width}-${screen.name}`, { fullPage: false });
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it('the product list keeps every column (a table from 1024 px, cards below)', async () => {
    await page.goto(adminUrl('/admin/product'));
    await page.locator('tbody tr, [data-testid="product-card"]').first().waitFor();
    if (width < 1024) {
      expect(await page.locator('table').count()).toBe(0);
    } else {
      // The first column holds the bulk-action checkboxes; the slug waits for 1280 px to make room for them (and
      // the HSN column for 1700 px).
      const heads = await page.locator('thead th:visible').allTextContents();
      expect(heads).toEqual(
        width < 1280
          ? ['', 'Name', 'Original', 'Price', 'Disc', 'Status', 'Units', 'Stock', 'Top']
          : ['', 'Name', 'SLUG', 'Original', 'Price', 'Disc', 'Status', 'Units', 'Stock', 'Top'],
      );
      const panel = (await page.locator('section.panel').boundingBox())!;
      for (const th of await page.locator('thead th:visible').all()) {
        const box = (await th.boundingBox())!;
        expect(box.x + box.width, (await th.textContent()) ?? '').toBeLessThanOrEqual(
          panel.x + panel.width + 0.5,
        );
      }
      // Every row's Top toggle is on screen, inside the panel.
      const tops = page.locator('tbody tr td:last-child .toggle');
      for (const t of (await tops.all()).slice(0, 10)) {
        const box = (await t.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(Math.min(width, panel.x + panel.width));
      }
    }
    expect(await cutOff(page)).toEqual([]);
  });

  it('the Orders list: a table from 1024 px, labelled lines below, the order readable either way', async () => {
    await page.goto(adminUrl('/admin/orders'));
    const row = page.locator('tbody tr', { hasText: ids.orderId });
    await row.waitFor();
    const heads = page.locator('thead th');
    if (width < 1024) {
      // The header row is for screen readers only; each cell says what it is.
      expect((await page.locator('thead').boundingBox())!.width).toBeLessThanOrEqual(1);
      const labels = await row
        .locator('td')
        .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content));
      expect(labels).toEqual([
        '"Choose"',
        '"Order"',
        '"Date"',
        '"Customer"',
        '"Items"',
        '"Total"',
        '"Payment"',
        '"State"',
      ]);
    } else {
      // Sortable headers show an arrow on the column the list is sorted by.
      expect((await heads.allTextContents()).map((t) => t.replace(/ [▲▼]$/, ''))).toEqual([
        '',
        'Order',
        'Date',
        'Customer',
        'Items',
        'Total',
        'Payment',
        'State',
      ]);
    }
    for (const part of [ids.orderId, 'Cash on delivery', 'Placed (COD)']) {
      const el = row.getByText(part, { exact: true });
      expect(await el.isVisible(), part).toBe(true);
      const box = (await el.boundingBox())!;
      expect(box.x + box.width, part).toBeLessThanOrEqual(width);
    }
    expect(await cutOff(page)).toEqual([]);
    await screenshot(page, `admin-orders-${width}`);
  });

  it("notifications never cover a screen's main buttons", async () => {
    await page.goto(adminUrl('/admin/category'));
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    // Three notifications at once, the most the screen shows: three rows switched together (each answer
    // comes in a moment, well within a notification's 5 s), then switched back.
    const flip = async () => {
      const toggles = [0, 1, 2].map((i) => rows.nth(i).locator('.toggle'));
      const before = await Promise.all(toggles.map((t) => t.getAttribute('aria-pressed')));
      // Clicked in one go, as a quick hand would: one by one, a loaded machine can take longer than a
      // notification stays between the first click and the third.
      await page.evaluate(() => {
        for (const b of [...document.querySelectorAll<HTMLElement>('tbody tr .toggle')].slice(0, 3))
          b.click();
      });
      for (const [i, t] of toggles.entries())
        await expect.poll(() => t.getAttribute('aria-pressed')).not.toBe(before[i]);
    };
    await flip();
    await expect.poll(() => page.locator('.toast').count()).toBe(3);
    await expectNotCovered(page, page.locator('.page-header .btn, .page-header a'));
    await screenshot(page, `admin-toasts-${width}`, { fullPage: false });
    await flip();

    await page.goto(adminUrl('/admin/product'));
    await page.locator('tbody tr, [data-testid="product-card"]').first().waitFor();
    const toggle = page
      .locator('tbody tr, [data-testid="product-card"]')
      .first()
      .getByRole('button', {
        name: /^(Yes|No)$/,
      });
    const before = await toggle.textContent();
    await toggle.click();
    await page
      .locator('tbody tr, [data-testid="product-card"]')
      .first()
      .getByRole('button', { name: before === 'Yes' ? 'No' : 'Yes', exact: true })
      .waitFor();
    await expectNotCovered(page, page.locator('.page-header .btn'));
    await page
      .locator('tbody tr, [data-testid="product-card"]')
      .first()
      .getByRole('button', { name: before === 'Yes' ? 'No' : 'Yes', exact: true })
      .click();

    // The order screen: after a move, the next move's button stays clear.
    const orderId = await apiOrder();
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    const ship = page.getByRole('dialog', { name: 'Mark as shipped' });
    await ship.getByLabel('Carrier').fill('Blue Dart');
    await ship.getByLabel('Tracking number').fill('BD0001');
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await page.getByRole('button', { name: 'Mark as delivered' }).waitFor();
    await expectNotCovered(page, page.locator('.order-moves .btn, .page-header .btn'));
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the product table at wider windows', () => {
  it.each([1366, 1440, 1600])('keeps Top inside the panel at %i px', async (width) => {
    const page = await newPage(browser, { width, height: 800 });
    await login(page);
    await page.goto(adminUrl('/admin/product'));
    await page.locator('tbody tr').first().waitFor();
    const panel = (await page.locator('section.panel').boundingBox())!;
    const top = (await page.locator('thead th', { hasText: 'Top' }).boundingBox())!;
    expect(top.x + top.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    expect(await cutOff(page)).toEqual([]);
    await page.close();
  });
});

describe('sidebar', () => {
  it('says Categories, Colours and Products (links to /admin/category, /admin/color, /admin/product)', async () => {
    const page = await newPage(browser, { width: 1440, height: 800 });
    await login(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const texts = await nav.locator('.nav-label').allTextContents();
    expect(texts.slice(0, 4)).toEqual(['Dashboards', 'Categories', 'Colours', 'Products']);
    for (const [name, href] of [
      ['Categories', '/admin/category'],
      ['Colours', '/admin/color'],
      ['Products', '/admin/product'],
    ] as const) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
      await link.click();
      await page.waitForURL(new RegExp(`${href}$`));
    }
    await page.close();
  });
});
