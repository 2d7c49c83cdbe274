import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, ensureChromium } from '../scripts/lib/chromium.mjs';
import { ROOT } from '../scripts/lib/log.mjs';

const SCREENSHOT_DIR = resolve(ROOT, 'test-results', 'screenshots');

/**
 * Starts Debian's Chromium (installed on demand, never downloaded by playwright) headless with the
 * project's flags. Each launch gets a fresh temporary profile, removed when the browser closes.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await ensureChromium({ quiet: true });
  return chromium.launch({
    executablePath,
    headless: true,
    // playwright adds its own headless switch; the rest are the project's flags.
    args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'),
    timeout: 60_000,
  });
}

const errors = new WeakMap<Page, string[]>();

/**
 * A page in its own browser context (own cookies and local storage) with the given viewport,
 * Indian locale and time zone. Closing the page closes its context.
 */
export async function newPage(
  browser: Browser,
  {
    width = 1280,
    height = 800,
    ...options
  }: { width?: number; height?: number } & BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const seen: string[] = [];
  errors.set(page, seen);
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  page.on('close', () => {
    context.close().catch(() => {});
  });
  return page;
}

/** Uncaught exceptions and console errors the page has logged so far (for `expect(...).toEqual([])`). */
export function pageErrors(page: Page): string[] {
  return [...(errors.get(page) ?? [])];
}

/** Saves test-results/screenshots/<name>.png (the whole page unless `fullPage: false`) and returns its path. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${safe}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}
