// The Shipping screen's cash-on-delivery and dispatch rows: each shows the saved figure under its label (the
// hint read with it where there is one), and what staff type there is what the save sends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const delivery = vi.hoisted(() => ({ settings: vi.fn(), saveSettings: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { delivery }, imageSrc: () => null }));

import type { ShippingSettings } from '@voltcart/shared';
import { act } from 'react';
import { button, cleanup, click, render, wait } from '../../testing/render';
import { ShippingPage } from './shipping-page';

const shipping: ShippingSettings = {
  zones: [],
  cod: { max: 20000, fee: 49, feePercent: 1.5, blockedPincodes: ['110001'] },
  calendar: { cutoff: '14:00', holidays: ['2026-12-25'] },
  freeShippingThreshold: 999,
};

/** The control a row's label names, and the hint it is described by (if any). */
const row = (container: HTMLElement, label: string) => {
  const l = [...container.querySelectorAll('label')].find((x) => x.textContent?.trim() === label);
  const control = l && container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${l.htmlFor}`);
  if (!control) throw new Error(`No control labelled "${label}"`);
  const hintId = control.getAttribute('aria-describedby');
  return { control, hint: hintId ? container.querySelector(`#${hintId}`)?.textContent : undefined };
};

/** Types into an input or a textarea as testing/render's `type` does (through the element's own value setter). */
const typeIn = (control: HTMLInputElement | HTMLTextAreaElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });

beforeEach(() => {
  for (const fn of Object.values(delivery)) fn.mockReset();
  delivery.settings.mockResolvedValue({ flag: 1, shipping });
  delivery.saveSettings.mockResolvedValue({ flag: 1, msg: 'Shipping settings saved.', shipping });
});
afterEach(cleanup);

describe('shipping screen: cash on delivery and dispatch', () => {
  it('shows each saved figure under its label and saves what is typed there', async () => {
    const { container } = await render(<ShippingPage />);
    await wait();
    expect(row(container, 'Largest COD order (₹, 0 turns COD off)').control.value).toBe('20000');
    expect(row(container, 'COD fee (₹)').control.value).toBe('49');
    expect(row(container, 'COD fee (% of the order)').control.value).toBe('1.5');
    const blocked = row(container, 'Pincodes without cash on delivery');
    expect(blocked.control.value).toBe('110001');
    expect(blocked.hint).toContain('Six-digit pincodes');
    const cutoff = row(container, 'Daily cut-off (Indian time)');
    expect(cutoff.control.value).toBe('14:00');
    expect(cutoff.hint).toContain('Orders after it count from the next working day.');
    expect(row(container, 'Holidays (one date a line, YYYY-MM-DD, at most 60)').control.value).toBe(
      '2026-12-25',
    );

    await typeIn(row(container, 'Largest COD order (₹, 0 turns COD off)').control, '15000');
    await typeIn(row(container, 'COD fee (₹)').control, '39');
    await typeIn(row(container, 'COD fee (% of the order)').control, '2');
    await typeIn(row(container, 'Pincodes without cash on delivery').control, '110001, 795001');
    await typeIn(row(container, 'Daily cut-off (Indian time)').control, '15:30');
    await typeIn(
      row(container, 'Holidays (one date a line, YYYY-MM-DD, at most 60)').control,
      '2026-12-25\n2027-01-26',
    );
    await click(button(container, 'Save shipping settings'));
    await wait();
    expect(delivery.saveSettings.mock.calls[0]?.[0].body).toMatchObject({
      cod: { max: 15000, fee: 39, feePercent: 2, blockedPincodes: ['110001', '795001'] },
      calendar: { cutoff: '15:30', holidays: ['2026-12-25', '2027-01-26'] },
    });
  });
});
