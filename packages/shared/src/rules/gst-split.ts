/**
 * The GST arithmetic of the pricing function: splitting GST-inclusive amounts into taxable value and tax, and sharing
 * an amount over lines in whole paise. Apart from gst.ts (states, GSTINs, slabs) so that the storefront's cart
 * totals do not carry the tables of states.
 */

export interface TaxLineInput {
  /** The GST-inclusive amount of the line (unit price × qty), in paise. */
  amountPaise: number;
  /** GST rate in basis points (1800 = 18 %). */
  rateBp: number;
}

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Splits GST-inclusive line amounts into taxable value and tax.
 * - another state (IGST): taxable = round(amount × 10000 / (10000 + rate)), IGST the rest
 * - within the shop's state: CGST and SGST are each half the rate on the taxable value, so always equal: each is
 *   round(amount × rate / (2 × (10000 + rate))) (half a paisa rounds up), and the taxable value is the rest. The
 *   odd paisa an even split of the tax cannot give goes to the taxable value, never to one of the two taxes
 * - every line adds up to its amount exactly (taxable + CGST + SGST + IGST), and so do the totals; a negative
 *   amount (a credit) splits as the mirror of its positive amount
 */
export function splitGst(lines: TaxLineInput[], intraState: boolean): TaxSplit[] {
  return lines.map(({ amountPaise, rateBp }) => {
    const sign = amountPaise < 0 ? -1 : 1;
    const a = Math.abs(amountPaise);
    const m = (n: number) => (n === 0 ? 0 : sign * n);
    if (!intraState) {
      const taxable = Math.round((a * 10_000) / (10_000 + rateBp));
      return { taxablePaise: m(taxable), cgstPaise: 0, sgstPaise: 0, igstPaise: m(a - taxable) };
    }
    const half = Math.round((a * rateBp) / (2 * (10_000 + rateBp)));
    return { taxablePaise: m(a - 2 * half), cgstPaise: m(half), sgstPaise: m(half), igstPaise: 0 };
  });
}

/**
 * Shares an amount out over weights in proportion (largest remainder): the parts are whole paise and add up to
 * the amount exactly. Used to spread a partial refund over an invoice's lines.
 */
export function apportion(amountPaise: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amountPaise : 0));
  const exact = weights.map((w) => (amountPaise * w) / total);
  const parts = exact.map(Math.floor);
  let left = amountPaise - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]!++;
    left--;
  }
  return parts;
}
