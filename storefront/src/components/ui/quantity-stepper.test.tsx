import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, click, render } from '../../testing/render';
import { QuantityStepper } from './quantity-stepper';

function Harness({ start = 1 }: { start?: number }) {
  const [n, setN] = useState(start);
  return <QuantityStepper value={n} onChange={setN} label="Pixel 9" max={3} />;
}

afterEach(cleanup);

describe('QuantityStepper', () => {
  it('never goes below 1 and stops at the maximum', async () => {
    const { container } = await render(<Harness />);
    const [dec, inc] = [...container.querySelectorAll('button')] as HTMLButtonElement[];
    const value = () => container.querySelector('output')?.textContent;
    expect(dec!.disabled).toBe(true);
    await click(inc!);
    await click(inc!);
    await click(inc!);
    expect(value()).toBe('3');
    expect(inc!.disabled).toBe(true);
    await click(dec!);
    await click(dec!);
    await click(dec!);
    expect(value()).toBe('1');
  });

  it('names its buttons for screen readers', async () => {
    const { container } = await render(<Harness />);
    expect([...container.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Decrease quantity',
      'Increase quantity',
    ]);
    expect(container.querySelector('legend')?.textContent).toBe('Quantity of Pixel 9');
  });
});
