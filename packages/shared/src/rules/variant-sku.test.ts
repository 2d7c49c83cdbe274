import { describe, expect, it } from 'vitest';
import { suggestVariantSku, VARIANT_SKU } from './variant-sku';

describe('suggestVariantSku', () => {
  it.each([
    [{ id: 1, slug: 'galaxy-s24' }, 'phantom-black', 256, 'GALAXY-S24-PHANTOM-BLACK-256GB'],
    [{ id: 1, slug: 'galaxy-s24' }, null, 128, 'GALAXY-S24-128GB'],
    [{ id: 1, slug: 'usb-c-cable' }, 'white', null, 'USB-C-CABLE-WHITE'],
    [{ id: 1, slug: 'usb-c-cable' }, null, null, 'USB-C-CABLE'],
    [{ id: 42, slug: 'a'.repeat(70) }, null, null, `${'A'.repeat(50)}-42`],
  ])('%o %s %s → %s', (product, color, memory, sku) => {
    expect(suggestVariantSku(product, color, memory)).toBe(sku);
    expect(VARIANT_SKU.test(sku)).toBe(true);
  });
});
