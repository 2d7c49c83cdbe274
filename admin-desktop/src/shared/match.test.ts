import { parseImageName } from '@voltcart/shared';
import { describe, expect, it } from 'vitest';
import {
  ambiguousNamesOf,
  assignDefaultRoles,
  chooseProduct,
  colorMatchesOf,
  type MatchableProduct,
  matchFiles,
  summarise,
} from './match';

const products: MatchableProduct[] = [
  { _id: '1', slug: 'iphone-15', sku: 'APL-IP15', name: 'iPhone 15' },
  { _id: '2', slug: 'iphone-15-pro', sku: 'APL-IP15P', name: 'iPhone 15 Pro' },
  { _id: '3', slug: 'galaxy-s24', sku: null, name: 'Galaxy S24' },
  { _id: '4', slug: 'pixel', sku: 'GGL-8', name: 'Pixel' },
  { _id: '5', slug: 'pixel-8', sku: null, name: 'Pixel 8' },
  // A SKU equal to another product's slug: a file with that name could mean either.
  { _id: '6', slug: 'boat-airdopes', sku: 'galaxy-buds', name: 'boAt Airdopes' },
  { _id: '7', slug: 'galaxy-buds', sku: 'SM-R400', name: 'Galaxy Buds' },
];

const file = (name: string, id = name) => ({ id, name });

describe('parseImageName', () => {
  it.each([
    ['iphone-15.jpg', { stem: 'iphone-15', base: 'iphone', suffix: 15 }],
    ['IPHONE-15-PRO-2.JPG', { stem: 'iphone-15-pro-2', base: 'iphone-15-pro', suffix: 2 }],
    ['galaxy-s24.webp', { stem: 'galaxy-s24', base: null, suffix: null }],
    ['  spaced-3.png ', { stem: 'spaced-3', base: 'spaced', suffix: 3 }],
    ['no-extension-1', { stem: 'no-extension-1', base: 'no-extension', suffix: 1 }],
    ['archive.tar.jpg', { stem: 'archive.tar', base: null, suffix: null }],
    ['-5.jpg', { stem: '-5', base: null, suffix: null }],
    ['long-number-123456.jpg', { stem: 'long-number-123456', base: null, suffix: null }],
  ])('%s', (name, expected) => {
    expect(parseImageName(name)).toEqual(expected);
  });
});

