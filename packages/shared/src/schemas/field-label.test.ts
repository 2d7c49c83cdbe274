import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productBody, productUpdateBody } from './catalog';
import { fieldLabel } from './field-label';
import { settingsBody } from './settings';

describe('fieldLabel', () => {
  it.each([
    [settingsBody, ['freeShippingThreshold'], 'Free shipping threshold (₹)'],
    [settingsBody, ['lowStockThreshold'], 'Low-stock threshold (units)'],
    [productBody, ['videoUrl'], 'Video URL'],
    [productBody, ['originalPrice'], 'Original Price (₹)'],
    // Made optional by .partial() and refined: the label is found through the wrappers.
    [productUpdateBody, ['discountPercentage'], 'Discount Percentage'],
    [productUpdateBody, ['stock'], 'Stock Quantity'],
  ] as const)('labels %#: %j', (schema, path, label) => {
    expect(fieldLabel(schema, path)).toBe(label);
  });

  it('is undefined for fields without a label, unknown fields and the schema itself', () => {
    expect(fieldLabel(productUpdateBody, ['expectedStock'])).toBeUndefined();
    expect(fieldLabel(settingsBody, ['nope'])).toBeUndefined();
    expect(fieldLabel(settingsBody, [])).toBeUndefined();
  });

  it('follows a path into nested objects', () => {
    const schema = z.object({ address: z.object({ pin: z.string().meta({ label: 'Pincode' }) }).optional() });
    expect(fieldLabel(schema, ['address', 'pin'])).toBe('Pincode');
    expect(fieldLabel(schema, ['address', 0])).toBeUndefined();
  });
});
