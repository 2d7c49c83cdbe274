import { describe, expect, it } from 'vitest';
import { addressError, checkoutError } from './checkout';

const ok = {
  adressLine1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  contact: '9876543210',
};

describe('checkoutError', () => {
  it.each<[Record<string, unknown>, unknown, string | null]>([
    [ok, 0, null],
    [ok, 1, null],
    [ok, '1', null],
    [{ ...ok, adressLine1: '' }, 0, 'Please enter adressLine1'],
    [{ ...ok, adressLine1: '   ' }, 0, 'Please enter adressLine1'],
    [{ ...ok, city: undefined }, 0, 'Please enter city'],
    [{ ...ok, state: '' }, 0, 'Please enter state'],
    [{ ...ok, postalCode: '' }, 0, 'Please enter postalCode'],
    [{ ...ok, country: '' }, 0, 'Please enter country'],
    [{ ...ok, contact: '' }, 0, 'Please enter a valid contact number'],
    [{ ...ok, contact: ' 98765432 ' }, 0, 'Please enter a valid contact number'],
    [{ ...ok, contact: 9876543210 }, 0, null],
    [ok, 2, 'Please select a payment mode'],
    [ok, undefined, 'Please select a payment mode'],
    [ok, '', 'Please select a payment mode'],
    [{}, 3, 'Please enter adressLine1'],
  ])('%j with mode %j → %j', (details, mode, message) => {
    expect(checkoutError(details, mode)).toBe(message);
  });

  it('add-address needs the same fields but not the contact', () => {
    expect(addressError({ ...ok, contact: '' })).toBeNull();
    expect(addressError({ ...ok, country: '' })).toBe('Please enter country');
    expect(addressError(null)).toBe('Please enter adressLine1');
  });
});
