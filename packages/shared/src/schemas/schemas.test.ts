import { describe, expect, it } from 'vitest';
import { addAddressBody } from './address';
import { password } from './auth';
import { addToCartBody, moveToDbBody } from './cart';
import { colorBody, productBody, productListQuery } from './catalog';
import { placeOrderBody } from './order';

const first = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : `${r.error!.issues[0]!.path.join('.')}: ${r.error!.issues[0]!.message}`;

describe('request schemas', () => {
  it('product: parses multipart text fields and rejects bad prices', () => {
    const ok = productBody.safeParse({
      name: 'Phone',
      originalPrice: '1000',
      discountPercentage: '15',
      colors: '["1",{"_id":"2","priceAdj":500}]',
      memorySizes: '[128,256]',
      memoryPriceAdj: '[0,5000]',
      stock: '3',
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.colors).toEqual([
      { colorId: '1', priceAdj: 0 },
      { colorId: '2', priceAdj: 500 },
    ]);
    expect(first(productBody.safeParse({ name: 'P', originalPrice: -1 }))).toBe(
      'originalPrice: must not be negative',
    );
    expect(first(productBody.safeParse({ name: 'P', originalPrice: 10, discountPercentage: 101 }))).toBe(
      'discountPercentage: must be between 0 and 100',
    );
    expect(first(productBody.safeParse({ name: 'P', originalPrice: 'abc' }))).toMatch(/^originalPrice: /);
    expect(first(productBody.safeParse({ name: 'P', originalPrice: 10, colors: '{bad' }))).toBe(
      'colors: must be valid JSON',
    );
    expect(first(productBody.safeParse({ name: 'P', originalPrice: 10, stock: 1.5 }))).toBe(
      'stock: must be a whole number',
    );
    expect(first(productBody.safeParse({ name: '', originalPrice: 10 }))).toBe('name: is required');
  });

  it('numbers: blank text is missing; null, booleans and text are refused, never coerced to 0 or 1', () => {
    expect(first(productBody.safeParse({ name: 'P', originalPrice: '' }))).toBe('originalPrice: is required');
    expect(first(productBody.safeParse({ name: 'P', originalPrice: null }))).toBe(
      'originalPrice: must be a number',
    );
    expect(first(productBody.safeParse({ name: 'P', originalPrice: true }))).toBe(
      'originalPrice: must be a number',
    );
    expect(first(productBody.safeParse({ name: 'P', originalPrice: '12abc' }))).toBe(
      'originalPrice: must be a number',
    );
    expect(first(productBody.safeParse({ originalPrice: 10 }))).toBe('name: is required');
    expect(first(productBody.safeParse({ name: 5, originalPrice: 10 }))).toBe('name: must be text');
    expect(productBody.parse({ name: 'P', originalPrice: ' 12.50 ' }).originalPrice).toBe(12.5);
  });

  it('colour hex codes must be #rgb or #rrggbb', () => {
    expect(colorBody.safeParse({ name: 'Red', hexcode: '#ff0000' }).success).toBe(true);
    expect(colorBody.safeParse({ name: 'Red', hexcode: 'red' }).success).toBe(false);
  });

  it('list query: limit 0 means all; negative and huge limits are refused', () => {
    expect(productListQuery.parse({ limit: '0' }).limit).toBe(0);
    expect(productListQuery.safeParse({ limit: '-1' }).success).toBe(false);
    expect(productListQuery.safeParse({ limit: '5000' }).success).toBe(false);
  });

  it('passwords: at least 8 characters and at most 72 bytes', () => {
    expect(password.safeParse('1234567').success).toBe(false);
    expect(password.safeParse('12345678').success).toBe(true);
    expect(password.safeParse('é'.repeat(36)).success).toBe(true);
    expect(password.safeParse('é'.repeat(37)).success).toBe(false);
  });

  it('cart: qty defaults to 1 and options are optional', () => {
    expect(addToCartBody.parse({ productId: 5 })).toEqual({
      productId: '5',
      qty: 1,
      colorId: null,
      memorySize: null,
      variantId: null,
    });
    expect(moveToDbBody.parse({ cart: { items: [{ productId: '1', qty: 2 }] } }).cart).toHaveLength(1);
    expect(addToCartBody.safeParse({ productId: '1', qty: 0 }).success).toBe(false);
  });

  it('place order: the checkout messages come out of the schema', () => {
    const details = {
      adressLine1: 'a',
      city: 'c',
      state: 'KA',
      postalCode: '560001',
      country: 'IN',
      contact: '9876543210',
    };
    expect(placeOrderBody.safeParse({ payment_mode: 0, shipping_details: details }).success).toBe(true);
    expect(
      first(placeOrderBody.safeParse({ payment_mode: 0, shipping_details: { ...details, city: '' } })),
    ).toBe('shipping_details.city: Please enter city');
    expect(
      first(placeOrderBody.safeParse({ payment_mode: 0, shipping_details: { ...details, contact: '123' } })),
    ).toBe('shipping_details.contact: Please enter a valid contact number');
    expect(
      first(
        placeOrderBody.safeParse({
          payment_mode: 0,
          shipping_details: { ...details, contact: 'abcdefghij' },
        }),
      ),
    ).toBe('shipping_details.contact: Please enter a valid contact number');
    expect(
      placeOrderBody.safeParse({
        payment_mode: 0,
        shipping_details: { ...details, contact: '+91 98450-12345' },
      }).success,
    ).toBe(true);
    expect(first(placeOrderBody.safeParse({ payment_mode: 5, shipping_details: details }))).toBe(
      'payment_mode: Please select a payment mode',
    );
  });

  it('add address: the contact may be left out, but one that is given must be a contact number', () => {
    const home = { adressLine1: 'a', city: 'c', state: 'KA', postalCode: '560001', country: 'IN' };
    expect(addAddressBody.safeParse({ shipping_address: { ...home, contact: '' } }).success).toBe(true);
    expect(addAddressBody.safeParse({ shipping_address: { ...home, contact: '98450 12345' } }).success).toBe(
      true,
    );
    expect(first(addAddressBody.safeParse({ shipping_address: { ...home, contact: 'abcdefghij' } }))).toBe(
      'shipping_address.contact: Please enter a valid contact number',
    );
  });
});
