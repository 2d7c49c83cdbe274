// Covers "Addresses to check" on the Users screen: a saved address whose state the pincode migration could not
// match is listed with its customer and the state as typed; a state of another state than the pincode's is
// refused with the API's message, the right one is saved and the address leaves the list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors } from '../../e2e/browser';
import { api, e2eEnv } from '../../e2e/context';
import { login } from './support';

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const name = `Tara ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const r = await api('POST', '/user/register', {
    body: { name, email: `tara.${tag}@example.com`, password: 'shopper-pass-1' },
  });
  expect(r.status).toBe(201);
  const added = await api('POST', '/user/add-address', {
    token: r.body.token,
    body: {
      shipping_address: {
        adressLine1: `7 Brigade Road ${tag}`,
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        country: 'India',
        contact: '9845012345',
      },
    },
  });
  expect(added.status).toBe(201);
  // As the migration leaves an address it could not match: the text kept, no code, flagged.
  const { createConnection } = await import('mysql2/promise');
  const conn = await createConnection(e2eEnv().databaseUrl);
  try {
    await conn.query(
      "UPDATE addresses SET state = 'Karnatka st.', state_code = NULL, address_review = 1 WHERE adress_line1 = ?",
      [`7 Brigade Road ${tag}`],
    );
  } finally {
    await conn.end();
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('addresses to check', () => {
  it('lists a flagged address, refuses a state the pincode is not in, saves the right one', async () => {
    const page = await newPage(browser, { width: 1280, height: 900 });
    await login(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByText(/^Addresses to check \(\d+\)$/).click();
    const row = page.locator('tr', { hasText: `7 Brigade Road ${tag}` });
    await row.getByText('Karnatka st.').waitFor();
    const state = row.getByLabel(`State for ${name}, PIN 560001`);
    await state.selectOption({ label: 'Kerala' });
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Pincode 560001 is in Karnataka, not Kerala', { exact: false }).waitFor();
    await state.selectOption({ label: 'Karnataka' });
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The address of ${name} is now in Karnataka.`).waitFor();
    await row.waitFor({ state: 'detached' });
    // The refused save is a 400 the browser logs; nothing else may go wrong.
    expect(pageErrors(page).filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
