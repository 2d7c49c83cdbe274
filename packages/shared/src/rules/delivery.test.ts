import { describe, expect, it } from 'vitest';
import {
  codDecision,
  DEFAULT_COD_MAX_PAISE,
  deliveryEstimate,
  estimatePhrase,
  holidayProblems,
  isPincode,
  pincodeRange,
  type ShippingZone,
  zoneFor,
  zoneProblems,
} from './delivery';
import { GST_STATES } from './gst';

const zone = (over: Partial<ShippingZone>): ShippingZone => ({
  id: 1,
  name: 'All India',
  states: Object.values(GST_STATES),
  pincodes: [],
  bands: [{ fromGrams: 0, toGrams: null, feePaise: 7900 }],
  valueBands: [],
  freeFromPaise: null,
  cod: true,
  dispatchDays: 1,
  transitMinDays: 2,
  transitMaxDays: 4,
  ...over,
});
const KNOWN = new Set(Object.values(GST_STATES));

describe('pincode format', () => {
  it.each([
    ['560001', true],
    ['110001', true],
    ['000000', false],
    ['012345', false],
    ['12345', false],
    ['5600011', false],
    ['56OOO1', false],
    ['abcdef', false],
    [' 560001', false],
  ])('%j is a pincode: %s', (pin, ok) => expect(isPincode(pin)).toBe(ok));
});

describe('pincode entries of a zone', () => {
  it.each([
    ['79', { from: 790000, to: 799999 }],
    ['7950', { from: 795000, to: 795099 }],
    ['795001', { from: 795001, to: 795001 }],
    ['795001-795010', { from: 795001, to: 795010 }],
    ['795010-795001', null],
    ['0', null],
    ['79x', null],
    ['1234567', null],
  ])('%s → %j', (entry, range) => expect(pincodeRange(entry)).toEqual(range));
});

describe('the zone of a pincode', () => {
  const india = zone({});
  const ne = zone({ id: 2, name: 'North East', states: [], pincodes: ['79', '78'] });
  it('a zone naming the pincode wins over one naming its state', () => {
    expect(zoneFor([india, ne], '795001', '14')?.name).toBe('North East');
    expect(zoneFor([india, ne], '560001', '29')?.name).toBe('All India');
  });
  it('is null outside every zone', () => {
    expect(zoneFor([ne], '560001', '29')).toBeNull();
  });
});

describe('cash on delivery', () => {
  const rules = { maxPaise: DEFAULT_COD_MAX_PAISE, feePaise: 0, feeBp: 0, blockedPincodes: ['795001'] };
  it.each([
    ['offered up to the limit', rules, true, '560001', 5_000_000, null],
    [
      'not over the limit',
      rules,
      true,
      '560001',
      5_000_001,
      'Cash on delivery is not available for orders over ₹50,000',
    ],
    ['not to a blocked pincode', rules, true, '795001', 100, 'Cash on delivery is not available to 795001'],
    ['not in a zone without COD', rules, false, '560001', 100, 'Cash on delivery is not available to 560001'],
    [
      'off with a limit of 0',
      { ...rules, maxPaise: 0 },
      true,
      '560001',
      100,
      'Cash on delivery is not available at the moment',
    ],
  ] as const)('%s', (_, r, cod, pin, total, reason) => {
    const d = codDecision(r, { cod }, pin, total);
    expect(d.cod ? null : d.reason).toBe(reason);
  });
});

describe('delivery estimate', () => {
  const cal = { cutoff: '14:00', holidays: [] as string[] };
  const z = { dispatchDays: 1, transitMinDays: 2, transitMaxDays: 4 };
  it.each([
    ['Monday before the cut-off', '2026-11-30T10:00:00+05:30', cal, z, '2026-12-03', '2026-12-05'],
    [
      'Monday after the cut-off (Sunday skipped)',
      '2026-11-30T15:00:00+05:30',
      cal,
      z,
      '2026-12-04',
      '2026-12-07',
    ],
    ['Sunday: day 0 is Monday', '2026-11-29T10:00:00+05:30', cal, z, '2026-12-03', '2026-12-05'],
    [
      'a holiday is no working day',
      '2026-11-30T10:00:00+05:30',
      { ...cal, holidays: ['2026-12-01'] },
      z,
      '2026-12-04',
      '2026-12-07',
    ],
    [
      'same day',
      '2026-11-30T10:00:00+05:30',
      cal,
      { dispatchDays: 0, transitMinDays: 0, transitMaxDays: 0 },
      '2026-11-30',
      '2026-11-30',
    ],
    [
      'Indian time, not UTC (20:00Z is after the cut-off)',
      '2026-11-30T20:00:00Z',
      cal,
      z,
      '2026-12-04',
      '2026-12-07',
    ],
  ])('%s', (_, now, c, zz, from, to) => {
    expect(deliveryEstimate(zz, c, new Date(now))).toEqual({ from, to });
  });
  it.each([
    [{ from: '2026-12-02', to: '2026-12-02' }, 'Delivery by Wed, 2 Dec'],
    [{ from: '2026-12-02', to: '2026-12-04' }, 'Delivery 2–4 Dec'],
    [{ from: '2026-11-30', to: '2026-12-02' }, 'Delivery 30 Nov – 2 Dec'],
  ])('%j reads %s', (e, phrase) => expect(estimatePhrase(e)).toBe(phrase));
});