describe('matchFiles', () => {
  // [file name, status, product id, suffix, default role when alone]
  const table: [string, 'matched' | 'unmatched' | 'ambiguous', string | null, number | null, string][] = [
    ['galaxy-s24.jpg', 'matched', '3', null, 'thumbnail'],
    ['galaxy-s24-1.jpg', 'matched', '3', 1, 'thumbnail'],
    ['galaxy-s24-2.jpg', 'matched', '3', 2, 'gallery'],
    ['Galaxy-S24-3.PNG', 'matched', '3', 3, 'gallery'],
    ['iphone-15-pro.webp', 'matched', '2', null, 'thumbnail'],
    ['iphone-15-pro-4.jpg', 'matched', '2', 4, 'gallery'],
    ['apl-ip15.jpg', 'matched', '1', null, 'thumbnail'],
    ['APL-IP15-2.jpeg', 'matched', '1', 2, 'gallery'],
    ['ggl-8.jpg', 'matched', '4', null, 'thumbnail'],
    ['sm-r400-2.jpg', 'matched', '7', 2, 'gallery'],
    // read whole it is pixel-8, read as key + number it is pixel's 8th photo: staff decide
    ['pixel-8.jpg', 'ambiguous', null, 8, 'gallery'],
    // "iphone-15" is a slug, and "iphone" is not a product: no ambiguity
    ['iphone-15.jpg', 'matched', '1', null, 'thumbnail'],
    // one product's SKU is another's slug
    ['galaxy-buds.jpg', 'ambiguous', null, null, 'gallery'],
    ['unknown-phone.jpg', 'unmatched', null, null, 'gallery'],
    ['unknown-phone-2.jpg', 'unmatched', null, 2, 'gallery'],
  ];

  it.each(table)('%s → %s %s', (name, status, productId, suffix, role) => {
    const [entry] = matchFiles([file(name)], products);
    expect(entry).toMatchObject({ status, productId, suffix, role });
  });

  it('lists every candidate of an ambiguous name and lets staff choose one', () => {
    const [entry] = matchFiles([file('pixel-8.jpg')], products);
    expect(entry!.candidates.sort()).toEqual(['4', '5']);
    const chosen = chooseProduct(entry!, '5');
    expect(chosen).toMatchObject({ status: 'matched', productId: '5' });
    // Only a real candidate can be chosen.
    expect(chooseProduct(entry!, '3')).toBe(entry);
  });

  it('makes one thumbnail per product: the plain name first, else -1, the rest go to the gallery', () => {
    const entries = matchFiles(
      [
        file('galaxy-s24-2.jpg'),
        file('galaxy-s24-1.jpg'),
        file('galaxy-s24.jpg'),
        file('iphone-15-pro-1.png'),
      ],
      products,
    );
    const roles = Object.fromEntries(entries.map((e) => [e.file.name, e.role]));
    expect(roles).toEqual({
      'galaxy-s24-2.jpg': 'gallery',
      'galaxy-s24-1.jpg': 'gallery',
      'galaxy-s24.jpg': 'thumbnail',
      'iphone-15-pro-1.png': 'thumbnail',
    });
  });

  it('never picks a thumbnail from numbered gallery files alone', () => {
    const entries = matchFiles([file('galaxy-s24-2.jpg'), file('galaxy-s24-3.jpg')], products);
    expect(entries.map((e) => e.role)).toEqual(['gallery', 'gallery']);
  });

  it('keeps the roles staff chose and rebalances the others', () => {
    const entries = matchFiles([file('galaxy-s24.jpg', 'a'), file('galaxy-s24-2.jpg', 'b')], products);
    const changed = entries.map((e) => (e.file.id === 'b' ? { ...e, role: 'thumbnail' as const } : e));
    const result = assignDefaultRoles(changed, new Set(['b']));
    expect(result.map((e) => [e.file.id, e.role])).toEqual([
      ['a', 'gallery'],
      ['b', 'thumbnail'],
    ]);
  });

  it('summarises the preview', () => {
    const entries = matchFiles(
      [file('galaxy-s24.jpg'), file('galaxy-s24-2.jpg'), file('pixel-8.jpg'), file('nothing.jpg')],
      products,
    );
    expect(summarise(entries)).toEqual({
      matched: 2,
      unmatched: 1,
      ambiguous: 1,
      thumbnails: 1,
      gallery: 1,
      colorGallery: 0,
    });
  });

  it('flags a name the API found ambiguous between colours or products instead of guessing', () => {
    // `galaxy-s24-blue`: colour `blue` of galaxy-s24, or the product whose slug is galaxy-s24-blue (read
    // locally, that product alone would match).
    const blue = { _id: '9', slug: 'galaxy-s24-blue', sku: null, name: 'Galaxy S24 Blue' };
    const withSlug = [...products, blue];
    const ambiguous = ambiguousNamesOf([
      {
        name: 'galaxy-s24-blue.jpg',
        status: 'ambiguous',
        product: null,
        candidates: [products[2]!, blue],
        color: null,
      },
      {
        name: 'galaxy-s24.jpg',
        status: 'matched',
        product: products[2]!,
        candidates: [products[2]!],
        color: null,
      },
    ]);
    expect(ambiguous).toEqual({ 'galaxy-s24-blue.jpg': ['3', '9'] });
    expect(matchFiles([file('galaxy-s24-blue.jpg')], withSlug)[0]).toMatchObject({
      status: 'matched',
      productId: '9',
    });
    const [entry] = matchFiles(
      [file('galaxy-s24-blue.jpg'), file('galaxy-s24.jpg')],
      withSlug,
      {},
      ambiguous,
    );
    expect(entry).toMatchObject({
      status: 'ambiguous',
      productId: null,
      candidates: ['3', '9'],
      color: null,
    });
    expect(chooseProduct(entry!, '9')).toMatchObject({ status: 'matched', productId: '9', color: null });
  });

  it("sends the names the API matched to a colour to that colour's gallery, never as the thumbnail", () => {
    const blue = { _id: '31', name: 'Ocean Blue', slug: 'ocean-blue' };
    const colors = colorMatchesOf([
      {
        name: 'galaxy-s24-ocean-blue.jpg',
        status: 'matched',
        product: products[2]!,
        candidates: [products[2]!],
        color: blue,
      },
      {
        name: 'galaxy-s24-ocean-blue-2.jpg',
        status: 'matched',
        product: products[2]!,
        candidates: [products[2]!],
        color: blue,
      },
      {
        name: 'galaxy-s24-2.jpg',
        status: 'matched',
        product: products[2]!,
        candidates: [products[2]!],
        color: null,
      },
    ]);
    expect(Object.keys(colors)).toEqual(['galaxy-s24-ocean-blue.jpg', 'galaxy-s24-ocean-blue-2.jpg']);
    const entries = matchFiles(
      [file('galaxy-s24-ocean-blue.jpg'), file('galaxy-s24-ocean-blue-2.jpg'), file('galaxy-s24-2.jpg')],
      products,
      colors,
    );
    expect(entries.map((e) => [e.file.name, e.status, e.productId, e.role, e.color?.slug ?? null])).toEqual([
      ['galaxy-s24-ocean-blue.jpg', 'matched', '3', 'gallery', 'ocean-blue'],
      ['galaxy-s24-ocean-blue-2.jpg', 'matched', '3', 'gallery', 'ocean-blue'],
      ['galaxy-s24-2.jpg', 'matched', '3', 'gallery', null],
    ]);
    expect(summarise(entries)).toMatchObject({ matched: 3, thumbnails: 0, gallery: 3, colorGallery: 2 });
    // Choosing the product again (e.g. after an ambiguity) means its shared pictures.
    expect(chooseProduct(entries[0]!, '3').color).toBeNull();
  });

  it('handles a large folder against a large catalogue quickly', () => {
    const many: MatchableProduct[] = Array.from({ length: 20_000 }, (_, i) => ({
      _id: String(i + 1),
      slug: `product-${i}`,
      sku: `SKU${i}`,
      name: `Product ${i}`,
    }));
    const files = Array.from({ length: 5000 }, (_, i) =>
      file(`product-${i * 3}-${(i % 4) + 1}.jpg`, `f${i}`),
    );
    const started = performance.now();
    const entries = matchFiles(files, many);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(summarise(entries).matched).toBe(5000);
  });
});
