// Covers the dashboard's periods in the browser against the real API: the page no longer says
// "Today" over all-time figures; each card names its period and its rule (cash on delivery counts once
// delivered); Today / 7 days / 30 days switch every figure to what GET /admin/metrics?period= answers for that
// period, keep the choice in the address, and show the period's days in India time.
import { formatINR } from '@voltcart/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiOrder, login } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

const inr = formatINR;
const text = (id: string) => page.getByTestId(id).textContent();
const LABELS = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' } as const;
const WORDS = { today: 'today', '7d': 'in the last 7 days', '30d': 'in the last 30 days' } as const;
const BUTTONS = { today: 'Today', '7d': '7 days', '30d': '30 days' } as const;

describe('dashboard periods', () => {
  it('labels every figure with its period and rule, and the period switch shows the API’s figures for it', async () => {
    await apiOrder(); // at least one order today
    await page.goto(adminUrl('/admin'));
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const token = await e2eAdminToken();

    for (const period of ['today', '7d', '30d', 'today'] as const) {
      await page
        .getByRole('group', { name: 'Period' })
        .getByRole('button', { name: BUTTONS[period] })
        .click();
      if (period === 'today') await page.waitForURL(/\/admin$/);
      else await page.waitForURL(new RegExp(`\\?period=${period}$`));
      const m = (await api('GET', `/admin/metrics?period=${period}`, { token })).body.metrics;
      const p = m.period;
      expect(p.timeZone).toBe('Asia/Kolkata');
      // The period's own dates show once its figures came (the last period's may hold the same order count).
      await expect
        .poll(() => text('period-dates'))
        .toMatch(new RegExp(`^${LABELS[period]}: .+, India time$`));
      await expect.poll(() => text('metric-orders')).toBe(String(p.orders));
      expect(p.orders).toBeGreaterThan(0);
      expect(
        await page.getByRole('button', { name: BUTTONS[period], exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      expect(await page.locator('.stat-label').allTextContents()).toEqual([
        `Revenue · ${LABELS[period]}`,
        `Orders · ${LABELS[period]}`,
        `Users · ${LABELS[period]}`,
        'To ship · Now',
      ]);
      expect(await text('metric-revenue')).toBe(inr(p.revenue));
      expect(await text('rule-revenue')).toBe(
        `Orders placed ${WORDS[period]}: paid online (${inr(p.revenueOnline)}), plus cash on delivery once delivered (${inr(p.revenueCod)}), less refunds.`,
      );
      expect(await text('metric-cod-to-collect')).toBe(inr(p.codToCollect));
      expect(await text('metric-new-customers')).toBe(String(p.newCustomers));
      expect(await text('metric-orders-to-ship')).toBe(String(m.ordersToShip));
      if (period === '7d') await screenshot(page, 'admin-dashboard-7-days');
    }
    // No figure says "Today" over the all-time totals any more.
    expect(await page.locator('main').textContent()).not.toContain('Today at Voltcart');
    expect(pageErrors(page)).toEqual([]);
  });
});
