// The gallery upload: every chosen image is uploaded, in requests of at most 20 (the API's limit); when a
// request fails, the images of the earlier requests are in, the rest stay chosen and the message says how many.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const product = vi.hoisted(() => ({ get: vi.fn(), addImages: vi.fn(), removeImage: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { product }, imageSrc: () => null }));

import { ApiError } from '@voltcart/api-client/http';
import type { Product } from '@voltcart/shared';
import { useToasts } from '../../stores/toast';
import { button, cleanup, click, render, wait } from '../../testing/render';
import { PER_REQUEST, ProductImagesPage } from './product-images-page';

const phone: Product = {
  _id: '7',
  name: 'Voltphone',
  slug: 'voltphone',
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
  images: [],
  colors: [],
  memorySizes: [],
  memoryPriceAdj: [],
  videoUrl: '',
  shortDescription: '',
  longDescription: '',
  category: null,
};

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => new File([new Uint8Array(10)], `p${i}.jpg`, { type: 'image/jpeg' }));
const sentNames = () =>
  product.addImages.mock.calls.map(([req]) =>
    (req as { body: { images: { name: string }[] } }).body.images.map((f) => f.name),
  );
const toasts = () => useToasts.getState().toasts.map((t) => [t.kind, t.msg]);

async function choose(container: HTMLElement, chosen: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: chosen, configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await wait();
}

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  for (const fn of Object.values(product)) fn.mockReset();
  product.get.mockResolvedValue({ flag: 1, msg: '', product: phone });
});
afterEach(cleanup);

describe('gallery upload', () => {
  it('uploads all 45 chosen images in requests of 20, 20 and 5', async () => {
    product.addImages.mockResolvedValue({ flag: 1, msg: 'Images added.', product: phone, uploads: [] });
    const { container } = await render(<ProductImagesPage />, {
      path: '/admin/product/multiple/7',
      pattern: '/admin/product/multiple/:productId',
    });
    await wait();
    await choose(container, files(45));
    expect(container.querySelector('[data-testid="upload-batches"]')?.textContent).toBe(
      '45 images chosen: all of them are uploaded, in 3 requests of up to 20.',
    );
    await click(button(container, 'Upload'));
    await wait();
    expect(PER_REQUEST).toBe(20);
    expect(sentNames().map((b) => b.length)).toEqual([20, 20, 5]);
    expect(sentNames().flat()).toEqual(files(45).map((f) => f.name));
    expect(toasts()).toEqual([['success', '45 images uploaded.']]);
    expect(container.querySelectorAll('.preview')).toHaveLength(0);
  });

  it('after a failed request, says how many went in and keeps the rest chosen', async () => {
    product.addImages
      .mockResolvedValueOnce({ flag: 1, msg: 'Images added.', product: phone, uploads: [] })
      .mockRejectedValueOnce(new ApiError('The image is too large.', 413, 'too_large'));
    const { container } = await render(<ProductImagesPage />, {
      path: '/admin/product/multiple/7',
      pattern: '/admin/product/multiple/:productId',
    });
    await wait();
    await choose(container, files(25));
    await click(button(container, 'Upload'));
    await wait();
    expect(sentNames().map((b) => b.length)).toEqual([20, 5]);
    expect(toasts()).toEqual([
      ['error', '20 of 25 images were uploaded; the other 5 were not: The image is too large.'],
    ]);
    expect([...container.querySelectorAll('.preview figcaption')].map((f) => f.textContent)).toEqual(
      files(25)
        .slice(20)
        .map((f) => `${f.name} · 10 B`),
    );
  });
});
