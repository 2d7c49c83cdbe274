import { describe, expect, it } from 'vitest';
import { priceOrder } from '../pricing/price-order';
import {
  checkPromotion,
  choosePromotions,
  linesInScope,
  normalizeCode,
  offersForProduct,
  type PromotionFacts,
  type PromotionLine,
  type PromotionRule,
} from './promotions';

const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 1,
  name: 'Festival offer',
  code: 'DIWALI10',
  action: 'percent',
  percentBp: 1000,
  amountPaise: null,
  capPaise: null,
  buyQty: null,
  getQty: null,
  scope: 'order',
  targets: [],
  scopeLabel: '',
  requires: null,
  minOrderPaise: 0,
  startsAt: null,
  endsAt: null,
  usesLeft: null,
  customerUsesLeft: null,
  firstOrderOnly: false,
  onlineOnly: false,
  combinable: false,
  ...over,
});

const phone: PromotionLine = {
  productId: 1,
  variantId: 11,
  categoryId: 5,
  brand: 'Samsung',
  pricePaise: 1_500_000,
  originalPaise: 1_500_000,
  qty: 1,
};
const caseLine: PromotionLine = {
  productId: 2,
  variantId: 21,
  categoryId: 9,
  brand: 'Spigen',
  pricePaise: 60_000,
  originalPaise: 60_000,
  qty: 3,
};
const now = new Date('2026-11-29T06:30:00Z');
const facts = (over: Partial<PromotionFacts> = {}): PromotionFacts => ({
  lines: [phone, caseLine],
  paymentMode: 0,
  firstOrder: true,
  shippingPaise: 0,
  now,
  ...over,
});
const subtotal = 1_500_000 + 180_000;

describe('normalizeCode', () => {
  it.each([
    [' diwali10 ', 'DIWALI10'],
    ['Diwali 10', 'DIWALI10'],
    ['BBD-2026', 'BBD-2026'],
  ])('%j → %j', (typed, stored) => expect(normalizeCode(typed)).toBe(stored));
});

describe('checkPromotion', () => {
  it.each<[string, Partial<PromotionRule>, Partial<PromotionFacts>, string]>([
    ['not started', { startsAt: new Date('2026-11-30T18:30:00Z') }, {}, 'This code starts on 1 December.'],
    ['ended', { endsAt: new Date('2026-11-20T18:30:00Z') }, {}, 'This code expired on 21 November.'],
    ['used up', { usesLeft: 0 }, {}, 'This code has been used.'],
    ['used by this shopper', { customerUsesLeft: 0 }, {}, 'You have already used this code.'],
    [
      'first order only',
      { firstOrderOnly: true },
      { firstOrder: false },
      'This code is for your first order.',
    ],
    [
      'online only, paying cash',
      { onlineOnly: true },
      { paymentMode: 0 },
      'This code is for online payment: choose Online payment at checkout to use it.',
    ],
    ['minimum not met', { minOrderPaise: subtotal + 120_000 }, {}, 'Add ₹1,200 more to use this code.'],
    [
      'a category not in the cart',
      { scope: 'categories', targets: ['77'], scopeLabel: 'Laptops' },
      {},
      'This code is only for Laptops, and none is in your cart.',
    ],
    [
      'what it requires is not in the cart',
      { requires: { scope: 'categories', targets: ['77'], label: 'Laptops' } },
      {},
      'This code needs Laptops in your cart: add one to use it.',
    ],
    [
      'the required product is the only thing missing (the case is in scope, the phone is not in the cart)',
      {
        scope: 'categories',
        targets: ['9'],
        requires: { scope: 'products', targets: ['1'], label: 'Galaxy S25' },
      },
      { lines: [caseLine] },
      'This code needs Galaxy S25 in your cart: add one to use it.',
    ],
    [
      'buy 2 get 1 with two units',
      { action: 'buy_x_get_y', buyQty: 2, getQty: 1, scope: 'products', targets: ['2'] },
      { lines: [{ ...caseLine, qty: 2 }] },
      'Add 1 more item this code is for to use it.',
    ],
    [
      'free shipping on an order without a charge',
      { action: 'free_shipping' },
      {},
      'This code gives free shipping, and your order has no shipping charge.',
    ],
  ])('refuses when %s, in words', (_name, over, f, reason) => {
    expect(checkPromotion(rule(over), facts(f), subtotal)).toEqual({ ok: false, reason });
  });

  it("a guest's first order and uses are checked at checkout, not in the cart", () => {
    const check = checkPromotion(rule({ firstOrderOnly: true }), facts({ firstOrder: null }), subtotal);
    expect(check.ok).toBe(true);
  });

  it('gives a discount for the lines in scope, labelled with the code', () => {
    expect(checkPromotion(rule({ scope: 'brands', targets: ['spigen'] }), facts(), subtotal)).toEqual({
      ok: true,
      discount: {
        kind: 'percent',
        label: 'Discount (DIWALI10)',
        percentBp: 1000,
        capPaise: null,
        lines: [1],
      },
    });
    const bxgy = checkPromotion(
      rule({ code: null, action: 'buy_x_get_y', buyQty: 2, getQty: 1, scope: 'categories', targets: ['9'] }),
      facts(),
      subtotal,
    );
    expect(bxgy).toEqual({
      ok: true,
      discount: { kind: 'free_units', label: 'Festival offer', units: 1, lines: [1] },
    });
  });
});

