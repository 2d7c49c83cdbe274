import { describe, expect, it } from 'vitest';
import { freeShippingClaim } from './shop-claims';

const settings = {
  freeShippingThreshold: 999,
  freeShippingFrom: 1999,
  freeShippingZones: { '1': 999, '2': 1999 },
};

describe('the free-shipping threshold a page may claim', () => {
  it.each([
    ['the zone of the remembered pincode', '1', 999],
    ['another zone of the remembered pincode', '2', 1999],
    ['no pincode remembered: the highest, true in every zone', '', 1999],
    ['a zone staff have since replaced: the highest', '7', 1999],
  ])('%s', (_, zone, claim) => {
    expect(freeShippingClaim(settings, zone)).toBe(claim);
  });
  it('claims nothing when no zone ships anywhere', () => {
    expect(freeShippingClaim({ freeShippingThreshold: 999, freeShippingFrom: null }, '')).toBeNull();
  });
  it("falls back to the shop's threshold with settings from an API older than zones", () => {
    expect(freeShippingClaim({ freeShippingThreshold: 499 }, '3')).toBe(499);
  });
});
