/**
 * The back office's main screens and the check the layout test runs on each: whether anything is cut off
 * (element boxes against the viewport and their panel). The accessibility test runs axe on each (e2e/axe.ts).
 */
import type { Page } from 'playwright-core';

export interface Screen {
  name: string;
  path: string;
  /** A heading that shows once the screen has loaded its data. */
  heading: string;
  /** Waits for more than the heading (e.g. the first row of a list). */
  ready?: (page: Page) => Promise<void>;
}

const firstRow = (page: Page) => page.locator('tbody tr').first().waitFor();

/** Every main screen of the back office; `orderId` and `productId` name items that exist. */
export function mainScreens(ids: { orderId: string; productId: string }): Screen[] {
  return [
    { name: 'dashboard', path: '/admin', heading: 'Dashboard', ready: firstRow },
    { name: 'categories', path: '/admin/category', heading: 'Categories', ready: firstRow },
    { name: 'category-form', path: '/admin/category/add', heading: 'Create New Category' },
    { name: 'colours', path: '/admin/color', heading: 'Colors', ready: firstRow },
    { name: 'colour-form', path: '/admin/color/add', heading: 'Create New Color' },
    {
      name: 'products',
      path: '/admin/product',
      heading: 'Products',
      ready: (page) => page.locator('tbody tr, [data-testid="product-card"]').first().waitFor(),
    },
    { name: 'product-form', path: `/admin/product/edit/${ids.productId}`, heading: 'Edit Product' },
    { name: 'orders', path: '/admin/orders', heading: 'Orders', ready: firstRow },
    { name: 'order-detail', path: `/admin/orders/${ids.orderId}`, heading: 'Shipping address' },
    { name: 'users', path: '/admin/users', heading: 'Users', ready: firstRow },
    {
      name: 'settings',
      path: '/admin/settings',
      heading: 'Settings',
      ready: async (page) => {
        await page
          .getByRole('button', { name: 'Save shop settings' })
          .and(page.locator(':enabled'))
          .waitFor();
      },
    },
    { name: 'bulk-upload', path: '/admin/bulk-upload', heading: 'Bulk upload' },
    { name: 'staff', path: '/admin/staff', heading: 'Staff accounts', ready: firstRow },
    { name: 'catalog-csv', path: '/admin/catalog-csv', heading: 'Catalogue CSV' },
    { name: 'history', path: '/admin/history', heading: 'History', ready: firstRow },
    { name: 'reviews', path: '/admin/reviews?status=all', heading: 'Reviews' },
    { name: 'stock-alerts', path: '/admin/stock-alerts', heading: 'Stock alerts' },
    { name: 'discounts', path: '/admin/discounts', heading: 'All discounts' },
    { name: 'discount-form', path: '/admin/discounts/add', heading: 'Add discount' },
  ];
}

export async function openScreen(page: Page, adminUrl: string, screen: Screen): Promise<void> {
  await page.goto(`${adminUrl}${screen.path}`);
  await page.getByRole('heading', { name: screen.heading, exact: true }).first().waitFor();
  await screen.ready?.(page);
}

/**
 * What is cut off on the page: the page scrolling sideways, a panel (a table's box) scrolling sideways, or
 * a visible element whose box reaches past the viewport or past the panel it is in. Visually hidden helpers
 * (1 px boxes) and the text inside an ellipsis cell (cut on purpose, whole in its title) do not count.
 * Returns descriptions; [] when nothing is cut off.
 */
export function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > vw + 1)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    for (const panel of document.querySelectorAll<HTMLElement>('.panel, .table-scroll, .modal-body')) {
      if (panel.scrollWidth > panel.clientWidth + 1)
        out.push(`${label(panel)} scrolls sideways: ${panel.scrollWidth} > ${panel.clientWidth}`);
    }
    const selector = 'main *, .sidebar *, .topbar *, .login-card *, .toasts *';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (el.closest('.ellipsis') && !el.classList.contains('ellipsis')) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (r.right > vw + 1 || r.left < -1)
        out.push(
          `${label(el)} reaches past the viewport (${Math.round(r.left)}–${Math.round(r.right)} of ${vw})`,
        );
      const panel = el.parentElement?.closest<HTMLElement>('.panel');
      if (panel) {
        const p = panel.getBoundingClientRect();
        if (r.right > p.right + 1)
          out.push(`${label(el)} reaches past its panel (${Math.round(r.right)} > ${Math.round(p.right)})`);
      }
    }
    return [...new Set(out)].slice(0, 20);
  });
}
