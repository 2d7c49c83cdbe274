/**
 * Steps on the admin screens that need only a page and the addresses (no vitest run): shared by the browser
 * tests (support.ts) and the docs screenshots (scripts/docs-screenshots.ts).
 */
import type { Page } from 'playwright-core';

/** Logs in through the login screen of the admin at `adminUrl` and waits for the dashboard. */
export async function loginAs(page: Page, adminUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${adminUrl}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Closes every notification and scrolls back to the top (before a screenshot). */
export async function clearToasts(page: Page): Promise<void> {
  const buttons = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await buttons.count()) > 0) await buttons.first().click();
  await page.evaluate(() => {
    for (const el of [
      document.scrollingElement,
      document.querySelector('.shell'),
      document.querySelector('.main'),
    ]) {
      el?.scrollTo(0, 0);
    }
  });
}
