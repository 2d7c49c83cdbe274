import { apportion, splitGst, type TaxSplit } from '../rules/gst-split';
import { DEFAULT_GST_RATE_BP, type GoodsLine, type PricingLine, priceGoods, wholePaise } from './price-goods';

/**
 * The one place where Voltcart prices things: a line's unit price, an order's lines, its discounts, shipping, cash
 * on delivery fee and GST split. Everything is integer paise; the API speaks rupees only at its edges. The cart,
 * checkout, the order snapshot, the storefront's totals, mails and tax invoices read these figures and never
 * compute a price a second way.
 */

/**
 * A discount on the order (promotions fill these in). `lines`, when given, are the positions of the lines it
 * applies to (a code for a category, a brand, products or variants); otherwise it applies to every line.
 * - `amount`: that many paise off those lines
 * - `percent`: `percentBp` (1000 = 10 %) of what those lines still cost, rounded down to the paisa, at most
 *   `capPaise` when given
 * - `free_units`: the `units` cheapest units of those lines free (buy X get Y)
 * - `free_shipping`: no shipping charge
 */
export type Discount =
  | { kind: 'amount'; label: string; amountPaise: number; lines?: readonly number[] }
  | {
      kind: 'percent';
      label: string;
      percentBp: number;
      capPaise?: number | null;
      lines?: readonly number[];
    }
  | { kind: 'free_units'; label: string; units: number; lines?: readonly number[] }
  | { kind: 'free_shipping'; label: string };

export interface PricingContext {
  /** The shipping address is in the shop's state: CGST + SGST; otherwise IGST. Default true. */
  intraState?: boolean;
  /** The shipping charge before discounts (0 when none). */
  shippingPaise?: number;
  /** The cash-on-delivery fee (0 when none, or when paid online). */
  codFeePaise?: number;
  discounts?: readonly Discount[];
  /** GST rate of shipping and the COD fee; DEFAULT_GST_RATE_BP when not given. */
  chargesRateBp?: number;
}

export interface PricedLine extends GoodsLine {
  /** This line's share of the order's amount discounts. */
  discountPaise: number;
  /** amount − discount: what the line costs, and what its GST is split from. */
  netPaise: number;
  tax: TaxSplit;
}

/**
 * A discount as applied: `amount` (paise off the goods, whatever rule gave them: amount, percent, free units) or
 * `free_shipping`. Given back to priceSnapshot as `{kind, label, amountPaise, lines}`, it prices the order the same
 * way again (order pages, invoices).
 */
export interface AppliedDiscount {
  kind: 'amount' | 'free_shipping';
  label: string;
  /** Paise it took off the goods (amount) or the shipping (free_shipping). */
  amountPaise: number;
  /** The positions of the lines it was shared over; absent when every line. */
  lines?: number[];
}

export interface PricedOrder {
  lines: PricedLine[];
  /** Units (Σ qty), as the header's cart icon shows. */
  count: number;
  /** Σ line amounts (before order discounts). */
  subtotalPaise: number;
  /** Σ line MSRP amounts. */
  originalPaise: number;
  /** originalPaise − subtotalPaise: shown as "You save". */
  savingsPaise: number;
  discounts: AppliedDiscount[];
  /** Σ the lines' discount shares. */
  discountPaise: number;
  /** Shipping charged, after a free-shipping discount. */
  shippingPaise: number;
  codFeePaise: number;
  /** GST of shipping and the COD fee together (shippingTax + codFeeTax). */
  chargesTax: TaxSplit;
  /** GST of each charge on its own (the tax invoice's shipping and COD fee lines). */
  shippingTax: TaxSplit;
  codFeeTax: TaxSplit;
  /** The order's GST: lines plus charges. taxable + cgst + sgst + igst = totalPaise, to the paisa. */
  tax: TaxSplit;
  /** What the shopper pays: subtotal − discounts + shipping + COD fee. */
  totalPaise: number;
}

