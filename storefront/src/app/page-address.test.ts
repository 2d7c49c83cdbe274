import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-address';

const junk = Array.from({ length: 300 }, (_, i) => `x${i}=${i}`).join('&');

describe('pageAddress', () => {
  it.each([
    ['the home page', '/', '', '/', ''],
    ['the home page with 300 made-up parameters', '/', `?${junk}`, '/', ''],
    ['the store with 300 made-up parameters', '/store', `?${junk}`, '/store', ''],
    ['tracking tags and a trailing slash', '/store/', '?utm_source=mail&fbclid=abc', '/store', ''],
    [
      'a search among made-up parameters',
      '/store',
      `?q=phone&${junk}&sort=price_asc`,
      '/store',
      '?q=phone&sort=price_asc',
    ],
    [
      'the store filters in another order',
      '/store',
      '?sort=price_asc&q=phone',
      '/store',
      '?q=phone&sort=price_asc',
    ],
    ['default and unknown filter values', '/store', '?limit=24&page=1&sort=nonsense', '/store', ''],
    ['a category page', '/store/phones', `?brand=Acme&${junk}`, '/store/phones', '?brand=Acme'],
    [
      'a product with a chosen variant',
      '/product/PX12',
      `?color=black&${junk}&memory=128`,
      '/product/PX12',
      '?color=black&memory=128',
    ],
    [
      'a repeated variant parameter',
      '/product/PX12',
      '?sku=PX12-BLK&sku=other',
      '/product/PX12',
      '?sku=PX12-BLK',
    ],
    ['a comparison', '/compare', `?ids=3, 1,3&${junk}`, '/compare', '?ids=3,1'],
    ['a page that reads no parameter', '/about', '?x=1', '/about', ''],
    ['a private page', '/cart/', '?x=1', '/cart', ''],
    ['an unknown page', '/no/such/page', '?x=1', '/no/such/page', ''],
  ])('%s', (_, path, search, wantPath, wantSearch) => {
    expect(pageAddress(path, search)).toEqual({ pathname: wantPath, search: wantSearch });
  });
});
