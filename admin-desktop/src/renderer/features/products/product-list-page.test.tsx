// The product list's search on the data layer: what is searched follows the box after a pause, lives in
// the address, and a newer search wins over an older one whose answer comes later.
import { afterEach, describe, expect, it, vi } from 'vitest';

const product = vi.hoisted(() => ({ list: vi.fn(), toggle: vi.fn(), remove: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { product }, imageSrc: () => null }));

import type { ProductSummary } from '@voltcart/shared';
import { cleanup, deferred, render, type, wait } from '../../testing/render';
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
