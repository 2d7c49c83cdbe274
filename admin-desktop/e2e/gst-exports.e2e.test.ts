// Covers Reports → GST against the real API: the month picker and a quarter's label; the sales register saved
// with the paid order's invoice on its row; GSTR-1 as JSON of that return period; the HSN summary and the e-way
// bill helper saved with their headers; a month with no sales still gives a valid (header-only) file; axe clean.
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, screenshot } from '../../e2e/browser';
import { adminUrl, login, paidOrder } from './support';

let browser: Browser;
let page: Page;
let orderId: string;
/** This month in India, as the exports name it. */
const MONTH = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

beforeAll(async () => {
  ({ orderId } = await paidOrder());
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

async function text(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

async function save(name: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Save ${name}` }).click(),
  ]);
  await page.locator('.toasts').getByText(`Saved ${download.suggestedFilename()}`).first().waitFor();
  return download;
}

describe('Reports → GST', () => {
  it('saves the period’s sales register, GSTR-1, HSN summary and e-way bill helper', async () => {
    await page.goto(adminUrl('/admin/reports'));
    await page.getByRole('tab', { name: 'GST' }).click();
    await page.getByRole('heading', { name: 'GST returns and registers' }).waitFor();
    await page.getByLabel('Month', { exact: true }).fill(MONTH);
    const [y, m] = MONTH.split('-');
    const monthName = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    expect(await page.getByTestId('gst-period').textContent()).toContain(`Files for ${monthName} ${y}`);
    expect(await seriousViolations(page, 'gst exports')).toEqual([]);
    await screenshot(page, 'admin-reports-gst');

    const register = await save('Sales register (CSV)');
    expect(register.suggestedFilename()).toBe(`sales-register-${MONTH}.csv`);
    const rows = (await text(register)).trim().split('\r\n');
    expect(rows[0]).toMatch(/^Date,Document,Number,/);
    expect(rows.some((r) => r.includes(orderId))).toBe(true);

    const gstr1 = JSON.parse(await text(await save('GSTR-1 (JSON)')));
    expect(gstr1.fp).toBe(`${m}${y}`);
    expect(Object.keys(gstr1)).toEqual([
      'gstin',
      'fp',
      'version',
      'hash',
      'b2b',
      'cdnr',
      'cdnur',
      'b2cl',
      'b2cs',
      'hsn',
      'doc_issue',
    ]);

    expect((await text(await save('HSN summary (CSV)'))).split('\r\n')[0]).toMatch(/^HSN,Description,UQC/);
    const eway = await save('E-way bill helper (CSV)');
    expect(eway.suggestedFilename()).toBe(`eway-bills-${MONTH}.csv`);
    expect((await text(eway)).split('\r\n')[0]).toMatch(/^Supply type,Sub type,Document type,/);
  });

  it('names a quarter and gives header-only files for a period with no sales', async () => {
    await page.getByLabel('Return period').selectOption('quarter');
    await page.getByLabel('Financial year').selectOption({ index: 3 });
    await page.getByLabel('Quarter', { exact: true }).selectOption('3');
    const label = await page.getByTestId('gst-period').textContent();
    expect(label).toMatch(/^Files for Q3 \d{4}-\d\d \(October–December \d{4}\)/);
    const b2b = await text(await save('GSTR-1 B2B (CSV)'));
    expect(b2b.trim().split('\r\n')).toHaveLength(1);
  });
});
