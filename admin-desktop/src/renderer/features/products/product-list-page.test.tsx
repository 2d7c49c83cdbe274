// The product list's search on the data layer: what is searched follows the box after a pause, lives in
// the address, and a newer search wins over an older one whose answer comes later.
import { afterEach, describe, expect, it, vi } from 'vitest';

const product = vi.hoisted(() => ({ list: vi.fn(), toggle: vi.fn(), remove: vi.fn(), update: vi.fn() }));
const settings = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { product, settings }, imageSrc: () => null }));

import { ApiError } from '@voltcart/api-client/http';
import type { ProductSummary } from '@voltcart/shared';
import { act } from 'react';
import { beforeEach } from 'vitest';
import { button, cleanup, click, deferred, render, type, wait } from '../../testing/render';
import { ProductListPage } from './product-list-page';

const item = (_id: string, name: string) =>
  ({
    _id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    sku: null,
    brand: '',
    originalPrice: 1000,
    discountPercentage: 0,
    finalPrice: 1000,
    thumbnail: '',
    stock: 5,
    inStock: true,
    status: true,
    topSelling: false,
    categoryId: null,
    categoryName: null,
    categorySlug: null,
  }) satisfies ProductSummary;
type Reply = { flag: 1; msg: string; products: ProductSummary[]; hasMore: boolean };
const page = (products: ProductSummary[]): Reply => ({ flag: 1, msg: '', products, hasMore: false });
const names = (c: HTMLElement) =>
  [...c.querySelectorAll('[data-testid="product-card"] h3, td .strong')].map((e) => e.textContent);

beforeEach(() => {
  for (const fn of [...Object.values(product), settings.get]) fn.mockReset();
  settings.get.mockResolvedValue({ flag: 1, msg: '', settings: { lowStockThreshold: 5 } });
});
afterEach(cleanup);

describe('product search', () => {
  it('a newer search wins over an older one answered later', async () => {
    const answers = new Map<string | undefined, ReturnType<typeof deferred<Reply>>>();
    product.list.mockImplementation(({ query }: { query: { q?: string } }) => {
      const d = deferred<Reply>();
      answers.set(query.q, d);
      return d.promise;
    });
    const { container, location } = await render(<ProductListPage />, { path: '/admin/product' });
    answers.get(undefined)!.resolve(page([item('1', 'Voltphone'), item('2', 'Photo Frame')]));
    await wait();
    expect(names(container)).toEqual(['Voltphone', 'Photo Frame']);

    const box = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    await type(box, 'pho');
    await wait(350);
    await type(box, 'phone');
    await wait(350);
    expect(location()).toBe('/admin/product?q=phone');
    expect([...answers.keys()]).toEqual([undefined, 'pho', 'phone']);
    // The list on screen stays while the new one loads.
    expect(names(container)).toEqual(['Voltphone', 'Photo Frame']);

    answers.get('phone')!.resolve(page([item('1', 'Voltphone')]));
    await wait();
    answers.get('pho')!.resolve(page([item('2', 'Photo Frame')]));
    await wait();
    expect(names(container)).toEqual(['Voltphone']);
  });
});

describe('HSN codes in the product list', () => {
  it('shows each product’s HSN code, says when it is its category’s, and a dash when there is none', async () => {
    product.list.mockResolvedValue(
      page([
        { ...item('1', 'Own Code Phone'), hsn: { code: '85171300', own: true } },
        { ...item('2', 'Category Code Phone'), hsn: { code: '8517', own: false } },
        { ...item('3', 'No Code Cable'), hsn: { code: '', own: false } },
      ]),
    );
    const { container } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    const cells = [...container.querySelectorAll('[data-testid="hsn-cell"]')].map((c) => c.textContent);
    expect(cells).toEqual(['85171300', '8517 (category)', '-']);
  });
});

