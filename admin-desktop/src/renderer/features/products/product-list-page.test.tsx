// The product list's search on the data layer: what is searched follows the box after a pause, lives in
// the address, and a newer search wins over an older one whose answer comes later.
import { afterEach, describe, expect, it, vi } from 'vitest';

const product = vi.hoisted(() => ({ list: vi.fn(), toggle: vi.fn(), remove: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { product }, imageSrc: () => null }));

import type { ProductSummary } from '@voltcart/shared';
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
    // The seed's toggle is still there, shows the switch's own state, and says it is the switch.
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
        'Name',
        'SLUG',
        'Original',
        'Price',
        'Disc',
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
