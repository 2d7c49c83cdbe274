import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';

const home = {
  name: 'Asha Rao',
  adressLine1: '4 Park Street',
  adressLine2: 'Flat 2B',
  landmark: 'the metro station',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  country: 'India',
  contact: '9830012345',
};

describe('address lines', () => {
  it('puts the street on one line and the country after the pincode by default, without name or landmark', () => {
    expect(addressLines(home)).toEqual([
      '4 Park Street, Flat 2B',
      'Kolkata, West Bengal 700016, India',
      'Phone: 9830012345',
    ]);
  });

  it('adds the name and the landmark when the layout asks for them', () => {
    expect(addressLines(home, { name: true, landmark: true })).toEqual([
      'Asha Rao',
      '4 Park Street, Flat 2B (near the metro station)',
      'Kolkata, West Bengal 700016, India',
      'Phone: 9830012345',
    ]);
  });

  it('puts the second street line and the country on lines of their own when asked', () => {
    expect(addressLines(home, { line2Apart: true, countryApart: true })).toEqual([
      '4 Park Street',
      'Flat 2B',
      'Kolkata, West Bengal 700016',
      'India',
      'Phone: 9830012345',
    ]);
  });

  it('leaves out the parts an address lacks', () => {
    const bare = { ...home, name: '', adressLine2: '', landmark: '', contact: '' };
    expect(addressLines(bare, { name: true, landmark: true, line2Apart: true, countryApart: true })).toEqual([
      '4 Park Street',
      'Kolkata, West Bengal 700016',
      'India',
    ]);
  });
});
