// A zone's rate bands on the Shipping screen: a weight band's figures are edited in place, a new band starts
// where the last one ends (weight: with its fee), the last weight band cannot be removed while value bands can
// all go, and the value bands' hint says what an empty list means.
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, cleanup, click, render, type } from '../../testing/render';
import { emptyZone, type ZoneForm } from './shipping-form';
import { ZoneEditor } from './zone-editor';

let latest: ZoneForm;

function Harness() {
  const [zone, setZone] = useState(emptyZone);
  latest = zone;
  return <ZoneEditor zone={zone} index={0} onChange={setZone} onRemove={() => {}} />;
}

const input = (root: ParentNode, label: string) => {
  const found = root.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!found) throw new Error(`No input "${label}"`);
  return found;
};

afterEach(cleanup);

describe('zone rate bands', () => {
  it('edits a weight band, adds the next from where it ends and keeps the last one', async () => {
    const { container } = await render(<Harness />);
    expect(button(container, 'Remove band 1').disabled).toBe(true);
    await type(input(container, 'Band 1 up to (g)'), '500');
    await click(button(container, 'Add weight band'));
    expect(latest.bands).toEqual([
      { fromGrams: '0', toGrams: '500', fee: '79' },
      { fromGrams: '500', toGrams: '', fee: '79' },
    ]);
    await type(input(container, 'Band 2 fee (₹)'), '120');
    expect(latest.bands[1]?.fee).toBe('120');
    expect(button(container, 'Remove band 1').disabled).toBe(false);
    await click(button(container, 'Remove band 1'));
    expect(latest.bands).toEqual([{ fromGrams: '500', toGrams: '', fee: '120' }]);
  });

  it('adds value bands from ₹0, each from where the last ends, and removes them all', async () => {
    const { container } = await render(<Harness />);
    expect(container.textContent).toContain('No rates by order value: the weight rate alone is charged.');
    await click(button(container, 'Add value band'));
    await type(input(container, 'Value band 1 up to (₹)'), '5000');
    await click(button(container, 'Add value band'));
    expect(latest.valueBands).toEqual([
      { from: '0', to: '5000', fee: '0' },
      { from: '5000', to: '', fee: '0' },
    ]);
    expect(container.textContent).toContain('Bands start at ₹0, each where the one before ends');
    await click(button(container, 'Remove value band 2'));
    await click(button(container, 'Remove value band 1'));
    expect(latest.valueBands).toEqual([]);
  });
});