describe('stock in the product list', () => {
  const rowOf = (c: HTMLElement, name: string) =>
    [...c.querySelectorAll<HTMLElement>('tbody tr, [data-testid="product-card"]')].find((r) =>
      r.textContent?.includes(name),
    )!;
  const badge = (r: HTMLElement) => r.querySelector('[data-testid="stock-badge"]')?.textContent;
  const units = (r: HTMLElement) => r.querySelector('[data-testid="units"]')?.textContent;

  it('shows the units and a badge by the shared rule; the switch alone no longer says a product sells', async () => {
    product.list.mockResolvedValue(
      page([
        { ...item('1', 'Sold Out Phone'), stock: 0, inStock: true },
        { ...item('2', 'Stocked Phone'), stock: 12, inStock: true },
        { ...item('3', 'Switched Off Phone'), stock: 7, inStock: false },
      ]),
    );
    const { container } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    const soldOut = rowOf(container, 'Sold Out Phone');
    expect(units(soldOut)).toBe('0');
    expect(badge(soldOut)).toBe('Out of stock');
    // The Stock toggle is still there, shows the switch's own state, and says it is the switch.
    const toggle = button(soldOut, 'In Stock');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toBe('Switch');

    expect(units(rowOf(container, 'Stocked Phone'))).toBe('12');
    expect(badge(rowOf(container, 'Stocked Phone'))).toBe('In stock');
    const off = rowOf(container, 'Switched Off Phone');
    expect(badge(off)).toBe('Out of stock');
    expect(button(off, 'Out of Stock').getAttribute('aria-pressed')).toBe('false');
    if (container.querySelector('thead'))
      expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
        '',
        'Name',
        'SLUG',
        'Original',
        'Price',
        'Disc',
        'HSN',
        'Status',
        'Units',
        'Stock',
        'Top',
      ]);
  });

  it('the Stock toggle still switches with flag 2', async () => {
    product.list.mockResolvedValue(page([{ ...item('1', 'Sold Out Phone'), stock: 0, inStock: true }]));
    product.toggle.mockResolvedValue({ flag: 1, msg: 'Product stock updated.' });
    const { container } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    await click(button(rowOf(container, 'Sold Out Phone'), 'In Stock'));
    await wait();
    expect(product.toggle).toHaveBeenCalledWith({ params: { id: '1' }, body: { flag: 2 } });
  });
});

