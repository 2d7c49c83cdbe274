// Saving the product form: an update sends only the fields the person changed, never the
// stock it loaded; a stock change carries the loaded stock (expectedStock); a 409 `stock_changed` shows "Stock
// changed from 3 to 2 while you were editing", and the form goes on from the current values (the stock and the
// untouched fields), keeping the person's other edits, so the next save is based on 2.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const product = vi.hoisted(() => ({ get: vi.fn(), update: vi.fn(), create: vi.fn() }));
const category = vi.hoisted(() => ({ list: vi.fn() }));
const color = vi.hoisted(() => ({ list: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { product, category, color }, imageSrc: () => null }));

import { ApiError } from '@voltcart/api-client/http';
import type { Product } from '@voltcart/shared';
import { useToasts } from '../../stores/toast';
import { button, cleanup, click, render, type, wait } from '../../testing/render';
import { ProductFormPage } from './product-form-page';

const loaded: Product = {
  _id: '7',
  name: 'Voltphone',
  slug: 'voltphone',
  sku: 'VP-7',
  brand: 'Volt',
  originalPrice: 20000,
  discountPercentage: 10,
  finalPrice: 18000,
  thumbnail: '',
  stock: 3,
  inStock: true,
  status: true,
  topSelling: false,
  categoryId: null,
  categoryName: null,
  categorySlug: null,
  images: [],
  colors: [],
  memorySizes: [128],
  memoryPriceAdj: [0],
  videoUrl: '',
  shortDescription: 'Before',
  longDescription: '',
  category: null,
};

async function typeText(el: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const field = <T extends HTMLElement = HTMLInputElement>(c: HTMLElement, id: string) =>
  c.querySelector<T>(`#${id}`)!;

async function openForm() {
  const r = await render(<ProductFormPage />, {
    path: '/admin/product/edit/7',
    pattern: '/admin/product/edit/:productId',
  });
  await wait();
  return r;
}

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  for (const fn of [...Object.values(product), category.list, color.list]) fn.mockReset();
  product.get.mockResolvedValue({ flag: 1, msg: '', product: loaded });
  category.list.mockResolvedValue({ flag: 1, msg: '', categories: [] });
  color.list.mockResolvedValue({ flag: 1, msg: '', colors: [] });
});
afterEach(cleanup);

describe('product form: what a save sends', () => {
  it('a description change sends the description alone, not the stock the form loaded', async () => {
    product.update.mockResolvedValue({ flag: 1, msg: 'Product updated successfully.', product: loaded });
    const { container } = await openForm();
    expect(field(container, 'p-stock').value).toBe('3');
    await typeText(field<HTMLTextAreaElement>(container, 'p-short'), 'Now with a case');
    await click(button(container, 'Save'));
    await wait();
    expect(product.update).toHaveBeenCalledTimes(1);
    expect(product.update.mock.calls[0]![0]).toEqual({
      params: { id: '7' },
      body: { shortDescription: 'Now with a case' },
    });
  });

  it('a weight sends the grams alone; a weight of 0 g is refused before sending', async () => {
    product.update.mockResolvedValue({ flag: 1, msg: 'Product updated successfully.', product: loaded });
    const { container } = await openForm();
    expect(field(container, 'p-weight').value).toBe('');
    await type(field(container, 'p-weight'), '0');
    await click(button(container, 'Save'));
    await wait();
    expect(product.update).not.toHaveBeenCalled();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'The weight must be a whole number of grams, more than 0 and at most 100,000 (100 kg).',
    );
    await type(field(container, 'p-weight'), '850');
    await click(button(container, 'Save'));
    await wait();
    expect(product.update.mock.calls[0]![0]).toEqual({ params: { id: '7' }, body: { weightGrams: 850 } });
  });

  it('nothing changed: no request, back to the list', async () => {
    const { container, location } = await openForm();
    await click(button(container, 'Save'));
    await wait();
    expect(product.update).not.toHaveBeenCalled();
    expect(useToasts.getState().toasts.map((t) => t.msg)).toEqual(['No changes to save.']);
    expect(location()).toBe('/admin/product');
  });
});

describe('product form: the stock changed while it was open (409)', () => {
  it('says "Stock changed from 3 to 2", shows the current values, keeps the other edits, and saves from 2', async () => {
    const now: Product = { ...loaded, stock: 2, brand: 'Volt Mobile' };
    product.update.mockRejectedValueOnce(
      new ApiError(
        'Stock changed from 3 to 2 while you were editing. Nothing was saved.',
        409,
        'stock_changed',
        {
          flag: 0,
          code: 'stock_changed',
          msg: 'Stock changed from 3 to 2 while you were editing. Nothing was saved.',
          expectedStock: 3,
          currentStock: 2,
          product: now,
        },
      ),
    );
    const { container, location } = await openForm();
    await type(field(container, 'p-stock'), '10');
    await typeText(field<HTMLTextAreaElement>(container, 'p-short'), 'Now with a case');
    await click(button(container, 'Save'));
    await wait();
    expect(product.update.mock.calls[0]![0].body).toEqual({
      stock: 10,
      expectedStock: 3,
      shortDescription: 'Now with a case',
    });

    const alert = container.querySelector('[data-testid="stock-conflict"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toContain('Stock changed from 3 to 2 while you were editing.');
    expect(alert?.textContent).toContain('The form now shows the current stock (2)');
    // Only this message: not the API's text a second time.
    expect(container.querySelectorAll('.form-error')).toHaveLength(1);
    expect(location()).toBe('/admin/product/edit/7');
    // The current values: the stock, and a field changed elsewhere that the person had not touched.
    expect(field(container, 'p-stock').value).toBe('2');
    expect(field(container, 'p-brand').value).toBe('Volt Mobile');
    // The person's own edit stays.
    expect(field<HTMLTextAreaElement>(container, 'p-short').value).toBe('Now with a case');

    product.update.mockResolvedValueOnce({ flag: 1, msg: 'Product updated successfully.', product: now });
    await type(field(container, 'p-stock'), '10');
    await click(button(container, 'Save'));
    await wait();
    expect(product.update.mock.calls[1]![0].body).toEqual({
      stock: 10,
      expectedStock: 2,
      shortDescription: 'Now with a case',
    });
    expect(location()).toBe('/admin/product');
  });
});