describe('linesInScope', () => {
  it.each<[Partial<PromotionRule>, number[]]>([
    [{ scope: 'order' }, [0, 1]],
    [{ scope: 'categories', targets: ['5'] }, [0]],
    [{ scope: 'brands', targets: ['SAMSUNG', 'spigen'] }, [0, 1]],
    [{ scope: 'products', targets: ['2'] }, [1]],
    [{ scope: 'variants', targets: ['11'] }, [0]],
    [{ scope: 'variants', targets: ['99'] }, []],
  ])('%j → %j', (over, want) => expect(linesInScope(rule(over), [phone, caseLine])).toEqual(want));
});

describe('choosePromotions (stacking rules)', () => {
  const auto = (over: Partial<PromotionRule>) => rule({ code: null, ...over });

  it('stacks combinable promotions: free units, then percentages, then amounts', () => {
    const choice = choosePromotions(
      [
        auto({
          id: 2,
          name: '₹250 off',
          action: 'amount',
          amountPaise: 25_000,
          percentBp: null,
          combinable: true,
        }),
        auto({
          id: 3,
          name: 'Buy 2 cases, get 1 free',
          action: 'buy_x_get_y',
          buyQty: 2,
          getQty: 1,
          scope: 'categories',
          targets: ['9'],
          combinable: true,
        }),
      ],
      rule({ id: 4, combinable: true }),
      facts(),
    );
    expect(choice.chosen.map((c) => c.rule.id)).toEqual([3, 4, 2]);
    expect(choice.codeRefusal).toBeNull();
  });

  it('applies the set that saves the shopper most; a code that loses to a non-combinable offer says so', () => {
    const big = auto({ id: 2, name: 'Mega sale', percentBp: 2000 });
    const choice = choosePromotions([big], rule({ id: 5, percentBp: 1000 }), facts());
    expect(choice.chosen.map((c) => c.rule.id)).toEqual([2]);
    expect(choice.codeRefusal).toBe('This code cannot be combined with "Mega sale", which saves you more.');

    const small = auto({ id: 2, name: 'Small sale', percentBp: 500 });
    const better = choosePromotions([small], rule({ id: 5, percentBp: 1000 }), facts());
    expect(better.chosen.map((c) => c.rule.id)).toEqual([5]);
    expect(better.codeRefusal).toBeNull();
  });

  it('on a tie the code typed wins', () => {
    const choice = choosePromotions([auto({ id: 2, name: 'Same' })], rule({ id: 5 }), facts());
    expect(choice.chosen.map((c) => c.rule.id)).toEqual([5]);
  });

  it('an automatic offer that takes nothing off shows no line', () => {
    const choice = choosePromotions(
      [auto({ id: 2, action: 'free_shipping', combinable: true })],
      null,
      facts({ shippingPaise: 0 }),
    );
    expect(choice.chosen).toEqual([]);
  });
});

