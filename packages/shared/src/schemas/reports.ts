import { z } from 'zod';
import { REPORT_GROUPS, REPORT_RANGES } from '../rules/report-range';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, 'must be a real date');

/** A report's period (rules/report-range.ts says what each means); `from`/`to` go with `custom`. */
export const reportQuery = z.object({
  period: z.enum(REPORT_RANGES, { error: `must be one of ${REPORT_RANGES.join(', ')}` }).default('30d'),
  from: day.optional(),
  to: day.optional(),
  groupBy: z.enum(REPORT_GROUPS, { error: `must be one of ${REPORT_GROUPS.join(', ')}` }).optional(),
});

export type ReportQuery = z.infer<typeof reportQuery>;

/** The tables of the sales report that export as CSV. */
export const REPORT_TABLES = ['series', 'products', 'categories', 'brands'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const reportCsvQuery = reportQuery.extend({
  table: z.enum(REPORT_TABLES, { error: `must be one of ${REPORT_TABLES.join(', ')}` }),
});
