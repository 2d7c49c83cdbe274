import { describe, expect, it } from 'vitest';
import { readPricePhrase } from './price-phrase';

describe('readPricePhrase', () => {
  it.each([
    ['tablet under 20000', 'tablet', { max: 20000 }],
    ['tablet below ₹20k', 'tablet', { max: 20000 }],
    ['under 20k', '', { max: 20000 }],
    ['phones under ₹20,000', 'phones', { max: 20000 }],
    ['laptop below Rs. 50000', 'laptop', { max: 50000 }],
    ['earbuds less than 2000 rupees', 'earbuds', { max: 2000 }],
    ['tv upto 30k', 'tv', { max: 30000 }],
    ['tv up to 1.5 lakh', 'tv', { max: 150000 }],
    ['between 10000 and 20000', '', { min: 10000, max: 20000 }],
    ['phone between ₹10k and ₹20k', 'phone', { min: 10000, max: 20000 }],
    ['20k-30k', '', { min: 20000, max: 30000 }],
    ['phone 20k - 30k 5g', 'phone 5g', { min: 20000, max: 30000 }],
    ['laptop 50000 to 80000', 'laptop', { min: 50000, max: 80000 }],
    ['from 30k to 10k', '', { min: 10000, max: 30000 }],
    ['₹10,000–₹20,000 speaker', 'speaker', { min: 10000, max: 20000 }],
    ['above 50000', '', { min: 50000 }],
    ['Camera over ₹40,000', 'Camera', { min: 40000 }],
    ['phone above 10k under 20k', 'phone', { min: 10000, max: 20000 }],
    ['under 20000 samsung', 'samsung', { max: 20000 }],
    ['tablet under 2000', 'tablet', { max: 2000 }],
  ])('%j → %j, %j', (q, rest, price) => {
    expect(readPricePhrase(q)).toEqual({ rest, price });
  });

  it.each([
    'iphone 15',
    'ps5',
    '1 tb',
    'ssd 2 tb',
    'iphone 15 pro max',
    'iphone 15 pro max 256gb',
    'galaxy s24',
    '65w charger',
    'charger under 65 w',
    'tv under 55 inch',
    '2-in-1 laptop',
    'usb-c cable',
    'wh-1000xm5',
    'redmi note 13',
    'under 5',
    'over-ear headphones',
    'above',
    '',
  ])('%j has no price phrase', (q) => {
    expect(readPricePhrase(q)).toEqual({ rest: q.replace(/\s+/g, ' ').trim() });
  });
});
