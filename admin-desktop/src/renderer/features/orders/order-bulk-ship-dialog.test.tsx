// The shipping-CSV dialog counts in words that fit the number and offers "Mark N orders shipped" only when an
// order is ready (never "Mark 0 orders shipped", never "1 rows ready").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const order = vi.hoisted(() => ({ bulkShip: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { order }, imageSrc: () => null }));

import type { BulkShipRow } from '@voltcart/shared';
import { act } from 'react';
import { cleanup, render, wait } from '../../testing/render';
import { BulkShipDialog } from './order-bulk-ship-dialog';

const row = (line: number, status: BulkShipRow['status']): BulkShipRow => ({
  line,
  orderId: `VC${line}`,
  carrier: 'Delhivery',
  trackingNumber: `DL${line}`,
  from: status === 'error' ? null : 'placed',
  status,
  error: status === 'error' ? 'No order has this id.' : null,
});

beforeEach(() => order.bulkShip.mockReset());
afterEach(cleanup);

async function choose(container: HTMLElement) {
  const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(['order id,carrier,tracking number\nVC2,Delhivery,DL2\n'], 'ship.csv', {
    type: 'text/csv',
  });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await wait();
}

const buttons = (c: HTMLElement) =>
  [...c.ownerDocument.querySelectorAll('.modal button, [role="dialog"] button')].map((b) =>
    b.textContent?.trim(),
  );

describe('shipping from a CSV', () => {
  it('offers no button to ship when no order is ready', async () => {
    order.bulkShip.mockResolvedValue({
      flag: 1,
      msg: '',
      rows: [row(2, 'error')],
      ready: 0,
      shipped: 0,
      errors: 1,
    });
    const { container } = await render(<BulkShipDialog onClose={() => {}} />);
    await choose(container);
    expect(container.ownerDocument.body.textContent).toContain('0 of 1 row ready.');
    expect(buttons(container).filter((t) => t?.startsWith('Mark'))).toEqual([]);
  });

  it('names one order and one row in the singular', async () => {
    order.bulkShip.mockResolvedValue({
      flag: 1,
      msg: '',
      rows: [row(2, 'ready')],
      ready: 1,
      shipped: 0,
      errors: 0,
    });
    const { container } = await render(<BulkShipDialog onClose={() => {}} />);
    await choose(container);
    expect(container.ownerDocument.body.textContent).toContain('1 of 1 row ready.');
    expect(buttons(container).filter((t) => t?.startsWith('Mark'))).toEqual(['Mark 1 order shipped']);
  });
});
