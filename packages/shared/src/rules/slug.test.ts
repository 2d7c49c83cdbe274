import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Apple iPhone 15', 'apple-iphone-15'],
    ['  Galaxy   Tab S9  ', 'galaxy-tab-s9'],
    ['Sony WH-1000XM5', 'sony-wh-1000xm5'],
    // The hyphens around a removed character stay, so slugs made by earlier versions do not change.
    ['Café & Bar!', 'cafe--bar'],
    // Accented letters keep their base letter.
    ['Café Édition', 'cafe-edition'],
    ['Über Größe Ñandú', 'uber-groe-nandu'],
    // Compatibility forms fold to plain letters and digits (NFKD).
    ['ﬁne Ｐｈｏｎｅ ²', 'fine-phone-2'],
    ['USB-C\tCable\n2m', 'usb-c-cable-2m'],
    ['ALL CAPS', 'all-caps'],
    ['₹999 Deal', '999-deal'],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
