import { describe, expect, it } from 'vitest';
import { orderSearch } from './order-search';

describe('orderSearch', () => {
  it.each([
    ['9876543210', { digits: '9876543210', whole: true }],
    ['+91 98765 43210', { digits: '9876543210', whole: true }],
    ['098765-43210', { digits: '9876543210', whole: true }],
    ['(98765) 432', { digits: '98765432', whole: false }],
    ['987654', { digits: '987654', whole: false }],
  ])('reads %s as a phone number', (q, phone) => {
    expect(orderSearch(q).phone).toEqual(phone);
  });

  it('leaves short numbers and text alone as phone numbers', () => {
    expect(orderSearch('98765').phone).toBeUndefined();
    expect(orderSearch('Asha 98765 43210').phone).toBeUndefined();
  });

  it.each([
    ['VC7K2M', '7K2M'],
    ['vc7k2m9q', '7K2M9Q'],
    ['M9QX', 'M9QX'],
    ['MQXZKT', 'MQXZKT'],
    ['MQXZ', undefined],
    ['VC7K2M9QXZ0123456789AB', undefined],
    ['asha', undefined],
    ['VC', undefined],
    ['7K-2M', '7K2M'],
  ])('reads %s as part of an order id: %s', (q, part) => {
    expect(orderSearch(q).idPart).toBe(part);
  });

  it('keeps the text for the shopper and Razorpay searches', () => {
    expect(orderSearch('  Asha Rao ').text).toBe('Asha Rao');
  });
});
