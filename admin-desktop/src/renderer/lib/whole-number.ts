/**
 * A whole number typed in a field, or null.
 * - blank (or only spaces) is null, not 0
 * - a fraction, or anything that is not a number, is null
 * - so is a number below `min` or above `max`
 */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}
