import { describe, expect, it } from 'vitest';
import { toProductInput } from './product-form-state';

const base = {
  name: 'Voltphone',
  sku: '',
  brand: '',
  originalPrice: '1000',
  discountPercentage: '10',
  categoryId: '',
  colors: [],
  stock: '3',
  memory: [],
  videoUrl: '',
  shortDescription: '',
  longDescription: '',
};

describe('product form → request', () => {
  it('builds the request with numbers, colour and memory adjustments', () => {
    const { input } = toProductInput({
      ...base,
      categoryId: '4',
      colors: [{ _id: '2', priceAdj: '250' }],
      memory: [
        { gb: '128', adj: '' },
        { gb: '', adj: '' },
        { gb: '256', adj: '3000' },
      ],
    });
    expect(input).toMatchObject({
      name: 'Voltphone',
      originalPrice: 1000,
      discountPercentage: 10,
      categoryId: '4',
      colors: [{ _id: '2', priceAdj: 250 }],
      memorySizes: [128, 256],
      memoryPriceAdj: [0, 3000],
      stock: 3,
    });
  });

  it.each([
    [{ name: '  ' }, 'Please enter the product name.'],
    [{ originalPrice: '' }, 'Please enter the original price in rupees.'],
    [{ originalPrice: '-5' }, 'Please enter the original price in rupees.'],
    [{ discountPercentage: '120' }, 'The discount percentage must be between 0 and 100.'],
    [{ stock: '2.5' }, 'The stock quantity must be a whole number, 0 or more.'],
    [{ memory: [{ gb: 'lots', adj: '0' }] }, 'Every memory option needs a size in whole GB.'],
    [
      {
        memory: [
          { gb: '64', adj: '0' },
          { gb: '64', adj: '10' },
        ],
      },
      'The memory size 64 GB is listed twice.',
    ],
    [{ colors: [{ _id: '1', priceAdj: 'x' }] }, 'Every colour price adjustment must be a number of rupees.'],
  ])('refuses %j with a clear message', (patch, message) => {
    expect(toProductInput({ ...base, ...patch })).toEqual({ error: message });
  });
});
