import { formatINR, type Promotion, SHOP_TIME_ZONE } from '@voltcart/shared';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** What a discount gives, in words: "10% off (up to ₹500)", "₹250 off", "Buy 2, get 1 free", "Free shipping". */
export function offerWords(
  p: Pick<Promotion, 'action' | 'percent' | 'cap' | 'amount' | 'buyQty' | 'getQty'>,
) {
  switch (p.action) {
    case 'percent':
      return `${p.percent ?? 0}% off${p.cap ? ` (up to ${formatINR(p.cap)})` : ''}`;
    case 'amount':
      return `${formatINR(p.amount ?? 0)} off`;
    case 'free_shipping':
      return 'Free shipping';
    default:
      return `Buy ${p.buyQty ?? 1}, get ${p.getQty ?? 1} free`;
  }
}

/** A moment as the shop's staff read it (India time): "1 Dec 2026, 12:00 am". */
export function shopTime(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('en-IN', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** An ISO moment as a `datetime-local` value in India time (`2026-12-01T00:00`), for the form. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString('sv-SE', { timeZone: SHOP_TIME_ZONE }).replace(' ', 'T').slice(0, 16);
}

/** Generated codes as a CSV file (one code a line, under a header), ready to save. */
export function codesCsv(promotion: Pick<Promotion, 'name'>, codes: readonly string[]): Uint8Array {
  const text = stringify(
    codes.map((c) => [c, promotion.name]),
    { header: true, columns: ['code', 'discount'] },
  );
  return new TextEncoder().encode(text);
}