describe('units adjusted in the list (compare-and-set) and the low-stock filter', () => {
  const rowOf = (c: HTMLElement, name: string) =>
    [...c.querySelectorAll<HTMLElement>('tbody tr, [data-testid="product-card"]')].find((r) =>
      r.textContent?.includes(name),
    )!;
  const byLabel = (r: HTMLElement, label: string) => r.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;
  const key = async (el: HTMLElement, k: string) =>
    act(async () => {
      el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    });

  it('− and + send the new units with the units on screen; a set value too (Enter)', async () => {
    product.list.mockResolvedValue(page([{ ...item('1', 'Voltphone'), stock: 3 }]));
    product.update.mockResolvedValue({
      flag: 1,
      msg: 'Product updated successfully.',
      product: { stock: 4 },
    });
    const { container } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    const row = rowOf(container, 'Voltphone');
    await click(byLabel(row, 'One unit more of Voltphone'));
    await wait();
    expect(product.update).toHaveBeenLastCalledWith({
      params: { id: '1' },
      body: { stock: 4, expectedStock: 3 },
    });
    await click(byLabel(row, 'One unit fewer of Voltphone'));
    await wait();
    expect(product.update).toHaveBeenLastCalledWith({
      params: { id: '1' },
      body: { stock: 2, expectedStock: 3 },
    });

    await click(row.querySelector('[data-testid="units"]')!);
    const input = byLabel(row, 'Units of Voltphone') as HTMLInputElement;
    expect(input.value).toBe('3');
    await type(input, '12');
    await key(input, 'Enter');
    await wait();
    expect(product.update).toHaveBeenLastCalledWith({
      params: { id: '1' },
      body: { stock: 12, expectedStock: 3 },
    });
    expect(product.update).toHaveBeenCalledTimes(3);
  });

  it('a 409 is shown in the row, which then shows the current units', async () => {
    product.list
      .mockResolvedValueOnce(page([{ ...item('1', 'Voltphone'), stock: 3 }]))
      .mockResolvedValue(page([{ ...item('1', 'Voltphone'), stock: 2 }]));
    product.update.mockRejectedValue(
      new ApiError('Stock changed from 3 to 2 while you were editing.', 409, 'stock_changed', {
        expectedStock: 3,
        currentStock: 2,
        product: { ...item('1', 'Voltphone'), stock: 2 },
      }),
    );
    const { container } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    await click(byLabel(rowOf(container, 'Voltphone'), 'One unit more of Voltphone'));
    await wait();
    const row = rowOf(container, 'Voltphone');
    const notice = row.querySelector('[data-testid="units-notice"]');
    expect(notice?.getAttribute('role')).toBe('alert');
    expect(notice?.textContent).toBe(
      'Stock changed from 3 to 2 while you were editing. Nothing was changed.',
    );
    expect(row.querySelector('[data-testid="units"]')?.textContent).toBe('2');
  });

  it('refuses a set value that is not a whole number of units, without a request', async () => {
    product.list.mockResolvedValue(page([{ ...item('1', 'Voltphone'), stock: 3 }]));
    const { container } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    const row = rowOf(container, 'Voltphone');
    await click(row.querySelector('[data-testid="units"]')!);
    const input = byLabel(row, 'Units of Voltphone') as HTMLInputElement;
    await type(input, '2.5');
    await key(input, 'Enter');
    expect(row.querySelector('[data-testid="units-notice"]')?.textContent).toBe(
      'Enter a whole number of units, 0 or more.',
    );
    await key(input, 'Escape');
    expect(row.querySelector('[data-testid="units"]')?.textContent).toBe('3');
    expect(product.update).not.toHaveBeenCalled();
  });

  it('"Low stock only" asks for lowStock=1, keeps it in the address and names the threshold', async () => {
    product.list.mockImplementation(({ query }: { query: { lowStock?: string } }) =>
      Promise.resolve(
        query.lowStock
          ? { ...page([{ ...item('2', 'Nearly Gone'), stock: 1 }]), lowStockThreshold: 5 }
          : page([
              { ...item('1', 'Voltphone'), stock: 12 },
              { ...item('2', 'Nearly Gone'), stock: 1 },
            ]),
      ),
    );
    const { container, location } = await render(<ProductListPage />, { path: '/admin/product' });
    await wait();
    const filter = container.querySelector<HTMLInputElement>('.check-filter input')!;
    expect(filter.closest('label')?.textContent).toBe('Low stock only (5 units or fewer)');
    expect(filter.checked).toBe(false);
    // Units at or under the threshold stand out.
    expect(rowOf(container, 'Nearly Gone').querySelector('.units-low')).not.toBeNull();
    expect(rowOf(container, 'Voltphone').querySelector('.units-low')).toBeNull();

    await click(filter);
    await wait();
    expect(location()).toBe('/admin/product?lowStock=1');
    expect(product.list).toHaveBeenLastCalledWith(
      { query: expect.objectContaining({ limit: 50, page: 1, q: undefined, lowStock: '1', facets: '1' }) },
      expect.anything(),
    );
    expect(names(container)).toEqual(['Nearly Gone']);
  });

  it('finds by SKU, filters by category and brand with counts, sorts, and says "of N"', async () => {
    const facets = {
      brand: [{ value: 'Volt', label: 'Volt', count: 7 }],
      category: [{ value: 'phones', label: 'Phones', count: 120 }],
      color: [],
      memory: [],
      inStock: 100,
      minDiscount: [],
      price: null,
    };
    product.list.mockResolvedValue({ ...page([item('1', 'Voltphone')]), hasMore: true, total: 120, facets });
    const { container, location } = await render(<ProductListPage />, {
      path: '/admin/product?q=VC-PHN-0000001&category=phones&brand=Volt&sort=price_asc',
    });
    await wait();
    expect(product.list).toHaveBeenLastCalledWith(
      {
        query: expect.objectContaining({
          q: 'VC-PHN-0000001',
          category: 'phones',
          brand: 'Volt',
          sort: 'price_asc',
        }),
      },
      expect.anything(),
    );
    const category = container.querySelector<HTMLSelectElement>('select[aria-label="Category"]')!;
    expect([...category.options].map((o) => o.textContent)).toEqual(['All categories', 'Phones (120)']);
    expect(container.querySelector('.pager')?.textContent).toContain('Showing 1–1 of 120');
    expect(container.querySelector('.pager')?.textContent).toContain('Page 1 of 3');
    const sort = container.querySelector<HTMLSelectElement>('select[aria-label="Sort by"]')!;
    await act(async () => {
      sort.value = 'discount';
      sort.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await wait();
    expect(location()).toContain('sort=discount');
  });

  it('names each sort once: "Newest" is the default option when it is the default', async () => {
    product.list.mockResolvedValue(page([item('1', 'Voltphone')]));
    const labels = (c: HTMLElement) =>
      [...c.querySelector<HTMLSelectElement>('select[aria-label="Sort by"]')!.options].map(
        (o) => o.textContent,
      );
    const plain = await render(<ProductListPage />, { path: '/admin/product?sort=newest' });
    await wait();
    expect(labels(plain.container)).toEqual([
      'Newest',
      'Popularity',
      'Price: low to high',
      'Price: high to low',
      'Biggest discount',
    ]);
    expect(plain.container.querySelector<HTMLSelectElement>('select[aria-label="Sort by"]')!.value).toBe('');
    cleanup();
    const searched = await render(<ProductListPage />, { path: '/admin/product?q=phone' });
    await wait();
    expect(labels(searched.container)).toEqual([
      'Best match',
      'Popularity',
      'Price: low to high',
      'Price: high to low',
      'Newest',
      'Biggest discount',
    ]);
  });
});
