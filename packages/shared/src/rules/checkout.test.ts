import { describe, expect, it } from 'vitest';
import { addressError, addressProblems, checkoutError, isContactNumber } from './checkout';

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
    [{ ...ok, contact: 'abcdefghij' }, 0, 'Please enter a valid contact number'],
    [{ ...ok, contact: '+91 98450-12345' }, 0, null],
    [ok, 2, 'Please select a payment mode'],
    [ok, undefined, 'Please select a payment mode'],
    [ok, '', 'Please select a payment mode'],
    [{}, 3, 'Please enter adressLine1'],
  ])('%j with mode %j → %j', (details, mode, message) => {
    expect(checkoutError(details, mode)).toBe(message);
  });

  it('add-address needs the same fields but not the contact; a contact given must be a number', () => {
    expect(addressError({ ...ok, contact: '' })).toBeNull();
    expect(addressError({ ...ok, contact: 'call me' })).toBe('Please enter a valid contact number');
    expect(addressError({ ...ok, country: '' })).toBe('Please enter country');
    expect(addressError(null)).toBe('Please enter adressLine1');
  });
});

describe('isContactNumber', () => {
  it.each<[unknown, boolean]>([
    ['9845012345', true],
    ['  9845012345  ', true],
    ['+91 98450 12345', true],
    ['080-4567-8900', true],
    [9845012345, true],
    ['984501234', false],
    ['abcdefghij', false],
    ['98450x12345', false],
    ['(080) 45678900', false],
    ['+ - + - + - + - + -', false],
    ['', false],
    [null, false],
  ])('%j → %j', (value, expected) => {
    expect(isContactNumber(value)).toBe(expected);
  });
});

describe('addressProblems', () => {
  it('names every wrong field by its label, in the order of the form', () => {
    expect(addressProblems({ city: 'Pune', contact: 'abcdefghij' }, { contactRequired: true })).toEqual([
      { field: 'adressLine1', message: 'Please enter Address line 1' },
      { field: 'state', message: 'Please enter State' },
      { field: 'postalCode', message: 'Please enter Postal code' },
      { field: 'country', message: 'Please enter Country' },
      { field: 'contact', message: 'Please enter a valid contact number' },
    ]);
  });

  it('asks for the contact only where it is required, but never takes one that is no number', () => {
    expect(addressProblems({ ...ok, contact: '' }, { contactRequired: true })).toEqual([
      { field: 'contact', message: 'Please enter a valid contact number' },
    ]);
    expect(addressProblems({ ...ok, contact: '' }, { contactRequired: false })).toEqual([]);
    expect(addressProblems({ ...ok, contact: 'none' }, { contactRequired: false })).toHaveLength(1);
    expect(addressProblems(ok, { contactRequired: true })).toEqual([]);
  });
});
