import { z } from 'zod';
import { REPORT_PERIODS } from '../rules/report-period';

/** `GET /admin/metrics?period=today|7d|30d` (today when absent). */
export const dashboardQuery = z.object({
  period: z.enum(REPORT_PERIODS, { error: 'must be today, 7d or 30d' }).default('today'),
});

export type DashboardQuery = z.infer<typeof dashboardQuery>;
