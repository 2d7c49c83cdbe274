/** The shop's time zone: the back office's days (dashboard periods) start at midnight here. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The dashboard's periods: today, the last 7 days, the last 30 days (each ending with today). */
export const REPORT_PERIODS = ['today', '7d', '30d'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const DAYS: Record<ReportPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `t` (milliseconds), read as if it were UTC (whole seconds). */
function wallClockAsUtc(t: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(t))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at instant `t`, in milliseconds. */
const offsetAt = (t: number, timeZone: string) => wallClockAsUtc(t, timeZone) - Math.floor(t / 1000) * 1000;

/** The instant of midnight starting calendar day y-m-d in the zone (the day may overflow, e.g. day 0). */
function midnight(y: number, m: number, d: number, timeZone: string): number {
  const guess = Date.UTC(y, m, d);
  // Twice: the offset at the first estimate may differ from the offset at midnight itself (a DST change).
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/**
 * The instants a dashboard period covers, `from` included and `to` excluded.
 * - a period is whole calendar days in the shop's time zone ending with today: `today` is today,
 *   `7d` today and the 6 days before, `30d` today and the 29 days before
 * - `from` is the midnight starting its first day, `to` the midnight ending today (the start of tomorrow)
 * - midnight is found with the zone's own offset (Intl), so any IANA zone works; Asia/Kolkata is
 *   UTC+05:30 all year, so there its days start at 18:30 UTC the day before
 */
export function periodRange(
  period: ReportPeriod,
  now: Date = new Date(),
  timeZone: string = SHOP_TIME_ZONE,
): { from: Date; to: Date } {
  const today = new Date(wallClockAsUtc(now.getTime(), timeZone));
  const [y, m, d] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
  return {
    from: new Date(midnight(y, m, d - (DAYS[period] - 1), timeZone)),
    to: new Date(midnight(y, m, d + 1, timeZone)),
  };
}

/** The instant of midnight starting calendar day `day` (YYYY-MM-DD) in the zone. */
export function dayStart(day: string, timeZone: string = SHOP_TIME_ZONE): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(midnight(y, m - 1, d, timeZone));
}

/** The calendar day (YYYY-MM-DD) in the zone at instant `at`. */
export function dayOf(at: Date, timeZone: string = SHOP_TIME_ZONE): string {
  return new Date(wallClockAsUtc(at.getTime(), timeZone)).toISOString().slice(0, 10);
}
