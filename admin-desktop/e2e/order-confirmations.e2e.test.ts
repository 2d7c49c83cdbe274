// Covers the back office's questions before what cannot be undone, and corrections after shipping (the real API
// with the payment simulator): a refund names its amount and waits for a yes (Cancel refunds nothing); a fully
// refunded order shows as Refunded with no ship or cancel; tracking details corrected after shipping, in the
// timeline; a parcel returned to origin asks where its units go; a staff role change is saved only after "Save
// role" and its confirmation, never on the dropdown's change.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { adminUrl, apiOrder, expectToast, login, paidOrder, unique } from './support';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 900 });
  page.context().setDefaultTimeout(30_000);
  await login(page);
});
afterAll(async () => {
  await browser?.close();
});

const moves = () => page.locator('.order-moves button').allTextContents();
const inr = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

describe('confirmations and corrections in the back office', () => {
  it('asks before a refund; Cancel refunds nothing; a full refund leaves the order Refunded, not to ship', async () => {
    const { orderId, total } = await paidOrder();
    const token = await e2eAdminToken();
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    await expect.poll(moves).toEqual(['Mark as shipped', 'Cancel order']);
    const panel = page.getByRole('region', { name: 'Refunds' });
    await panel.getByLabel('Reason').fill('Customer changed their mind');
    await panel.getByRole('button', { name: 'Refund' }).click();
    const ask = page.getByRole('dialog', { name: `Refund ${inr(total)} to the customer?` });
    expect(await ask.textContent()).toContain('This cannot be undone.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await api('GET', `/order/${orderId}`, { token })).body.payment.refunded).toBe(0);

    await panel.getByRole('button', { name: 'Refund' }).click();
    await ask.getByRole('button', { name: 'Refund' }).click();
    await expectToast(page, /Refunded/);
    await page.locator('.order-bar .badge', { hasText: 'Refunded' }).waitFor();
    await expect.poll(moves).toEqual([]);
    const after = (await api('GET', `/order/${orderId}`, { token })).body;
    expect(after.order.state).toBe('refunded');
    expect(after.payment.refunded).toBe(total);
  });

  it('corrects tracking after shipping and asks where the units of a returned parcel go', async () => {
    const orderId = await apiOrder();
    const token = await e2eAdminToken();
    const shipped = await api('PATCH', `/order/status/${orderId}`, {
      token,
      body: { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV-1111' },
    });
    expect(shipped.status).toBe(200);
    await page.goto(adminUrl(`/admin/orders/${orderId}`));
    await page.getByRole('button', { name: 'Edit tracking' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit tracking details' });
    expect(await edit.getByLabel('Tracking number').inputValue()).toBe('DLV-1111');
    await edit.getByLabel('Tracking number').fill('DLV-2222');
    await edit.getByRole('button', { name: 'Save tracking' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('shipment').textContent()).toBe('Delhivery · DLV-2222');
    await expect
      .poll(() => page.getByTestId('order-timeline').textContent())
      .toContain('Delhivery DLV-2222 (was Delhivery DLV-1111)');

    await expect.poll(moves).toEqual(['Mark as delivered', 'Returned to origin']);
    await page.getByRole('button', { name: 'Returned to origin' }).click();
    const rto = page.getByRole('dialog', { name: 'Returned to origin' });
    expect(await rto.textContent()).toContain('This cannot be undone.');
    await rto.getByRole('button', { name: 'Mark as returned' }).click();
    expect(await rto.getByRole('alert').textContent()).toBe('Choose where the returned units go.');
    await rto.getByLabel('Counted damaged (not back in stock)').check();
    await rto.getByRole('button', { name: 'Mark as returned' }).click();
    await rto.waitFor({ state: 'detached' });
    await page.locator('.order-bar .badge', { hasText: 'Returned (RTO)' }).waitFor();
    const after = (await api('GET', `/order/${orderId}`, { token })).body;
    expect(after.order.state).toBe('returned');
    expect(after.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('saves a staff role change only after Save role and its confirmation', async () => {
    const token = await e2eAdminToken();
    const name = unique('Ravi');
    const email = `ravi-${Date.now().toString(36)}@voltcart.test`;
    const invited = await api('POST', '/admin/staff', { token, body: { name, email, role: 'orders' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const roleOf = async () =>
      ((await api('GET', '/admin/staff', { token })).body.staff as { email: string; role: string }[]).find(
        (m) => m.email === email,
      )?.role;

    await page.goto(adminUrl('/admin/staff'));
    const row = page.getByRole('row').filter({ hasText: email });
    const select = row.getByLabel(`Role of ${name}`);
    await select.selectOption({ label: 'Owner' });
    expect(await roleOf()).toBe('orders');

    await row.getByRole('button', { name: `Save role of ${name}` }).click();
    const ask = page.getByRole('dialog', { name: `Make ${name} Owner?` });
    expect(await ask.textContent()).toContain('everything, staff and settings included');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe('orders');
    expect(await roleOf()).toBe('orders');

    await select.selectOption({ label: 'Manager' });
    await row.getByRole('button', { name: `Save role of ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Make ${name} Manager?` })
      .getByRole('button', { name: 'Change role' })
      .click();
    await expectToast(page, `${name} is now Manager.`);
    expect(await roleOf()).toBe('manager');
    expect(await row.getByRole('button', { name: `Save role of ${name}` }).count()).toBe(0);
  });
});
