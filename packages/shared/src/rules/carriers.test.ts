import { describe, expect, it } from 'vitest';
import { CARRIERS, carrierOf, trackingUrl } from './carriers';

describe('carriers and tracking pages', () => {
  it.each([
    ['Delhivery', 'DLV 123', 'https://www.delhivery.com/track/package/DLV%20123'],
    [
      'blue dart',
      '12345678901',
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=12345678901',
    ],
    ['India Post', 'EE123456789IN', CARRIERS.find((c) => c.id === 'speedpost')!.trackingPage],
    ['shiprocket', 'SR1', 'https://shiprocket.co/tracking/SR1'],
    ['My Van', 'X1', null],
    ['Delhivery', '  ', null],
    [null, 'X1', null],
  ])('%s %s → %s', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });
  it('knows the seven couriers by name', () => {
    expect(CARRIERS.map((c) => c.name)).toEqual([
      'Delhivery',
      'Blue Dart',
      'DTDC',
      'India Post Speed Post',
      'Ekart',
      'Xpressbees',
      'Shiprocket',
    ]);
    expect(carrierOf('XPRESSBEES')?.id).toBe('xpressbees');
  });
});
