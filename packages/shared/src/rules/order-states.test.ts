import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type OrderState } from '../schemas/order';
import { type Actor, canMove, movesFrom, ORDER_MOVES, returnsStock } from './order-states';

// Every legal move; anything not listed here must be refused.
const LEGAL: [OrderState, OrderState, Actor][] = [
  ['placed', 'shipped', 'admin'],
  ['placed', 'cancelled', 'admin'],
  ['placed', 'cancelled', 'customer'],
  ['pending_payment', 'paid', 'payment'],
  ['pending_payment', 'payment_failed', 'payment'],
  ['pending_payment', 'payment_failed', 'customer'],
  ['pending_payment', 'payment_failed', 'system'],
  ['pending_payment', 'cancelled', 'admin'],
  ['pending_payment', 'cancelled', 'system'],
  ['pending_payment', 'cancelled', 'customer'],
  ['paid', 'shipped', 'admin'],
  ['paid', 'cancelled', 'admin'],
  ['paid', 'cancelled', 'customer'],
  ['payment_failed', 'paid', 'payment'],
  ['payment_failed', 'pending_payment', 'customer'],
  ['payment_failed', 'cancelled', 'customer'],
  ['cancelled', 'paid', 'payment'],
  ['paid', 'refunded', 'system'],
  ['shipped', 'delivered', 'admin'],
  ['shipped', 'returned', 'admin'],
  ['shipped', 'refunded', 'system'],
  ['delivered', 'returned', 'admin'],
  ['delivered', 'refunded', 'system'],
];
const ACTORS: Actor[] = ['admin', 'customer', 'payment', 'system'];

describe('order state table', () => {
  it.each(LEGAL)('allows %s → %s by %s', (from, to, actor) => {
    expect(canMove(from, to, actor)).toBe(true);
  });

  it('refuses every move that is not in the legal list', () => {
    const legal = new Set(LEGAL.map((m) => m.join('>')));
    for (const from of ORDER_STATES)
      for (const to of ORDER_STATES)
        for (const actor of ACTORS) {
          expect(canMove(from, to, actor), `${from} → ${to} by ${actor}`).toBe(
            legal.has(`${from}>${to}>${actor}`),
          );
        }
  });

  it.each([
    ['paid', 'pending_payment'],
    ['paid', 'payment_failed'],
    ['shipped', 'paid'],
    ['delivered', 'shipped'],
    ['delivered', 'cancelled'],
    ['placed', 'paid'],
    ['shipped', 'shipped'],
  ] as [OrderState, OrderState][])('never lets anyone move %s → %s', (from, to) => {
    for (const actor of ACTORS) expect(canMove(from, to, actor)).toBe(false);
  });

  it('does not let an admin mark an order paid or failed by hand', () => {
    expect(canMove('pending_payment', 'paid', 'admin')).toBe(false);
    expect(canMove('pending_payment', 'payment_failed', 'admin')).toBe(false);
  });

  it('names a row for every state and returns stock only on cancel and failure', () => {
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATES].sort());
    expect(ORDER_STATES.filter((to) => returnsStock(to)).sort()).toEqual(['cancelled', 'payment_failed']);
  });

  it('gives the units back on a full refund only before shipping', () => {
    expect(returnsStock('refunded', 'paid')).toBe(true);
    expect(returnsStock('refunded', 'shipped')).toBe(false);
    expect(returnsStock('refunded', 'delivered')).toBe(false);
    expect(returnsStock('returned', 'shipped')).toBe(false);
  });

  it('never lets staff mark an order refunded by hand, nor move a refunded or returned one', () => {
    for (const from of ORDER_STATES) expect(canMove(from, 'refunded', 'admin')).toBe(false);
    expect(movesFrom('refunded', 'admin')).toEqual([]);
    expect(movesFrom('returned', 'admin')).toEqual([]);
    expect(movesFrom('paid', 'admin').sort()).toEqual(['cancelled', 'shipped']);
  });
});

describe('movesFrom', () => {
  it('lists exactly the moves the table allows the actor', () => {
    for (const from of ORDER_STATES) {
      for (const actor of ['admin', 'customer', 'payment', 'system'] as const) {
        const allowed = ORDER_STATES.filter((to) => canMove(from, to, actor));
        expect(movesFrom(from, actor)).toEqual(expect.arrayContaining(allowed));
        expect(movesFrom(from, actor)).toHaveLength(allowed.length);
      }
    }
    expect(movesFrom('placed', 'admin').sort()).toEqual(['cancelled', 'shipped']);
    expect(movesFrom('delivered', 'admin')).toEqual(['returned']);
  });
});
