import { z } from 'zod';
import { calendarDay, rupees, text } from './common';
import { pageQuery } from './order';

/** The most bytes of AWB numbers a remittance file may hold (about 20,000 AWBs). */
export const MAX_REMITTANCE_FILE = 400_000;

/**
 * A courier's remittance of the cash it collected: the carrier, the amount paid (rupees), the day it reached the
 * shop, the bank or courier reference, and the CSV of the AWB numbers it covers (one a line, or a column named
 * AWB) with the file's name. Each field carries the form's label (staff read it in error messages).
 */
export const codRemittanceBody = z.object({
  carrier: text(60).min(1, 'must not be empty').meta({ label: 'Carrier' }),
  amount: rupees.refine((v) => v > 0, 'must be more than ₹0').meta({ label: 'Amount received (₹)' }),
  remittedOn: calendarDay.meta({ label: 'Date received' }),
  reference: text(120).min(1, 'must not be empty').meta({ label: 'Reference' }),
  fileName: text(200).default('').meta({ label: 'AWB file' }),
  awbCsv: z
    .string({ error: 'must be the text of a CSV file' })
    .max(MAX_REMITTANCE_FILE, `must be at most ${MAX_REMITTANCE_FILE / 1000} kB`)
    .meta({ label: 'AWB file' }),
});

export type CodRemittanceBody = z.infer<typeof codRemittanceBody>;

export const codRemittancesQuery = z.object(pageQuery);