describe('shipping settings as staff save them', () => {
  it('the default zone is right', () => {
    expect(zoneProblems([zone({})], KNOWN)).toEqual([]);
  });
  it('refuses a zone whose pincodes overlap another, naming the overlap', () => {
    const a = zone({ name: 'North East', states: [], pincodes: ['79'] });
    const b = zone({ name: 'Manipur', states: [], pincodes: ['795001-795999'] });
    expect(zoneProblems([a, b], KNOWN)).toEqual(['Manipur (795001-795999) overlaps North East (79).']);
  });
  it('refuses a state in two zones', () => {
    const a = zone({ name: 'South', states: ['29', '33'] });
    const b = zone({ name: 'Karnataka', states: ['29'] });
    expect(
      zoneProblems(
        [a, b].map((z) => ({ ...z })),
        KNOWN,
      ),
    ).toContain('Karnataka and South both cover state 29.');
  });
  it.each([
    [
      'a weight band gap',
      [
        { fromGrams: 0, toGrams: 1000, feePaise: 7900 },
        { fromGrams: 1500, toGrams: null, feePaise: 9900 },
      ],
      'All India: the weight bands leave a gap from 1000 g to 1500 g.',
    ],
    [
      'a rate of −₹1',
      [{ fromGrams: 0, toGrams: null, feePaise: -100 }],
      'All India: the rate of the weight band from 0 g must be ₹0 or more (got -₹1).',
    ],
    ['no rate', [], 'All India needs at least one rate.'],
    [
      'a closed last band',
      [{ fromGrams: 0, toGrams: 500, feePaise: 0 }],
      'All India: the last weight band must have no upper limit.',
    ],
  ])('refuses %s', (_, bands, message) => {
    expect(zoneProblems([zone({ bands })], KNOWN)).toEqual([message]);
  });
  it.each([
    [
      'a value band gap',
      [
        { fromPaise: 0, toPaise: 50_000, feePaise: 4000 },
        { fromPaise: 60_000, toPaise: null, feePaise: 0 },
      ],
      'All India: the order value bands leave a gap from ₹500 to ₹600.',
    ],
    [
      'overlapping value bands',
      [
        { fromPaise: 0, toPaise: 50_000, feePaise: 4000 },
        { fromPaise: 40_000, toPaise: null, feePaise: 0 },
      ],
      'All India: the order value bands overlap at ₹400.',
    ],
    [
      'a value band rate of −₹1',
      [
        { fromPaise: 0, toPaise: 50_000, feePaise: 4000 },
        { fromPaise: 50_000, toPaise: null, feePaise: -100 },
      ],
      'All India: the rate of the order value band from ₹500 must be ₹0 or more (got -₹1).',
    ],
    [
      'value bands not starting at ₹0',
      [{ fromPaise: 10_000, toPaise: null, feePaise: 0 }],
      'All India: the order value bands leave a gap from ₹0 to ₹100.',
    ],
    [
      'a closed last value band',
      [{ fromPaise: 0, toPaise: 50_000, feePaise: 4000 }],
      'All India: the last order value band must have no upper limit.',
    ],
    [
      'a value band ending where it starts',
      [
        { fromPaise: 0, toPaise: 0, feePaise: 4000 },
        { fromPaise: 0, toPaise: null, feePaise: 0 },
      ],
      'All India: the order value band ₹0–₹0 must end above where it starts (₹0).',
    ],
  ])('refuses %s, naming the band', (_, valueBands, message) => {
    expect(zoneProblems([zone({ valueBands })], KNOWN)).toEqual([message]);
  });
  it('takes no value bands, and contiguous ones from ₹0', () => {
    expect(zoneProblems([zone({ valueBands: [] })], KNOWN)).toEqual([]);
    const valueBands = [
      { fromPaise: 0, toPaise: 50_000, feePaise: 4000 },
      { fromPaise: 50_000, toPaise: null, feePaise: 0 },
    ];
    expect(zoneProblems([zone({ valueBands })], KNOWN)).toEqual([]);
  });
  it('refuses unknown states, bad entries and days', () => {
    const p = zoneProblems(
      [zone({ states: ['99'], pincodes: ['7x'], transitMinDays: 5, transitMaxDays: 2, dispatchDays: -1 })],
      KNOWN,
    );
    expect(p).toEqual(
      expect.arrayContaining([
        'All India: 99 is not a state code.',
        'All India: 7x is not a pincode prefix or range (like 79 or 795001-795999).',
        'All India: dispatch days must be a whole number from 0 to 30.',
        'All India: transit days "from" must not be more than "to".',
      ]),
    );
  });
  it('refuses a holiday list of 400 days, and dates that are none', () => {
    const days = Array.from({ length: 400 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(holidayProblems(days)).toEqual(['At most 60 holidays can be set (got 400).']);
    expect(holidayProblems(['2026-02-30', '26-12-01'])).toEqual([
      '2026-02-30 is not a date (YYYY-MM-DD).',
      '26-12-01 is not a date (YYYY-MM-DD).',
    ]);
    expect(holidayProblems(['2026-12-25'])).toEqual([]);
  });
});
