import type { Product, Variant } from '@voltcart/shared';
import { describe, expect, it } from 'vitest';
import { cardAction, variantChoices } from './variant-choice';

const variant = (colorId: string | null, memorySize: number | null, stock: number, price: number): Variant =>
  ({
    _id: `${colorId}-${memorySize}`,
    sku: `SKU-${colorId}-${memorySize}`,
    colorId,
    memorySize,
    stock,
    price,
    originalPrice: price + 1000,
    priceOverride: null,
    enabled: true,
  }) as Variant;

const phone = (variants: Variant[]): Product =>
  ({
    _id: '7',
    name: 'iPhone 15 Pro',
    sku: 'IP15P',
    finalPrice: 100000,
    originalPrice: 110000,
    stock: variants.reduce((n, v) => n + v.stock, 0),
    inStock: true,
    thumbnail: 'green.webp',
    colors: [
      { _id: 'g', name: 'Forest Green', slug: 'forest-green', hexcode: '#0a0', priceAdj: 0 },
      { _id: 'r', name: 'Crimson Red', slug: 'crimson-red', hexcode: '#a00', priceAdj: 0 },
    ],
    colorImages: { r: ['red-1.webp', 'red-2.webp'] },
    memorySizes: [256, 1024],
    memoryPriceAdj: [0, 20000],
    variants,
  }) as unknown as Product;

describe('variantChoices', () => {
  it('names colour and memory, takes the colour picture and the variant price', () => {
    const [g, r] = variantChoices(phone([variant('g', 256, 3, 100000), variant('r', 1024, 0, 120000)]));
    expect(g).toMatchObject({ label: 'Forest Green · 256 GB', thumbnail: 'green.webp', sellable: true });
    expect(r).toMatchObject({
      label: 'Crimson Red · 1 TB',
      thumbnail: 'red-1.webp',
      price: 120000,
      msrp: 121000,
      sellable: false,
      sku: 'SKU-r-1024',
    });
  });

  it('leaves out switched-off variants; a product without variants is one choice without options', () => {
    const off = { ...variant('r', 256, 5, 1), enabled: false };
    expect(variantChoices(phone([variant('g', 256, 3, 1), off]))).toHaveLength(1);
    const [only] = variantChoices({ ...phone([]), stock: 4, variants: undefined });
    expect(only).toMatchObject({ colorId: null, memorySize: null, label: '', price: 100000, sellable: true });
  });
});

describe('cardAction', () => {
  const four = variantChoices(
    phone([
      variant('g', 256, 3, 100000),
      variant('g', 1024, 3, 120000),
      variant('r', 256, 2, 100000),
      variant('r', 1024, 0, 120000),
    ]),
  );

  it('opens the chooser when several combinations are sellable and no filter narrows them to one', () => {
    expect(cardAction(four)).toMatchObject({
      kind: 'choose',
      preselected: { label: 'Forest Green · 256 GB' },
    });
    // Red: only the 256 GB is sellable, so the filter says which one is meant.
    expect(cardAction(four, { colorSlugs: [], memory: [1024] })).toMatchObject({
      kind: 'add',
      choice: { label: 'Forest Green · 1 TB' },
    });
  });

  it('adds the one sellable combination matching the filters, and says which', () => {
    expect(cardAction(four, { colorSlugs: ['crimson-red'], memory: [] })).toMatchObject({
      kind: 'add',
      choice: { label: 'Crimson Red · 256 GB', thumbnail: 'red-1.webp' },
    });
    expect(cardAction(four, { colorSlugs: ['forest-green'], memory: [] })).toMatchObject({
      kind: 'choose',
      preselected: { label: 'Forest Green · 256 GB' },
    });
  });

  it('adds the only sellable combination, and reports nothing sellable', () => {
    const one = variantChoices(phone([variant('g', 256, 0, 1), variant('r', 256, 1, 1)]));
    expect(cardAction(one)).toMatchObject({ kind: 'add', choice: { label: 'Crimson Red · 256 GB' } });
    const none = variantChoices(phone([variant('g', 256, 0, 1)]));
    expect(cardAction(none)).toEqual({ kind: 'none' });
  });
});
