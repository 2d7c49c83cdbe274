import type { Category } from '@voltcart/shared';
import { describe, expect, it } from 'vitest';
import { SHOWCASES, showcaseParts } from './showcase-section';

const category = (name: string, slug: string, status = true): Category => ({
  _id: slug,
  name,
  slug,
  Image: '',
  status,
  productCount: 1,
});
const section = (title: string) => SHOWCASES.find((s) => s.title === title)!;

describe('showcaseParts', () => {
  it('"Audios & Cameras" shows two of each and links to both categories', () => {
    const parts = showcaseParts(section('Audios & Cameras'), [
      category('Phones', 'phones'),
      category('Audio', 'audio'),
      category('Cameras', 'cameras'),
    ]);
    expect(parts).toEqual([
      { label: 'audio', params: { categorySlug: 'audio', limit: 2 }, viewAll: '/store/audio' },
      { label: 'cameras', params: { categorySlug: 'cameras', limit: 2 }, viewAll: '/store/cameras' },
    ]);
  });

  it('a part without a category (or whose category is switched off) falls back to its search', () => {
    const parts = showcaseParts(section('Top Cellphones & Tablets'), [
      category('Phones', 'phones'),
      category('Tablets', 'tablets', false),
    ]);
    expect(parts.map((p) => [p.params, p.viewAll])).toEqual([
      [{ categorySlug: 'phones', limit: 2 }, '/store/phones'],
      [{ q: 'tablet', limit: 2 }, '/store?q=tablet'],
    ]);
  });

  it('a section of one category shows four of it', () => {
    expect(showcaseParts(section('Gaming'), [category('Gaming', 'gaming')])).toEqual([
      { label: 'gaming', params: { categorySlug: 'gaming', limit: 4 }, viewAll: '/store/gaming' },
    ]);
  });
});
