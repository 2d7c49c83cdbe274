import { z } from 'zod';
import { REPORT_GROUPS, REPORT_RANGES } from '../rules/report-range';
import { calendarDay } from './common';

/** A report's period (rules/report-range.ts says what each means); `from`/`to` go with `custom`. */
export const reportQuery = z.object({
  period: z.enum(REPORT_RANGES, { error: `must be one of ${REPORT_RANGES.join(', ')}` }).default('30d'),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  groupBy: z.enum(REPORT_GROUPS, { error: `must be one of ${REPORT_GROUPS.join(', ')}` }).optional(),
});

export type ReportQuery = z.infer<typeof reportQuery>;

/** The tables of the sales report that export as CSV. */
export const REPORT_TABLES = ['series', 'products', 'categories', 'brands'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const reportCsvQuery = reportQuery.extend({
  table: z.enum(REPORT_TABLES, { error: `must be one of ${REPORT_TABLES.join(', ')}` }),
});