describe('requires: "10% off accessories with any phone"', () => {
  // Cases are category 9 (accessories), the phone category 5.
  const withPhone = rule({
    code: null,
    name: '10% off accessories with any phone',
    scope: 'categories',
    targets: ['9'],
    requires: { scope: 'categories', targets: ['5'], label: 'Phones' },
  });

  it.each<[string, PromotionLine[], number]>([
    // 10 % of the cases only (3 × ₹600 = ₹1,800 → ₹180); the phone that unlocks it is not discounted.
    ['a phone and cases', [phone, caseLine], 18_000],
    ['cases only', [caseLine], 0],
    ['a phone only (nothing in scope)', [phone], 0],
    [
      'two phones and one case',
      [
        { ...phone, qty: 2 },
        { ...caseLine, qty: 1 },
      ],
      6_000,
    ],
  ])('%s: %i paise off, on the accessory lines only', (_name, lines, off) => {
    const choice = choosePromotions([withPhone], null, facts({ lines }));
    const priced = priceOrder(lines, { discounts: choice.discounts });
    expect(priced.discountPaise).toBe(off);
    const phoneLine = lines.findIndex((l) => l.productId === phone.productId);
    if (phoneLine >= 0) expect(priced.lines[phoneLine]!.discountPaise).toBe(0);
    expect(priced.totalPaise).toBe(priced.subtotalPaise - off);
  });

  it('a required brand or product counts whatever the case of a brand', () => {
    const byBrand = rule({ requires: { scope: 'brands', targets: ['samsung'], label: 'Samsung' } });
    expect(checkPromotion(byBrand, facts(), subtotal).ok).toBe(true);
    const byProduct = rule({ requires: { scope: 'products', targets: ['2'], label: 'Case' } });
    expect(checkPromotion(byProduct, facts({ lines: [phone] }), 1_500_000).ok).toBe(false);
  });
});

describe('offersForProduct (product cards and pages)', () => {
  const auto = (over: Partial<PromotionRule>) => rule({ code: null, ...over });
  const caseProduct = { productId: 2, variantIds: [21, 22], categoryId: 9, brand: 'Spigen' };

  it.each<[string, Partial<PromotionRule>, string[]]>([
    [
      'an offer on its category that needs a phone',
      {
        scope: 'categories',
        targets: ['9'],
        requires: { scope: 'categories', targets: ['5'], label: 'Phones' },
      },
      ['10% off with anything from Phones'],
    ],
    [
      'buy X get Y on its brand',
      { action: 'buy_x_get_y', percentBp: null, buyQty: 2, getQty: 1, scope: 'brands', targets: ['SPIGEN'] },
      ['Buy 2, get 1 free'],
    ],
    ['an offer on one of its options', { scope: 'variants', targets: ['22'] }, ['10% off']],
    [
      'a capped, prepaid, minimum-order offer on it',
      { scope: 'products', targets: ['2'], capPaise: 50_000, minOrderPaise: 500_000, onlineOnly: true },
      ['10% off (up to ₹500) on orders over ₹5,000 with online payment'],
    ],
    ['an offer on another category', { scope: 'categories', targets: ['5'] }, []],
    ['an offer on the whole order (cards leave it out)', { scope: 'order' }, []],
    ['an offer with no uses left', { scope: 'products', targets: ['2'], usesLeft: 0 }, []],
    ['a discount code (never named on a card)', { code: 'CASES10', scope: 'products', targets: ['2'] }, []],
  ])('%s → %j', (_name, over, words) => {
    const r = over.code ? rule(over) : auto(over);
    expect(offersForProduct([r], caseProduct)).toEqual(words);
  });

  it('a product page also names the whole-order offers', () => {
    const prepaid = auto({ action: 'amount', percentBp: null, amountPaise: 25_000, minOrderPaise: 500_000 });
    expect(offersForProduct([prepaid], caseProduct, { wholeOrder: true })).toEqual([
      '₹250 off on orders over ₹5,000',
    ]);
  });
});
