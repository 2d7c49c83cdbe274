// Covers the catalogue CSV screen through the browser bridge: a file with row errors is previewed with each
// error's line, column and reason and cannot be applied; a good file is previewed (rows to create), applied with
// the progress bar reaching 100 %, and its products are in the catalogue; the same file again is all unchanged.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_CSV_COLUMNS } from '@voltcart/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { login } from './support';

let browser: Browser;
let dir: string;
const tag = Date.now().toString(36).slice(-5);

const row = (cells: Record<string, string | number>) =>
  CATALOG_CSV_COLUMNS.map((c) => String(cells[c] ?? '')).join(',');
const header = CATALOG_CSV_COLUMNS.join(',');

beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(join(tmpdir(), 'vc-e2e-csv-'));
  const phone = (n: number, extra: Record<string, string | number> = {}) =>
    row({
      handle: `csv-phone-${n}-${tag}`,
      name: `CSV Phone ${n} ${tag}`,
      brand: 'Acme',
      original_price: 15000 + n,
      discount_percentage: 5,
      sku: `CSV-${n}-${tag}`,
      memory_gb: 128,
      stock: 4,
      ...extra,
    });
  await writeFile(join(dir, 'good.csv'), [header, phone(1), phone(2), phone(3)].join('\n'));
  await writeFile(
    join(dir, 'bad.csv'),
    [header, phone(4), phone(5, { sku: `CSV-4-${tag}` }), phone(6, { original_price: 'ten' })].join('\n'),
  );
});

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function choose(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose CSV file…' }).click();
  await (await chooser).setFiles(join(dir, file));
  await page.getByRole('heading', { name: `Preview of ${file}` }).waitFor();
}

const countOf = (page: Page, label: string) =>
  page.locator('.csv-counts div', { hasText: label }).locator('dd').textContent();

describe('catalogue CSV in the browser', () => {
  it('lists the row errors of a bad file and offers no apply', async () => {
    const page = await newPage(browser, { width: 1280, height: 900 });
    await login(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Import / export' })
      .click();
    await page.getByRole('heading', { name: 'Catalogue CSV' }).waitFor();
    await choose(page, 'bad.csv');
    expect(await countOf(page, 'Errors')).toBe('2');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toBe(
      `3sku"CSV-4-${tag}" is also on line 2: each SKU once per file`,
    );
    expect(await rows.nth(1).textContent()).toBe(
      '4original_price"ten" is not a number (rupees, e.g. 1999.50)',
    );
    expect(await page.getByRole('button', { name: /Apply/ }).count()).toBe(0);
    expect(await seriousViolations(page, 'import preview with errors')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-csv-errors-390');
    expect(pageErrors(page)).toEqual([]);
  });

  it('previews a good file, applies it with the progress bar reaching 100 %, and a second import changes nothing', async () => {
    const page = await newPage(browser, { width: 1280, height: 900 });
    await login(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Import / export' })
      .click();
    await choose(page, 'good.csv');
    expect(await countOf(page, 'To create')).toBe('3');
    await screenshot(page, 'admin-csv-preview');
    await page.getByRole('button', { name: 'Apply 3 changes' }).click();
    await page.getByText('Done: 3 created, 0 updated, 0 unchanged.').waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    const admin = await e2eAdminToken();
    const p = await api('GET', `/product/csv-phone-2-${tag}`, { token: admin });
    expect(p.body.product).toMatchObject({ finalPrice: 14251, stock: 4, memorySizes: [128] });

    await choose(page, 'good.csv');
    expect(await countOf(page, 'Unchanged')).toBe('3');
    expect(await page.getByRole('button', { name: 'Nothing to change' }).isDisabled()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});
