// Covers the Reports screen against the real API: the sales figures of the period with the
// comparison, the chart and its table view (one row per day) with the text summary, a custom period the API
// refuses shown in words, and axe on the screen (chart and table view).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, screenshot } from '../../e2e/browser';
import { adminUrl, login } from './support';

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

describe('the Reports screen', () => {
  it('shows the figures, a chart with its table view and summary, and is axe clean', async () => {
    await page.goto(adminUrl('/admin/reports'));
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Sales' }).waitFor();
    await page.getByTestId('sales-figures').waitFor();
    expect(await page.getByTestId('sales-figures').textContent()).toContain('Net sales');
    const chart = page.getByTestId('sales-chart');
    await chart.locator('canvas').waitFor();
    const summary = await page.getByTestId('sales-summary').textContent();
    expect(summary).toMatch(/^Net sales ₹/);
    expect(await chart.getAttribute('aria-label')).toBe(summary);
    expect(await seriousViolations(page, 'reports chart')).toEqual([]);
    await screenshot(page, 'admin-reports-chart');

    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByTestId('sales-series-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await seriousViolations(page, 'reports table')).toEqual([]);

    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2026-01-10');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText(/before it starts/).waitFor();
  });
});
