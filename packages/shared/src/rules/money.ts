/**
 * Money helpers. The database keeps integer paise; the API and the UIs speak rupees.
 * - rupees have at most 2 decimals; converting to paise rounds to the nearest paisa
 * - formatting is en-IN with the ₹ sign and at most 2 decimals (no trailing ",00" on whole rupees)
 */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function toRupees(paise: number): number {
  return paise / 100;
}

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** `formatINR(123456.5)` → `₹1,23,456.5`. Non-finite values format as ₹0. */
export function formatINR(rupees: number): string {
  return inr.format(Number.isFinite(rupees) ? rupees : 0);
}
