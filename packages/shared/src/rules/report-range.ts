import { dayOf, dayStart, SHOP_TIME_ZONE } from './report-period';

/** The Reports screen's periods: presets ending today, calendar months, or chosen days. */
export const REPORT_RANGES = ['today', '7d', '30d', '90d', 'this_month', 'last_month', 'custom'] as const;
export type ReportRangeKey = (typeof REPORT_RANGES)[number];

/** How a report's series is grouped: by day, by week (Monday to Sunday) or by calendar month. */
export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest custom period a report covers. */
export const MAX_REPORT_YEARS = 5;

export interface ReportRange {
  key: ReportRangeKey;
  /** First and last day (YYYY-MM-DD, both included) in the shop's time zone. */
  firstDay: string;
  lastDay: string;
  days: number;
  /** Instants: midnight starting the first day, midnight ending the last (excluded). */
  from: Date;
  to: Date;
  /** The period compared with: the same number of days just before. */
  previous: { firstDay: string; lastDay: string; from: Date; to: Date };
  groupBy: ReportGroup;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Days as people read them: 5 Mar 2026. */
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The days a report covers, or why it cannot (a sentence for the user):
 * - `today`, `7d`, `30d`, `90d`: that many days ending with today; `this_month`: the 1st to today;
 *   `last_month`: the whole previous calendar month; `custom`: `from` to `to`, both days included
 * - days are calendar days in the shop's time zone (Asia/Kolkata)
 * - a custom period needs both days; its end may not be before its start, nor after today, and it may cover
 *   at most 5 years
 * - the comparison is the same number of days just before the period
 * - grouping: `groupBy` when given; otherwise by day up to 31 days, by week up to 26 weeks, else by month
 */
export function reportRange(
  q: { period: ReportRangeKey; from?: string; to?: string; groupBy?: ReportGroup },
  now: Date = new Date(),
  timeZone: string = SHOP_TIME_ZONE,
): ReportRange | { error: string } {
  const today = dayOf(now, timeZone);
  let first: string;
  let last = today;
  switch (q.period) {
    case 'today':
      first = today;
      break;
    case '7d':
    case '30d':
    case '90d':
      first = addDays(today, -(Number.parseInt(q.period, 10) - 1));
      break;
    case 'this_month':
      first = `${today.slice(0, 8)}01`;
      break;
    case 'last_month': {
      last = addDays(`${today.slice(0, 8)}01`, -1);
      first = `${last.slice(0, 8)}01`;
      break;
    }
    case 'custom': {
      if (!q.from || !q.to) return { error: 'Choose both the first and the last day of the period.' };
      first = q.from;
      last = q.to;
      if (last < first)
        return {
          error: `The period ends (${dayLabel(last)}) before it starts (${dayLabel(first)}): choose an end on or after the start.`,
        };
      if (last > today)
        return {
          error: `The period ends in the future (${dayLabel(last)}): choose days up to today (${dayLabel(today)}).`,
        };
      if (first < addDays(`${Number(last.slice(0, 4)) - MAX_REPORT_YEARS}${last.slice(4)}`, 1))
        return {
          error: `The period is longer than ${MAX_REPORT_YEARS} years: choose a start on or after ${dayLabel(addDays(`${Number(last.slice(0, 4)) - MAX_REPORT_YEARS}${last.slice(4)}`, 1))}.`,
        };
      break;
    }
  }
  const days = daysBetween(first, last) + 1;
  const prevLast = addDays(first, -1);
  const prevFirst = addDays(first, -days);
  const groupBy = q.groupBy ?? (days <= 31 ? 'day' : days <= 26 * 7 ? 'week' : 'month');
  return {
    key: q.period,
    firstDay: first,
    lastDay: last,
    days,
    from: dayStart(first, timeZone),
    to: dayStart(addDays(last, 1), timeZone),
    previous: {
      firstDay: prevFirst,
      lastDay: prevLast,
      from: dayStart(prevFirst, timeZone),
      to: dayStart(first, timeZone),
    },
    groupBy,
  };
}

/** The bucket (its first day) a day falls in: the day, the Monday starting its week, or the 1st of its month. */
export function bucketOf(day: string, groupBy: ReportGroup): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket from the first day to the last, in order (a series has a point for buckets without sales too). */
export function bucketsOf(firstDay: string, lastDay: string, groupBy: ReportGroup): string[] {
  const out: string[] = [];
  for (let b = bucketOf(firstDay, groupBy); b <= lastDay; ) {
    out.push(b);
    b = groupBy === 'day' ? addDays(b, 1) : groupBy === 'week' ? addDays(b, 7) : nextMonth(b);
  }
  return out;
}

const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * A change from the previous period in per cent, rounded to one decimal; null when the previous figure is 0
 * (no base to compare with).
 */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
