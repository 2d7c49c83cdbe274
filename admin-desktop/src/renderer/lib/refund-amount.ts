/**
 * The amount typed into a refund form, in rupees.
 * - blank: no amount (all that may be refunded)
 * - otherwise a number above 0; anything else is the form's problem, said as the form says it
 */
export function typedRefund(text: string): { rupees?: number; problem?: string } {
  const rupees = text.trim() === '' ? undefined : Number(text);
  if (rupees !== undefined && !(rupees > 0))
    return { problem: 'Enter an amount of at least ₹0.01, or leave it blank.' };
  return { rupees };
}
