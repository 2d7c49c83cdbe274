// The variant matrix of the product form: one row per variant; a row's save sends only what changed, a stock
// change with the stock it loaded (compare-and-set); "Set every stock" writes all variants at once; a colour ×
// memory size combination not sold yet is added with the SKU suggested from the slug (or the one typed); a row's
// low-stock alert (blank: the shop's) is checked before it is sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const variant = vi.hoisted(() => ({
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  stock: vi.fn(),
  addColorImages: vi.fn(),
}));
vi.mock('../../lib/api', () => ({ api: { variant }, imageSrc: () => null }));

import type { Product, Variant } from '@voltcart/shared';
import { act } from 'react';
import { useToasts } from '../../stores/toast';
import { button, cleanup, click, render, type, wait } from '../../testing/render';
import { lowStockProblem, missingCombinations, VariantMatrix, variantChanges } from './variant-matrix';

const v = (id: string, colorId: string, memorySize: number, stock: number): Variant => ({
  _id: id,
  sku: `VP-${colorId}-${memorySize}`,
  colorId,
  memorySize,
  stock,
  price: 18000,
  originalPrice: 20000,
  priceOverride: null,
  enabled: true,
  position: 0,
});

const product = {
  _id: '7',
  name: 'Voltphone',
  slug: 'voltphone',
  memorySizes: [128, 256],
  colors: [
    { _id: '1', name: 'Black', slug: 'black', hexcode: '#000000', status: true, priceAdj: 0 },
    { _id: '2', name: 'Blue', slug: 'blue', hexcode: '#0000ff', status: true, priceAdj: 0 },
  ],
  colorImages: {},
  variants: [v('11', '1', 128, 3), v('12', '2', 128, 0)],
} as unknown as Product;

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  for (const fn of Object.values(variant)) fn.mockReset();
});
afterEach(cleanup);

