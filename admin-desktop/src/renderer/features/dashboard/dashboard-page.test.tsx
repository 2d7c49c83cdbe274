// The dashboard's periods: each figure says its period and its rule (cash on delivery
// counts once delivered); Today / 7 days / 30 days asks the API for that period, keeps it in the address and
// relabels every card; the dates shown are the period's days in India time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const admin = vi.hoisted(() => ({ metrics: vi.fn() }));
const order = vi.hoisted(() => ({ list: vi.fn() }));
vi.mock('../../lib/api', () => ({ api: { admin, order }, imageSrc: () => null }));

import type { DashboardMetrics, ReportPeriod } from '@voltcart/shared';
import { button, cleanup, click, render, wait } from '../../testing/render';
import { DashboardPage, periodDates } from './dashboard-page';

const RANGES: Record<ReportPeriod, [string, string]> = {
  today: ['2026-11-23T18:30:00.000Z', '2026-11-24T18:30:00.000Z'],
  '7d': ['2026-11-17T18:30:00.000Z', '2026-11-24T18:30:00.000Z'],
  '30d': ['2026-10-25T18:30:00.000Z', '2026-11-24T18:30:00.000Z'],
};
const FIGURES: Record<
  ReportPeriod,
  { orders: number; online: number; cod: number; collect: number; fresh: number }
> = {
  today: { orders: 3, online: 0, cod: 100, collect: 0, fresh: 1 },
  '7d': { orders: 5, online: 1000, cod: 100, collect: 50, fresh: 2 },
  '30d': { orders: 7, online: 1200, cod: 100, collect: 120, fresh: 2 },
};

function metricsFor(period: ReportPeriod): DashboardMetrics {
  const f = FIGURES[period];
  return {
    customers: 1245,
    revenue: 13548,
    ordersToShip: 4,
    orders: 346,
    period: {
      key: period,
      from: RANGES[period][0],
      to: RANGES[period][1],
      timeZone: 'Asia/Kolkata',
      newCustomers: f.fresh,
      orders: f.orders,
      revenue: f.online + f.cod,
      // ₹25 of discounts on the period's paid orders (no refunds here): gross is what they cost before them.
      gross: f.online + f.cod + 25,
      discounts: 25,
      revenueOnline: f.online,
      revenueCod: f.cod,
      codToCollect: f.collect,
    },
  };
}

const text = (c: HTMLElement, id: string) => c.querySelector(`[data-testid="${id}"]`)?.textContent;
const labels = (c: HTMLElement) => [...c.querySelectorAll('.stat-label')].map((e) => e.textContent);

beforeEach(() => {
  admin.metrics.mockReset();
  order.list.mockReset();
  admin.metrics.mockImplementation(({ query }: { query: { period: ReportPeriod } }) =>
    Promise.resolve({ flag: 1, msg: '', metrics: metricsFor(query.period) }),
  );
  order.list.mockResolvedValue({ flag: 1, msg: '', orders: [], hasMore: false });
});
afterEach(cleanup);

describe('dashboard periods', () => {
  it('shows today by default, every figure labelled with its period and rule', async () => {
    const { container } = await render(<DashboardPage />, { path: '/admin' });
    await wait();
    expect(admin.metrics).toHaveBeenCalledWith({ query: { period: 'today' } }, expect.anything());
    expect(button(container, 'Today').getAttribute('aria-pressed')).toBe('true');
    expect(text(container, 'period-dates')).toBe('Today: Tuesday, 24 Nov 2026, India time');
    expect(labels(container)).toEqual([
      'Revenue · Today',
      'Orders · Today',
      'Users · Today',
      'To ship · Now',
    ]);
    expect(text(container, 'metric-revenue')).toBe('₹100');
    expect(text(container, 'rule-revenue')).toBe(
      'Orders placed today: paid online (₹0), plus cash on delivery once delivered (₹100), less refunds.',
    );
    expect(text(container, 'metric-gross-discounts')).toBe('Gross ₹125 less discounts ₹25');
    expect(text(container, 'metric-cod-to-collect')).toBe('₹0');
    expect(text(container, 'metric-orders')).toBe('3');
    expect(text(container, 'rule-orders')).toBe('Placed today, in any state · 346 in all');
    expect(text(container, 'metric-new-customers')).toBe('1');
    expect(text(container, 'rule-customers')).toBe(
      'New customer accounts created today · 1,245 registered in all',
    );
    expect(text(container, 'metric-orders-to-ship')).toBe('4');
    expect(text(container, 'rule-to-ship')).toBe(
      'Waiting now, whenever placed: cash-on-delivery orders placed and online orders paid',
    );
  });

  it('switches to 7 and 30 days: asks the API for that period, keeps it in the address, relabels', async () => {
    const { container, location } = await render(<DashboardPage />, { path: '/admin' });
    await wait();
    await click(button(container, '7 days'));
    await wait();
    expect(admin.metrics).toHaveBeenLastCalledWith({ query: { period: '7d' } }, expect.anything());
    expect(location()).toBe('/admin?period=7d');
    expect(button(container, '7 days').getAttribute('aria-pressed')).toBe('true');
    expect(button(container, 'Today').getAttribute('aria-pressed')).toBe('false');
    expect(text(container, 'period-dates')).toBe('Last 7 days: 18 Nov – 24 Nov 2026, India time');
    expect(labels(container)[0]).toBe('Revenue · Last 7 days');
    expect(text(container, 'metric-revenue')).toBe('₹1,100');
    expect(text(container, 'rule-revenue')).toBe(
      'Orders placed in the last 7 days: paid online (₹1,000), plus cash on delivery once delivered (₹100), less refunds.',
    );
    expect(text(container, 'metric-cod-to-collect')).toBe('₹50');
    expect(text(container, 'metric-orders')).toBe('5');

    await click(button(container, '30 days'));
    await wait();
    expect(location()).toBe('/admin?period=30d');
    expect(text(container, 'period-dates')).toBe('Last 30 days: 26 Oct – 24 Nov 2026, India time');
    expect(text(container, 'rule-customers')).toBe(
      'New customer accounts created in the last 30 days · 1,245 registered in all',
    );
    expect(text(container, 'metric-revenue')).toBe('₹1,300');

    await click(button(container, 'Today'));
    await wait();
    expect(location()).toBe('/admin');
  });

  it('opens on the period in the address; an unknown one is today', async () => {
    const { container } = await render(<DashboardPage />, { path: '/admin?period=30d' });
    await wait();
    expect(labels(container)[1]).toBe('Orders · Last 30 days');
    cleanup();
    const other = await render(<DashboardPage />, { path: '/admin?period=365d' });
    await wait();
    expect(labels(other.container)[1]).toBe('Orders · Today');
    expect(admin.metrics).toHaveBeenLastCalledWith({ query: { period: 'today' } }, expect.anything());
  });

  it('names a period’s days in India time, whatever the computer’s own zone, with both years across New Year', () => {
    expect(
      periodDates({ key: '7d', from: RANGES['7d'][0], to: RANGES['7d'][1], timeZone: 'Asia/Kolkata' }),
    ).toBe('18 Nov – 24 Nov 2026, India time');
    expect(
      periodDates({
        key: '7d',
        from: '2026-12-26T18:30:00.000Z',
        to: '2027-01-02T18:30:00.000Z',
        timeZone: 'Asia/Kolkata',
      }),
    ).toBe('27 Dec 2026 – 2 Jan 2027, India time');
  });
});
