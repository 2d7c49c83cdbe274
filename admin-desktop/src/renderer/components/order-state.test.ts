import { canMove, ORDER_STATES, type OrderState } from '@voltcart/shared';
import { describe, expect, it } from 'vitest';
import { adminMoves } from './order-state';

describe('the moves the order screen offers', () => {
  it.each<[OrderState, string[]]>([
    ['placed', ['Mark as shipped', 'Cancel order']],
    ['paid', ['Mark as shipped', 'Cancel order']],
    ['pending_payment', ['Cancel order']],
    ['shipped', ['Mark as delivered', 'Returned to origin']],
    ['delivered', ['Returned to origin']],
    ['cancelled', []],
    ['payment_failed', []],
    ['refunded', []],
    ['returned', []],
  ])('on a %s order: %j', (state, labels) => {
    expect(adminMoves(state).map((m) => m.label)).toEqual(labels);
  });

  it('never offers a move the API refuses staff', () => {
    for (const from of ORDER_STATES) {
      for (const m of adminMoves(from)) expect(canMove(from, m.to, 'admin'), `${from} → ${m.to}`).toBe(true);
      for (const to of ORDER_STATES) {
        if (canMove(from, to, 'admin')) expect(adminMoves(from).map((m) => m.to)).toContain(to);
      }
    }
  });
});
