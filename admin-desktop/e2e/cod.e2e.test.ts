// Covers the COD remittances screen against the real API: two delivered cash-on-delivery orders of a
// carrier are listed as still to collect; a file naming an AWB twice (chosen through the file picker) is refused
// in words; the courier's file is recorded, the carrier leaves "still to collect" and the remittance is listed with
// what the courier kept; axe on the screen.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { login, orderableProduct, placeCodOrder, registerShopper } from './support';

let browser: Browser;
let page: Page;
let dir: string;
const tag = Date.now().toString(36).slice(-6).toUpperCase();
const carrier = `Courier ${tag}`;
const awbs = [`E2E${tag}A`, `E2E${tag}B`];

beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'vc-e2e-cod-'));
  const admin = await e2eAdminToken();
  const product = await orderableProduct();
  const token = await registerShopper({ name: 'Ravi Kumar', email: `ravi${tag.toLowerCase()}@example.in` });
  for (const awb of awbs) {
    const id = await placeCodOrder(token, product, 1);
    for (const body of [{ state: 'shipped', carrier, trackingNumber: awb }, { state: 'delivered' }]) {
      const r = await api('PATCH', `/order/status/${id}`, { token: admin, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }
  await writeFile(join(dir, 'twice.csv'), `AWB\n${awbs[0]}\n${awbs[0]}\n`);
  await writeFile(join(dir, 'remittance.csv'), `AWB Number,Amount\n${awbs[0]},1\n${awbs[1]},1\n`);
  page = await newPage(browser, { width: 1366, height: 900 });
  await login(page);
});

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function choose(file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose AWB file…' }).click();
  await (await chooser).setFiles(join(dir, file));
  await page.getByTestId('cod-file').getByText(file).waitFor();
}

describe('COD remittances', () => {
  it('lists what a carrier owes, refuses an AWB twice, records the remittance and is axe clean', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'COD remittances' })
      .click();
    await page.getByRole('heading', { name: 'COD remittances', level: 1 }).waitFor();
    const row = page.getByTestId('cod-due-row').filter({ hasText: carrier });
    await row.waitFor();
    expect(await row.locator('td').first().textContent()).toBe('2');
    expect(await seriousViolations(page, 'COD remittances')).toEqual([]);

    await page.getByLabel('Carrier', { exact: true }).fill(carrier);
    await page.getByLabel('Amount received (₹)').fill('1');
    await page.getByLabel(/^Reference/).fill(`UTR${tag}`);
    await choose('twice.csv');
    await page.getByRole('button', { name: 'Record remittance' }).click();
    expect(await page.getByTestId('cod-error').textContent()).toContain(
      `AWB ${awbs[0]} is in the file twice`,
    );

    await choose('remittance.csv');
    await page.getByRole('button', { name: 'Record remittance' }).click();
    await row.waitFor({ state: 'detached' });
    const recorded = page.getByTestId('cod-remittance-row').filter({ hasText: `UTR${tag}` });
    await recorded.waitFor();
    expect(await recorded.textContent()).toContain(carrier);
    await screenshot(page, 'admin-cod-remittances');
    // The one answer the browser logs is the refused file's 400, asked for above.
    expect(pageErrors(page).filter((e) => !e.includes('status of 400 (Bad Request)'))).toEqual([]);
    expect(pageErrors(page)).toHaveLength(1);
  });
});
