import type { Product } from '@voltcart/shared';
import { describe, expect, it } from 'vitest';
import { normalizeSelection, priceRange, selectionPrice } from './product-options';

const color = (id: string, priceAdj: number) => ({
  _id: id,
  name: `C${id}`,
  slug: `c${id}`,
  hexcode: '#000000',
  status: true,
  priceAdj,
});

const product = {
  finalPrice: 45000,
  originalPrice: 50000,
  colors: [color('1', 0), color('2', 1000), color('3', -500)],
  memorySizes: [128, 256, 512],
  memoryPriceAdj: [0, 5000, 15000],
} as unknown as Product;

describe('product options', () => {
  it('defaults to the first colour and the first memory size', () => {
    expect(normalizeSelection(product, {})).toEqual({ colorId: '1', memorySize: 128 });
  });

  it('falls back to the first option when a choice is not offered', () => {
    expect(normalizeSelection(product, { colorId: '99', memorySize: 64 })).toEqual({
      colorId: '1',
      memorySize: 128,
    });
    expect(normalizeSelection(product, { colorId: '2', memorySize: 512 })).toEqual({
      colorId: '2',
      memorySize: 512,
    });
  });

  it('has no choice for a product without colours or memory sizes', () => {
    const plain = { ...product, colors: [], memorySizes: [], memoryPriceAdj: [] } as Product;
    expect(normalizeSelection(plain, { colorId: '1', memorySize: 128 })).toEqual({
      colorId: null,
      memorySize: null,
    });
    expect(selectionPrice(plain, { colorId: null, memorySize: null })).toEqual({
      price: 45000,
      msrp: 50000,
      percentOff: 10,
    });
  });

  it('adds the colour and memory adjustments to the price and the MSRP', () => {
    expect(selectionPrice(product, { colorId: '2', memorySize: 256 })).toEqual({
      price: 51000,
      msrp: 56000,
      percentOff: 9,
    });
    expect(selectionPrice(product, { colorId: '3', memorySize: 128 }).price).toBe(44500);
  });

  it('a missing memory adjustment counts as 0', () => {
    const short = { ...product, memoryPriceAdj: [0] } as Product;
    expect(selectionPrice(short, { colorId: '1', memorySize: 512 }).price).toBe(45000);
  });

  it('price range spans the cheapest and the dearest combination', () => {
    expect(priceRange(product)).toEqual({ min: 44500, max: 61000 });
  });
});
