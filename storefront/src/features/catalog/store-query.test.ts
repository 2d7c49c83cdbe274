import { describe, expect, it } from 'vitest';
import { readStoreQuery, writeStoreQuery } from './store-query';

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
    expect(read(qs)).toEqual(expected);
  });

  it('writes back only what differs from the defaults, unless the limit was chosen', () => {
    expect(writeStoreQuery({ limit: 24, colorSlug: '', q: '', page: 1 })).toBe('');
    expect(writeStoreQuery({ limit: 24, colorSlug: '', q: '', page: 1 }, { keepDefaultLimit: true })).toBe(
      'limit=24',
    );
    expect(writeStoreQuery({ limit: 0, colorSlug: 'red', q: 'tab s9', page: 1 })).toBe(
      'limit=0&colorSlug=red&q=tab+s9',
    );
    expect(writeStoreQuery({ limit: 2, colorSlug: '', q: '', page: 2 })).toBe('limit=2&page=2');
  });

  it('round-trips', () => {
    const q = { limit: 20, colorSlug: 'blue', q: 'pixel', page: 2 };
    expect(read(writeStoreQuery(q))).toEqual(q);
  });
});
