import { ApiError } from '@voltcart/api-client/http';
import { describe, expect, it } from 'vitest';
import { type ProductBody, productChanges, stockChangedText, stockConflict } from './product-save';

const loaded: ProductBody = {
  name: 'Voltphone',
  slug: 'voltphone',
  sku: 'VP-1',
  brand: 'Volt',
  originalPrice: 20000,
  discountPercentage: 10,
  finalPrice: 18000,
  categoryId: '4',
  colors: [{ _id: '2', priceAdj: 250 }],
  memorySizes: [64, 128],
  memoryPriceAdj: [0, 2000],
  stock: 3,
  videoUrl: '',
  shortDescription: 'Before',
  longDescription: '',
};

describe('productChanges: a save sends only what the person changed', () => {
  it('sends nothing when nothing changed', () => {
    expect(productChanges(loaded, { ...loaded })).toEqual({});
  });

  it('sends a description change alone: never the stock it loaded', () => {
    expect(productChanges(loaded, { ...loaded, shortDescription: 'After' })).toEqual({
      shortDescription: 'After',
    });
  });

  it('sends a cleared field as empty (the API clears it)', () => {
    expect(productChanges(loaded, { ...loaded, sku: '', categoryId: '' })).toEqual({
      sku: '',
      categoryId: '',
    });
  });

  it('sends a stock change with the stock the form loaded (compare-and-set)', () => {
    expect(productChanges(loaded, { ...loaded, stock: 10 })).toEqual({ stock: 10, expectedStock: 3 });
  });

  it('sends the derived slug and final price with the name and prices they come from', () => {
    expect(
      productChanges(loaded, {
        ...loaded,
        name: 'Voltphone 2',
        slug: 'voltphone-2',
        discountPercentage: 20,
        finalPrice: 16000,
      }),
    ).toEqual({ name: 'Voltphone 2', slug: 'voltphone-2', discountPercentage: 20, finalPrice: 16000 });
  });

  it('sends memory sizes and their adjustments together when either changed', () => {
    expect(productChanges(loaded, { ...loaded, memorySizes: [64, 256] })).toEqual({
      memorySizes: [64, 256],
      memoryPriceAdj: [0, 2000],
    });
    expect(productChanges(loaded, { ...loaded, memoryPriceAdj: [0, 3000] })).toEqual({
      memorySizes: [64, 128],
      memoryPriceAdj: [0, 3000],
    });
  });

  it('sends a colour list when a colour or its price adjustment changed', () => {
    expect(productChanges(loaded, { ...loaded, colors: [{ _id: '2', priceAdj: 300 }] })).toEqual({
      colors: [{ _id: '2', priceAdj: 300 }],
    });
  });
});

describe('stockConflict', () => {
  const body = {
    flag: 0,
    code: 'stock_changed',
    msg: 'x',
    expectedStock: 3,
    currentStock: 2,
    product: { stock: 2 },
  };
  it('reads the current values of a 409 stock_changed, and nothing else', () => {
    expect(stockConflict(new ApiError('x', 409, 'stock_changed', body))).toMatchObject({ currentStock: 2 });
    expect(stockConflict(new ApiError('x', 409, 'conflict', body))).toBeNull();
    expect(stockConflict(new Error('x'))).toBeNull();
    expect(stockChangedText(body)).toBe('Stock changed from 3 to 2 while you were editing.');
  });
});
