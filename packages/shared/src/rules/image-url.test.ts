import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  it.each([
    ['http://api.test', 'product', 'a.webp', 'full', 'http://api.test/images/product/a.webp'],
    ['http://api.test/', 'product', 'a.webp', 'sm', 'http://api.test/images/product/sm/a.webp'],
    ['http://api.test', 'categories', 'c.webp', 'sm', 'http://api.test/images/categories/c.webp'],
    ['http://api.test', 'product', 'a b#.webp', 'full', 'http://api.test/images/product/a%20b%23.webp'],
    ['http://api.test', 'product', 'https://cdn.test/x.webp', 'sm', 'https://cdn.test/x.webp'],
  ] as const)('%s %s %s (%s) → %s', (base, kind, file, size, want) => {
    expect(imageUrl(base, kind, file, size)).toBe(want);
  });

  it('is null without a file', () => {
    expect(imageUrl('http://api.test', 'product', '')).toBeNull();
    expect(imageUrl('http://api.test', 'product', null)).toBeNull();
  });
});
