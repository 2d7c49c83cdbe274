// Covers the bulk image upload through the browser bridge: a folder chosen with <input webkitdirectory>,
// files matched to products by slug and SKU (unmatched and non-images shown or skipped), uploaded with the
// overall progress bar reaching 100 %, and the pictures on the products afterwards; after a run the upload
// button stays off until the folder or a choice changes, and the same folder sent again is reported
// "Already there" with nothing added; `<slug>-<colour-slug>.png` is shown with its colour and lands in that
// colour's gallery; a name that means a colour of one product and another product's slug is flagged ambiguous
// (never guessed) until staff choose.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { clearToasts } from './screens';
import { apiProduct, login, unique } from './support';

let browser: Browser;
let dir: string;
const products: { _id: string; slug: string; name: string; sku: string | null }[] = [];

const photo = (color: string, format: 'jpeg' | 'png' = 'jpeg') => {
  const img = sharp({ create: { width: 900, height: 900, channels: 3, background: color } });
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
};

beforeAll(async () => {
  browser = await launchBrowser();
  products.push(await apiProduct(unique('Bulk Phone')));
  products.push(await apiProduct(unique('Bulk Tablet')));
  products.push(await apiProduct(unique('Bulk Buds'), { sku: `BB-${Date.now().toString(36)}` }));
  dir = await mkdtemp(join(tmpdir(), 'vc-e2e-bulk-'));
  const folder = join(dir, 'shoot');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(folder, 'extra'), { recursive: true });
  const colors = ['#aa2222', '#22aa22', '#2222aa'];
  for (const [i, p] of products.entries()) {
    const key = p.sku ?? p.slug;
    await writeFile(join(folder, `${key}.jpg`), await photo(colors[i]!));
    await writeFile(join(folder, 'extra', `${p.slug}-2.png`), await photo('#dddd00', 'png'));
    await writeFile(join(folder, 'extra', `${p.slug}-3.jpg`), await photo('#00dddd'));
  }
  await writeFile(join(folder, 'not-a-product.jpg'), await photo('#777777'));
  await writeFile(join(folder, 'notes.txt'), 'shoot notes');
});

afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('bulk upload in the browser', () => {
  it('matches a folder of photos to products and uploads them with the progress bar reaching 100 %', async () => {
    const page = await newPage(browser, { width: 1366, height: 1200 });
    // Matching is the API's (POST /product/match-images): the page never lists every product.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/product(\?|\/match-images)/.test(r.url()))
        asked.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByRole('heading', { name: 'Bulk upload' }).waitFor();
    await page.getByLabel('Choose folder').setInputFiles(join(dir, 'shoot'));

    await page
      .getByRole('tab', { name: /Matched/ })
      .getByText('9')
      .waitFor();
    expect(await page.getByRole('tab', { name: /Unmatched/ }).textContent()).toContain('1');
    expect(await page.getByRole('tab', { name: /Ambiguous/ }).textContent()).toContain('0');
    expect(await page.locator('.panel-head', { hasText: 'Check the matches' }).textContent()).toContain(
      '1 other file skipped',
    );
    const thumbRow = page.locator('tbody tr', { hasText: `${products[2]!.sku}.jpg` });
    expect(await thumbRow.getByRole('combobox').inputValue()).toBe('thumbnail');
    expect(await thumbRow.textContent()).toContain(products[2]!.name);
    expect(
      await page
        .locator('tbody tr', { hasText: `${products[0]!.slug}-2.png` })
        .getByRole('combobox')
        .inputValue(),
    ).toBe('gallery');
    await screenshot(page, 'admin-bulk-preview');
    expect(asked).toEqual(['POST /product/match-images']);

    await page.getByRole('button', { name: 'Upload 9 files' }).click();
    const bar = page.getByRole('progressbar', { name: 'Overall progress' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 60_000 }).toBe('100');
    expect(await page.getByTestId('bulk-percent').textContent()).toBe('100%');
    const summary = page.getByTestId('bulk-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Upload finished: 9 uploaded, 0 failed, 0 cancelled');
    await clearToasts(page);
    await page.waitForTimeout(300);
    await screenshot(page, 'admin-bulk-done');

    const token = await e2eAdminToken();
    for (const p of products) {
      const d = (await api('GET', `/product/${p._id}`, { token })).body.product;
      expect(d.thumbnail, p.name).not.toBe('');
      expect(d.images, p.name).toHaveLength(2);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('turns "Upload" off after a run until the folder or a choice changes; a second run reports "Already there"', async () => {
    const twins = [await apiProduct(unique('Twice Phone')), await apiProduct(unique('Twice Pad'))];
    const folder = join(dir, 'twice');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder, { recursive: true });
    for (const [i, p] of twins.entries()) {
      await writeFile(join(folder, `${p.slug}.jpg`), await photo(i ? '#118811' : '#881111'));
      await writeFile(join(folder, `${p.slug}-2.jpg`), await photo(i ? '#111188' : '#888811'));
    }
    const page = await newPage(browser, { width: 1366, height: 1000 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByLabel('Choose folder').setInputFiles(folder);
    const upload = page.getByRole('button', { name: 'Upload 4 files' });
    await upload.click();
    const summary = page.getByTestId('bulk-summary');
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toContain('4 uploaded, 0 failed');
    // Finished: the same files cannot be sent again by a second click.
    expect(await upload.isDisabled()).toBe(true);
    expect(await page.getByTestId('bulk-uploaded-note').textContent()).toContain('Choose the folder again');

    // A changed choice turns it on again (and back to the run's choices, off again).
    const role = page.locator('tbody tr', { hasText: `${twins[0]!.slug}-2.jpg` }).getByRole('combobox');
    await role.selectOption('skip');
    expect(await page.getByRole('button', { name: 'Upload 3 files' }).isEnabled()).toBe(true);
    await role.selectOption('gallery');
    expect(await upload.isDisabled()).toBe(true);

    // The same folder chosen again: on again, and the API answers every file "already there".
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await expect.poll(() => upload.isEnabled()).toBe(true);
    await upload.click();
    await expect
      .poll(() => summary.textContent(), { timeout: 60_000 })
      .toContain('0 uploaded, 4 already there (not added again), 0 failed');
    const row = page.locator('tbody tr', { hasText: `${twins[1]!.slug}-2.jpg` });
    expect(await row.locator('.row-state').textContent()).toBe('Already there');
    expect(await upload.isDisabled()).toBe(true);
    await screenshot(page, 'admin-bulk-already-there');

    const token = await e2eAdminToken();
    for (const p of twins) {
      const d = (await api('GET', `/product/${p._id}`, { token })).body.product;
      expect(d.thumbnail, p.name).not.toBe('');
      expect(d.images, p.name).toHaveLength(1);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows which colour gallery a photo goes to and uploads it there', async () => {
    const token = await e2eAdminToken();
    const made = await api('POST', '/color/create', {
      token,
      body: { name: unique('Coral Pink'), hexcode: '#ff7f7f' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const coral = made.body.color as { _id: string; name: string; slug: string };
    const tab = await apiProduct(unique('Hue Tab'), { colors: JSON.stringify([coral._id]) });
    const folder = join(dir, 'colours');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${tab.slug}.jpg`), await photo('#334455'));
    await writeFile(join(folder, `${tab.slug}-${coral.slug}.png`), await photo('#ff7f7f', 'png'));

    const page = await newPage(browser, { width: 1366, height: 1000 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await page
      .getByRole('tab', { name: /Matched/ })
      .getByText('2')
      .waitFor();
    const colourRow = page.locator('tbody tr', { hasText: `${tab.slug}-${coral.slug}.png` });
    expect(await colourRow.getByTestId('bulk-color').textContent()).toBe(coral.name);
    expect(await colourRow.textContent()).toContain(tab.name);
    expect(await colourRow.getByRole('combobox').inputValue()).toBe('gallery');
    const sharedRow = page.locator('tbody tr', { hasText: `${tab.slug}.jpg` });
    expect(await sharedRow.textContent()).toContain('Shared gallery');
    expect(await sharedRow.getByRole('combobox').inputValue()).toBe('thumbnail');
    await screenshot(page, 'admin-bulk-colour-preview');

    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await expect
      .poll(() => page.getByTestId('bulk-summary').textContent(), { timeout: 60_000 })
      .toContain('2 uploaded, 0 failed');
    const d = (await api('GET', `/product/${tab._id}`, { token })).body.product;
    expect(d.thumbnail).not.toBe('');
    expect(d.images).toEqual([]);
    expect(d.colorImages[coral._id]).toHaveLength(1);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('flags a name that means a colour of one product and the slug of another, until staff choose', async () => {
    const token = await e2eAdminToken();
    const made = await api('POST', '/color/create', {
      token,
      body: { name: unique('Teal'), hexcode: '#118080' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const teal = made.body.color as { _id: string; name: string; slug: string };
    const pad = await apiProduct(unique('Glow Pad'), { colors: JSON.stringify([teal._id]) });
    // Its slug is the pad's slug followed by the colour's: `<pad>-<teal>.jpg` names both.
    const twin = await apiProduct(`${pad.name} ${teal.name}`);
    expect(twin.slug).toBe(`${pad.slug}-${teal.slug}`);
    const folder = join(dir, 'unclear');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${twin.slug}.jpg`), await photo('#118080'));

    const page = await newPage(browser, { width: 1366, height: 1000 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await page
      .getByRole('tab', { name: /Ambiguous/ })
      .getByText('1')
      .waitFor();
    expect(await page.getByRole('tab', { name: /Matched/ }).textContent()).toContain('0');
    const row = page.locator('tbody tr', { hasText: `${twin.slug}.jpg` });
    expect(await row.getByTestId('bulk-unclear').textContent()).toBe('Several products or colours');
    const choose = row.getByLabel(`Product for ${twin.slug}.jpg`);
    expect(await choose.inputValue()).toBe('');
    await screenshot(page, 'admin-bulk-unclear-colour');
    await choose.selectOption(twin._id);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect
      .poll(() => page.getByTestId('bulk-summary').textContent(), { timeout: 60_000 })
      .toContain('1 uploaded, 0 failed');
    expect((await api('GET', `/product/${twin._id}`, { token })).body.product.thumbnail).not.toBe('');
    const d = (await api('GET', `/product/${pad._id}`, { token })).body.product;
    expect(d.colorImages[teal._id] ?? []).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('takes 200 photos without freezing the page', async () => {
    const many: { slug: string; _id: string }[] = [];
    for (let i = 0; i < 50; i++) many.push(await apiProduct(unique(`Crowd ${i}`)));
    const folder = join(dir, 'crowd');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder, { recursive: true });
    // Four different pictures per product (the same file twice on one product would be stored once).
    const small = await Promise.all(
      ['#446688', '#664488', '#886644', '#448866'].map((background) =>
        sharp({ create: { width: 96, height: 96, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );
    for (const p of many) {
      for (const [i, n] of ['', '-2', '-3', '-4'].entries())
        await writeFile(join(folder, `${p.slug}${n}.jpg`), small[i]!);
    }

    const page = await newPage(browser, { width: 1366, height: 900 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk upload' }).click();
    await page.getByLabel('Choose folder').setInputFiles(folder);
    await page
      .getByRole('tab', { name: /Matched/ })
      .getByText('200')
      .waitFor();
    // The longest pause of the page's main thread while the upload runs (a timer ticking every 50 ms).
    await page.evaluate(() => {
      const w = window as unknown as { __gap: number; __tick: number };
      w.__gap = 0;
      w.__tick = performance.now();
      setInterval(() => {
        const now = performance.now();
        w.__gap = Math.max(w.__gap, now - w.__tick);
        w.__tick = now;
      }, 50);
    });
    await page.getByRole('button', { name: 'Upload 200 files' }).click();
    const bar = page.getByRole('progressbar', { name: 'Overall progress' });
    await expect
      .poll(() => bar.getAttribute('aria-valuenow'), { timeout: 120_000, interval: 500 })
      .toBe('100');
    expect(await page.getByTestId('bulk-summary').textContent()).toContain('200 uploaded, 0 failed');
    const gap = await page.evaluate(() => (window as unknown as { __gap: number }).__gap);
    // A frozen window stalls for seconds; a busy shared test machine adds a few hundred milliseconds.
    expect(gap).toBeLessThan(1500);
    const d = (await api('GET', `/product/${many[49]!._id}`, { token: await e2eAdminToken() })).body.product;
    expect(d.images).toHaveLength(3);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 240_000);
});
