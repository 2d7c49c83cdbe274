// Covers the Discounts screen against the real API: a discount code created with the form (an end before its start
// is refused with the API's reason, nothing saved), shown in the list with what it gives, edited, its bulk
// single-use codes generated and saved as a CSV file whose codes the API accepts, and an unused discount deleted
// after the usual confirmation; the newsletter's first-order code set on the same screen; an offer that needs
// another product in the cart ("10% off accessories with any phone"), refused without its products, then saved.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { api } from '../../e2e/context';
import { apiProduct, confirmDelete, expectToast, login, unique } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Discounts screen', () => {
  it('creates, edits, generates single-use codes as CSV and deletes a discount', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('heading', { name: 'All discounts' }).waitFor();
    await page.getByRole('link', { name: 'Add discount' }).click();
    await page.getByRole('heading', { name: 'Add discount' }).waitFor();

    const name = unique('Festival');
    const code = `FEST${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Code').fill(code.toLowerCase());
    await page.getByLabel('Percentage (%)').fill('15');
    await page.getByLabel('Minimum order (₹, optional)').fill('1000');
    await page.getByLabel('Starts (India time, optional)').fill('2026-12-10T00:00');
    await page.getByLabel('Ends (India time, optional)').fill('2026-12-01T00:00');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.getByRole('alert').getByText('endsAt must be after startsAt').waitFor();

    await page.getByLabel('Starts (India time, optional)').fill('');
    await page.getByLabel('Ends (India time, optional)').fill('2099-12-31T23:59');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expectToast(page, 'Discount saved.');
    await page.getByRole('heading', { name: 'All discounts' }).waitFor();
    const row = page.locator('tbody tr', { hasText: name });
    expect(await row.textContent()).toContain(code);
    expect(await row.textContent()).toContain('15% off');
    expect(await row.getByText('Running').count()).toBe(1);
    await screenshot(page, 'admin-discounts');

    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name: 'Edit discount' }).waitFor();
    expect(await page.getByLabel('Ends (India time, optional)').inputValue()).toBe('2099-12-31T23:59');
    await page.getByLabel('Percentage (%)').fill('20');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expectToast(page, 'Discount updated.');
    await expect.poll(() => page.locator('tbody tr', { hasText: name }).textContent()).toContain('20% off');

    // 25 single-use codes, saved as a CSV file.
    await page
      .locator('tbody tr', { hasText: name })
      .getByRole('button', { name: `Generate codes for ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Generate codes for ${name}` });
    await dialog.getByLabel('How many codes').fill('25');
    await dialog.getByLabel('Start each code with (optional)').fill('fest');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Generate and save CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^discount-codes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('code,discount');
    expect(lines).toHaveLength(26);
    const codes = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(new Set(codes).size).toBe(25);
    expect(codes.every((c) => /^FEST[A-Z2-9]{10}$/.test(c))).toBe(true);
    await expectToast(page, '25 codes generated.');
    await expect
      .poll(() => page.locator('tbody tr', { hasText: name }).textContent())
      .toContain('25 generated');

    // A generated code prices a cart.
    const product = await apiProduct(unique('Discounted phone'));
    const quote = await api('POST', '/cart/quote', {
      body: { lines: [{ productId: product._id, qty: 1 }], discount_code: codes[0] },
    });
    expect(quote.body.code).toEqual({ code: codes[0], applied: true, reason: null });
    expect(quote.body.discounts[0].label).toBe(`Discount (${codes[0]})`);

    // An unused discount can be deleted.
    const spare = unique('Spare');
    await page.getByRole('link', { name: 'Add discount' }).click();
    await page.getByLabel('Name').fill(spare);
    await page.getByLabel('Type').selectOption({ label: 'Automatic offer (no code)' });
    await page.getByLabel('Gives').selectOption({ label: 'A fixed amount off' });
    await page.getByLabel('Amount off (₹)').fill('250');
    // Saved switched off: the e2e shop is shared, an offer running would change other tests' totals.
    await page.getByLabel('Switched on').uncheck();
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expectToast(page, 'Discount saved.');
    await page
      .locator('tbody tr', { hasText: spare })
      .getByRole('button', { name: `Delete ${spare}` })
      .click();
    await confirmDelete(page, 'The discount has been deleted.');
    await expect.poll(() => page.locator('tbody tr', { hasText: spare }).count()).toBe(0);
    // The newsletter's first-order code: 12 % for 14 days, then back to the defaults.
    const panel = page.getByRole('form', { name: 'Newsletter first-order code' });
    await expect.poll(() => panel.getByLabel('% off the first order').inputValue()).not.toBe('');
    await panel.getByLabel('% off the first order').fill('12');
    await panel.getByLabel('Valid for (days)').fill('14');
    await panel.getByRole('button', { name: 'Save newsletter code' }).click();
    await expectToast(page, 'The newsletter code is saved.');
    expect((await api('GET', '/settings')).body.settings).toMatchObject({
      newsletterCodePercent: 12,
      newsletterCodeDays: 14,
    });
    await panel.getByLabel('% off the first order').fill('10');
    await panel.getByLabel('Valid for (days)').fill('30');
    await panel.getByRole('button', { name: 'Save newsletter code' }).click();
    await expect
      .poll(async () => (await api('GET', '/settings')).body.settings.newsletterCodePercent)
      .toBe(10);

    // The refused save above is the one failed request the browser logs.
    expect(pageErrors(page).filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it('saves an offer that needs another product in the cart, and shows it again when edited', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('link', { name: 'Add discount' }).click();
    const name = unique('Accessories with a phone');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Type').selectOption({ label: 'Automatic offer (no code)' });
    await page.getByLabel('Percentage (%)').fill('10');
    await page.getByLabel('Applies to').selectOption({ label: 'Categories (ids)' });
    await page.getByLabel('Which ones', { exact: true }).fill('2');
    await page.getByLabel('Only with, in the cart').selectOption({ label: 'A product of categories (ids)' });
    // Saved switched off: the e2e shop is shared.
    await page.getByLabel('Switched on').uncheck();
    await page.getByRole('button', { name: 'Save discount' }).click();
    await page.getByRole('alert').getByText('requiresTargets must name at least one').waitFor();
    await page.getByLabel('Which ones, in the cart').fill('1');
    await page.getByRole('button', { name: 'Save discount' }).click();
    await expectToast(page, 'Discount saved.');
    const row = page.locator('tbody tr', { hasText: name });
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name: 'Edit discount' }).waitFor();
    expect(await page.getByLabel('Only with, in the cart').inputValue()).toBe('categories');
    expect(await page.getByLabel('Which ones, in the cart').inputValue()).toBe('1');
    expect(pageErrors(page).filter((e) => !e.includes('status of 400'))).toEqual([]);
    await page.close();
  });
});