describe('variant matrix', () => {
  it('shows one row per variant and saves a row with its loaded stock as expectedStock', async () => {
    variant.update.mockResolvedValue({
      flag: 1,
      msg: 'Variant updated.',
      variant: v('12', '2', 128, 5),
      product,
    });
    const { container } = await render(<VariantMatrix product={product} />);
    expect(container.querySelectorAll('[data-testid="variant-row"]')).toHaveLength(2);
    await type(container.querySelector<HTMLInputElement>('input[aria-label="Stock of Blue 128 GB"]')!, '5');
    const rows = container.querySelectorAll('[data-testid="variant-row"]');
    await click(button(rows[1]!, 'Update'));
    await wait();
    expect(variant.update).toHaveBeenCalledWith({
      params: { id: '7', variantId: '12' },
      body: { stock: 5, expectedStock: 0 },
    });
  });

  it('sets every stock at once, each change compare-and-set', async () => {
    variant.stock.mockResolvedValue({ flag: 1, msg: 'Stock saved for 2 variants.', variants: [], product });
    const { container } = await render(<VariantMatrix product={product} />);
    await type(container.querySelector<HTMLInputElement>('.variant-matrix__bulk input')!, '4');
    await click(button(container, 'Apply to all variants'));
    await wait();
    expect(variant.stock).toHaveBeenCalledWith({
      params: { id: '7' },
      body: {
        changes: [
          { variantId: '11', stock: 4, expectedStock: 3 },
          { variantId: '12', stock: 4, expectedStock: 0 },
        ],
      },
    });
  });

  it('offers the combinations not sold yet and adds one, its SKU suggested from the slug', async () => {
    expect(missingCombinations(product)).toEqual([
      { colorId: '1', memorySize: 256 },
      { colorId: '2', memorySize: 256 },
    ]);
    variant.create.mockResolvedValue({
      flag: 1,
      msg: 'Variant added.',
      variant: v('13', '2', 256, 6),
      product,
    });
    const { container } = await render(<VariantMatrix product={product} />);
    const form = container.querySelector<HTMLFormElement>('.variant-matrix__add')!;
    const select = form.querySelector('select')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Black 256 GB', 'Blue 256 GB']);
    await act(async () => {
      select.value = '1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const sku = form.querySelector<HTMLInputElement>('input:not([type])')!;
    expect(sku.placeholder).toBe('VOLTPHONE-BLUE-256GB');
    await type(form.querySelector<HTMLInputElement>('input[type="number"]')!, '6');
    await click(button(form, 'Add combination'));
    await wait();
    expect(variant.create).toHaveBeenCalledWith({
      params: { id: '7' },
      body: { colorId: '2', memorySize: 256, sku: 'VOLTPHONE-BLUE-256GB', stock: 6 },
    });
    expect(useToasts.getState().toasts.map((t) => t.msg)).toContain('Blue 256 GB added as VP-2-256.');
  });

  it('a row sends only its changes: SKU, own price (blank clears it) and the switch', () => {
    const x = v('11', '1', 128, 3);
    expect(
      variantChanges(x, { sku: 'NEW-1', price: '', stock: '3', enabled: false, weight: '', threshold: '' }),
    ).toEqual({
      sku: 'NEW-1',
      enabled: false,
    });
    expect(
      variantChanges(
        { ...x, priceOverride: 100 },
        { sku: x.sku, price: '', stock: '3', enabled: true, weight: '', threshold: '' },
      ),
    ).toEqual({
      priceOverride: null,
    });
  });

  it('a row sends its weight in grams when it changes, and empty to go back to the product weight', () => {
    const x = v('11', '1', 128, 3);
    const row = { sku: x.sku, price: '', stock: '3', enabled: true, threshold: '' };
    expect(variantChanges(x, { ...row, weight: '450' })).toEqual({ weightGrams: 450 });
    expect(variantChanges({ ...x, weightGrams: 450 }, { ...row, weight: '450' })).toEqual({});
    expect(variantChanges({ ...x, weightGrams: 450 }, { ...row, weight: '' })).toEqual({ weightGrams: '' });
  });

  it("a row sends its low-stock alert in units when it changes, and null to follow the shop's", () => {
    const x = { ...v('11', '1', 128, 3), lowStockThreshold: null };
    const row = { sku: x.sku, price: '', stock: '3', enabled: true, weight: '' };
    expect(variantChanges(x, { ...row, threshold: ' 12 ' })).toEqual({ lowStockThreshold: 12 });
    expect(variantChanges(x, { ...row, threshold: '' })).toEqual({});
    expect(variantChanges({ ...x, lowStockThreshold: 12 }, { ...row, threshold: '12' })).toEqual({});
    expect(variantChanges({ ...x, lowStockThreshold: 12 }, { ...row, threshold: '0' })).toEqual({
      lowStockThreshold: 0,
    });
    expect(variantChanges({ ...x, lowStockThreshold: 12 }, { ...row, threshold: ' ' })).toEqual({
      lowStockThreshold: null,
    });
  });

  it.each([
    ['', null],
    ['0', null],
    ['100000', null],
    ['100001', 'from 0 to 1,00,000'],
    ['-1', 'whole number'],
    ['2.5', 'whole number'],
    ['1e3', 'whole number'],
    ['ten', 'whole number'],
  ])('a typed low-stock alert of %j is %s', (typed, problem) => {
    const said = lowStockProblem(typed, 'Black 128 GB', 5);
    if (problem === null) expect(said).toBeNull();
    else
      expect(said).toBe(
        "The low-stock alert of Black 128 GB must be a whole number of units from 0 to 1,00,000, or blank for the shop's 5.",
      );
  });

  it("refuses a bad low-stock alert with a message, sending nothing; shows the shop's as the placeholder", async () => {
    const withShop = { ...product, lowStockThreshold: 5 } as Product;
    const { container } = await render(<VariantMatrix product={withShop} />);
    const input = container.querySelector<HTMLInputElement>(
      'input[aria-label="Low-stock alert of Blue 128 GB"]',
    )!;
    expect(input.placeholder).toBe('5 (shop)');
    await type(input, '-3');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const rows = container.querySelectorAll('[data-testid="variant-row"]');
    await click(button(rows[1]!, 'Update'));
    await wait();
    expect(variant.update).not.toHaveBeenCalled();
    expect(useToasts.getState().toasts.map((t) => t.msg)).toContain(
      "The low-stock alert of Blue 128 GB must be a whole number of units from 0 to 1,00,000, or blank for the shop's 5.",
    );
  });
});
