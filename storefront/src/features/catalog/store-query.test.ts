import { describe, expect, it } from 'vitest';
import { listPosition, NO_FILTERS, readStoreQuery, type StoreQuery, writeStoreQuery } from './store-query';

const base = (q: Partial<StoreQuery>): StoreQuery => ({
  ...NO_FILTERS,
  limit: 24,
  q: '',
  page: 1,
  sort: '',
  ...q,
});

const read = (qs: string) => readStoreQuery(new URLSearchParams(qs));

describe('store query string', () => {
  it.each([
    ['', { limit: 24, colorSlug: '', q: '', page: 1 }],
    ['limit=0', { limit: 0, colorSlug: '', q: '', page: 1 }],
    ['limit=2&colorSlug=midnight-black', { limit: 2, colorSlug: 'midnight-black', q: '', page: 1 }],
    ['limit=20&q=%20galaxy%20', { limit: 20, colorSlug: '', q: 'galaxy', page: 1 }],
    ['limit=7', { limit: 24, colorSlug: '', q: '', page: 1 }],
    ['limit=abc&page=-3', { limit: 24, colorSlug: '', q: '', page: 1 }],
    ['limit=2&page=3', { limit: 2, colorSlug: '', q: '', page: 3 }],
    ['limit=0&page=3', { limit: 0, colorSlug: '', q: '', page: 1 }],
  ])('reads %j', (qs, expected) => {
    expect(read(qs)).toEqual(base(expected));
  });

  it('writes back only what differs from the defaults, unless the limit was chosen', () => {
    expect(writeStoreQuery(base({ limit: 24, colorSlug: '', q: '', page: 1 }))).toBe('');
    expect(
      writeStoreQuery(base({ limit: 24, colorSlug: '', q: '', page: 1 }), { keepDefaultLimit: true }),
    ).toBe('limit=24');
    expect(writeStoreQuery(base({ limit: 0, colorSlug: 'red', q: 'tab s9', page: 1 }))).toBe(
      'limit=0&colorSlug=red&q=tab+s9',
    );
    expect(writeStoreQuery(base({ limit: 2, colorSlug: '', q: '', page: 2 }))).toBe('limit=2&page=2');
  });

  it('round-trips', () => {
    const q = base({
      limit: 20,
      colorSlug: 'blue',
      q: 'pixel',
      page: 2,
      sort: 'price_asc',
      brand: ['Apple', 'Samsung'],
      memory: [128, 256],
      minPrice: 1000,
      maxPrice: 50000,
      inStock: true,
      minDiscount: 20,
    });
    expect(read(writeStoreQuery(q))).toEqual(q);
  });

  it('drops bad filter values instead of failing', () => {
    expect(read('sort=cheap&minPrice=500&maxPrice=100&minDiscount=15&memory=abc,256&inStock=yes')).toEqual(
      base({ maxPrice: 100, memory: [256] }),
    );
  });

  it('reads “4★ & above” and the rating sort from the address, and drops other ratings', () => {
    const q = readStoreQuery(new URLSearchParams('minRating=4&sort=rating'));
    expect(q).toMatchObject({ minRating: 4, sort: 'rating' });
    expect(writeStoreQuery(q)).toBe('sort=rating&minRating=4');
    expect(readStoreQuery(new URLSearchParams('minRating=5')).minRating).toBeNull();
  });

  it('says where the shopper is: "Showing 25–48 of 191" and the pages to offer', () => {
    expect(listPosition(24, 2, 191, 24)).toMatchObject({ from: 25, to: 48, total: 191, pages: 8 });
    expect(listPosition(24, 8, 191, 23)).toMatchObject({ from: 169, to: 191 });
    expect(listPosition(24, 5, 191, 24).items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(listPosition(2, 50, 191, 2).items).toEqual([1, null, 48, 49, 50, 51, 52, null, 96]);
    expect(listPosition(0, 1, 191, 191)).toMatchObject({ from: 1, to: 191, pages: 1 });
    expect(listPosition(24, 99, 191, 0)).toMatchObject({ from: 0, to: 0, pages: 8 });
  });
});