const addSplits = (parts: readonly TaxSplit[]): TaxSplit =>
  parts.reduce(
    (a, t) => ({
      taxablePaise: a.taxablePaise + t.taxablePaise,
      cgstPaise: a.cgstPaise + t.cgstPaise,
      sgstPaise: a.sgstPaise + t.sgstPaise,
      igstPaise: a.igstPaise + t.igstPaise,
    }),
    { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
  );

/**
 * Prices an order (or a cart, which is an order not yet placed).
 * - each line's unit price is unitPricePaise (the variant's own price, else product price + option adjustments),
 *   its MSRP unitOriginalPaise; the line amount is unit × qty
 * - "You save" is Σ MSRP amounts − Σ amounts, never negative
 * - goods discounts (`amount`, `percent`, `free_units`) are applied in the order given, each on what its lines
 *   still cost after the earlier ones and at most that (a line, and the goods, never go below ₹0); each is shared
 *   over its lines in proportion to what they still cost, in whole paise that add up exactly (largest remainder,
 *   ties to the earlier line), and is reported as an `amount` with the paise it took
 * - `free_shipping` takes the whole shipping charge off; the COD fee is never discounted
 * - GST is included in every price: each line's net amount is split into taxable value and tax at its rate
 *   (splitGst), the charges (shipping and the COD fee, each on its own) at `chargesRateBp`; intra-state tax is CGST +
 *   SGST, always equal (the odd paisa of an odd tax stays in the taxable value), inter-state all IGST; each part adds
 *   up to its amount exactly, so the order's parts add up to its total
 * - total = subtotal − discounts + shipping + COD fee
 * - every amount and quantity must be whole (qty ≥ 1, paise integers, fees not negative): anything else is a
 *   programming error (RangeError), never rounded away
 */
export function priceOrder(lines: readonly PricingLine[], context: PricingContext = {}): PricedOrder {
  const intraState = context.intraState ?? true;
  const shippingBefore = wholePaise(context.shippingPaise ?? 0, 'shippingPaise');
  const codFeePaise = wholePaise(context.codFeePaise ?? 0, 'codFeePaise');
  if (shippingBefore < 0 || codFeePaise < 0)
    throw new RangeError('shipping and COD fee must not be negative');

  const goods = priceGoods(lines);
  const { lines: base, subtotalPaise, originalPaise } = goods;

  const lineDiscounts = base.map(() => 0);
  const discounts: AppliedDiscount[] = [];
  let left = Math.max(0, subtotalPaise);
  let shippingPaise = shippingBefore;
  for (const d of context.discounts ?? []) {
    if (d.kind === 'free_shipping') {
      discounts.push({ kind: d.kind, label: d.label, amountPaise: shippingPaise });
      shippingPaise = 0;
      continue;
    }
    const scope = d.lines ? new Set(d.lines) : null;
    // What each line still costs, and nothing for a line the discount does not apply to.
    const open = base.map((l, i) =>
      scope && !scope.has(i) ? 0 : Math.max(0, l.amountPaise - lineDiscounts[i]!),
    );
    const openTotal = open.reduce((a, b) => a + b, 0);
    let want: number;
    if (d.kind === 'amount') want = Math.max(0, wholePaise(d.amountPaise, 'amountPaise'));
    else if (d.kind === 'percent') {
      if (!Number.isSafeInteger(d.percentBp) || d.percentBp < 0 || d.percentBp > 10_000)
        throw new RangeError('percentBp must be a whole number from 0 to 10000');
      want = Math.floor((openTotal * d.percentBp) / 10_000);
      if (d.capPaise !== null && d.capPaise !== undefined)
        want = Math.min(want, Math.max(0, wholePaise(d.capPaise, 'capPaise')));
    } else {
      if (!Number.isSafeInteger(d.units) || d.units < 0) throw new RangeError('units must be whole');
      // The cheapest units of the lines it applies to, each at its unit price.
      const units = base
        .flatMap((l, i) => (open[i]! > 0 ? Array.from({ length: l.qty }, () => l.unitPaise) : []))
        .sort((a, b) => a - b);
      want = units.slice(0, d.units).reduce((a, b) => a + Math.max(0, b), 0);
    }
    const off = Math.min(want, openTotal, left);
    // Shared over what each line still costs, so a line never goes below ₹0.
    const shares = apportion(off, open);
    shares.forEach((s, i) => {
      lineDiscounts[i]! += s;
    });
    left -= off;
    discounts.push({
      kind: 'amount',
      label: d.label,
      amountPaise: off,
      ...(d.lines ? { lines: [...d.lines] } : {}),
    });
  }

  const nets = base.map((l, i) => l.amountPaise - lineDiscounts[i]!);
  const lineTax = splitGst(
    nets.map((amountPaise, i) => ({ amountPaise, rateBp: base[i]!.gstRateBp })),
    intraState,
  );
  const chargesRate = context.chargesRateBp ?? DEFAULT_GST_RATE_BP;
  // Each charge split on its own, so each is a line of the tax invoice that adds up exactly.
  const [shippingTax, codFeeTax] = splitGst(
    [
      { amountPaise: shippingPaise, rateBp: chargesRate },
      { amountPaise: codFeePaise, rateBp: chargesRate },
    ],
    intraState,
  );
  const chargesTax = addSplits([shippingTax!, codFeeTax!]);
  const pricedLines = base.map((l, i) => ({
    ...l,
    discountPaise: lineDiscounts[i]!,
    netPaise: nets[i]!,
    tax: lineTax[i]!,
  }));
  const discountPaise = lineDiscounts.reduce((s, d) => s + d, 0);
  return {
    lines: pricedLines,
    count: goods.count,
    subtotalPaise,
    originalPaise,
    savingsPaise: Math.max(0, originalPaise - subtotalPaise),
    discounts,
    discountPaise,
    shippingPaise,
    codFeePaise,
    chargesTax,
    shippingTax: shippingTax!,
    codFeeTax: codFeeTax!,
    tax: addSplits([...lineTax, chargesTax]),
    totalPaise: subtotalPaise - discountPaise + shippingPaise + codFeePaise,
  };
}

/** A line of a placed order: the unit prices it was sold at (options and variant already in them). */
export interface SnapshotLine {
  unitPaise: number;
  /** The unit's MSRP when it was sold; the unit price when not known. */
  unitOriginalPaise?: number;
  qty: number;
  gstRateBp?: number;
}

/**
 * Prices a placed order again from its line snapshots (order pages, tax invoices): the same rules as priceOrder,
 * each snapshot's unit price standing for the product's price, so a later catalogue change never moves it.
 */
export function priceSnapshot(lines: readonly SnapshotLine[], context: PricingContext = {}): PricedOrder {
  return priceOrder(
    lines.map((l) => ({
      qty: l.qty,
      pricePaise: l.unitPaise,
      originalPaise: l.unitOriginalPaise ?? l.unitPaise,
      gstRateBp: l.gstRateBp,
    })),
    context,
  );
}
