import {
  changePercent,
  dayLabel,
  dayOf,
  formatINR,
  type SalesFigures,
  type SummaryMail,
} from '@voltcart/shared';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { transaction } from '../../lib/transaction';
import { enqueueMail } from '../mail/mail.service';
import { summaryMailSetting } from '../settings/settings.service';
import { refreshReportDays, salesFigures } from './reports.service';

/** The settings row that says up to which day the summary mail went out (its period's last day). */
const SENT_KEY = 'summary_mail_sent';

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The period a summary mail covers on `today` (a day in the shop's time zone):
 * - daily: yesterday
 * - weekly: the last whole week, Monday to Sunday (the Sunday before today, or yesterday on a Monday)
 * and the same number of days just before it, to compare.
 */
export function summaryPeriod(kind: 'daily' | 'weekly', today: string) {
  const yesterday = addDays(today, -1);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const lastDay = kind === 'daily' ? yesterday : addDays(today, -(weekday === 0 ? 7 : weekday));
  const days = kind === 'daily' ? 1 : 7;
  const firstDay = addDays(lastDay, -(days - 1));
  return {
    firstDay,
    lastDay,
    previous: { firstDay: addDays(firstDay, -days), lastDay: addDays(firstDay, -1) },
  };
}

const change = (now: number, before: number) => {
  const p = changePercent(now, before);
  return p === null ? '' : ` (${p > 0 ? '+' : ''}${p}% on the period before)`;
};

/** The mail's lines: the same figures as the Reports screen, for the period and against the one before. */
function summaryLines(now: SalesFigures, before: SalesFigures): string[] {
  const share = (n: number) => (now.paidOrders ? Math.round((n / now.paidOrders) * 100) : 0);
  return [
    `Net sales: ${formatINR(now.net)}${change(now.net, before.net)}`,
    `Gross sales: ${formatINR(now.gross)}; refunds: ${formatINR(now.refunds)}`,
    `Orders placed: ${now.orders}${change(now.orders, before.orders)}; paid or collected: ${now.paidOrders}`,
    `Average order value: ${formatINR(now.averageOrderValue)}; units sold: ${now.units}`,
    `Customers: ${now.newCustomers} new, ${now.returningCustomers} returning`,
    `Prepaid ${share(now.prepaid.orders)}% (${formatINR(now.prepaid.net)}), cash on delivery ${share(now.cod.orders)}% (${formatINR(now.cod.net)})`,
    `Orders returned to origin: ${now.returnedOrders}`,
    'Figures count orders by the day they were placed (India time), as the Reports screen does.',
  ];
}

/**
 * The background pass (each API process, every minute): when the Owner opted in (Settings) and the period due
 * today has not been mailed, the summary goes to the outbox for each active Owner, and the period's last day is
 * saved in the same transaction (the row locked: one process mails it, once). Returns whether a mail was written.
 */
export async function mailSummary(db: Db, config: Config, now: Date = new Date()): Promise<boolean> {
  const kind: SummaryMail = await summaryMailSetting(db);
  if (kind === 'off') return false;
  const period = summaryPeriod(kind, dayOf(now));
  const sent = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', SENT_KEY)
    .executeTakeFirst();
  if (sent && sent.value >= period.lastDay) return false;
  await refreshReportDays(db);
  return transaction(db, async (trx) => {
    await sql`INSERT IGNORE INTO settings (name, value) VALUES (${SENT_KEY}, '')`.execute(trx);
    const locked = await sql<{
      value: string;
    }>`SELECT value FROM settings WHERE name = ${SENT_KEY} FOR UPDATE`.execute(trx);
    if ((locked.rows[0]?.value ?? '') >= period.lastDay) return false;
    const [current, previous] = await Promise.all([
      salesFigures(trx, period.firstDay, period.lastDay),
      salesFigures(trx, period.previous.firstDay, period.previous.lastDay),
    ]);
    const owners = await trx
      .selectFrom('admins')
      .select(['name', 'email'])
      .where('active', '=', 1)
      .where('role', '=', 'owner')
      .orderBy('id')
      .execute();
    const what =
      kind === 'daily'
        ? dayLabel(period.lastDay)
        : `${dayLabel(period.firstDay)} to ${dayLabel(period.lastDay)}`;
    for (const owner of owners)
      await enqueueMail(trx, config, {
        kind: 'sales_summary',
        to: owner.email,
        data: {
          name: owner.name,
          summary: {
            subject: `${kind === 'daily' ? 'Daily' : 'Weekly'} sales summary: ${what}`,
            lines: [`Sales of ${what}:`, ...summaryLines(current, previous)],
          },
        },
      });
    await sql`UPDATE settings SET value = ${period.lastDay} WHERE name = ${SENT_KEY}`.execute(trx);
    return owners.length > 0;
  });
}
