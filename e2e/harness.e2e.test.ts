// Proves the e2e harness: the real API answers a browser, the run's admin can log in, and each built UI is
// served with its runtime configuration, its security headers and a working cross-origin path to the API.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from './browser';
import { E2E_PRODUCTS } from './constants';
import { api, e2eAdminToken, e2eEnv } from './context';

const env = e2eEnv();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('e2e harness', () => {
  it('serves the API health check to the browser', async () => {
    const page = await newPage(browser);
    // A navigation: the API's own CSP (default-src 'none') rightly forbids scripts on its origin.
    const res = await page.goto(`${env.apiUrl}/health`);
    expect(res?.status()).toBe(200);
    expect(await res?.json()).toMatchObject({ flag: 1, status: 'ok' });
    await page.close();
  });

  it('has a migrated database and a working admin account', async () => {
    expect((await api('GET', '/ready')).status).toBe(200);
    expect(await e2eAdminToken()).toMatch(/^ey/);
    const wrong = await api('POST', '/admin/login', {
      body: { email: env.adminEmail, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
  });

  it('seeds the deterministic e2e catalogue', async () => {
    const all = await api('GET', '/product?limit=0', { token: await e2eAdminToken() });
    expect(all.status).toBe(200);
    // One database serves the whole run: other files may have added products by now.
    expect(all.body.products.length).toBeGreaterThanOrEqual(E2E_PRODUCTS);
    const categories = await api('GET', '/category');
    expect(categories.body.categories.length).toBeGreaterThanOrEqual(6);
  });

  for (const ui of ['storefront', 'admin'] as const) {
    const url = ui === 'storefront' ? env.storefrontUrl : env.adminUrl;
    it.skipIf(!url)(`serves the built ${ui} with its runtime configuration and headers`, async () => {
      const page = await newPage(browser);
      const res = await page.goto(url!);
      expect(res?.status()).toBe(200);
      const headers = res!.headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      // index.html loads /config.js before the bundle; the API address is computed from the page's host.
      const configured = await page.evaluate(
        () => (window as { __VOLTCART__?: { apiUrl: string } }).__VOLTCART__,
      );
      expect(configured?.apiUrl).toBe(env.apiUrl);
      const status = await page.evaluate(async (u) => (await fetch(`${u}/health`)).status, env.apiUrl);
      expect(status).toBe(200);
      await screenshot(page, `harness-${ui}`);
      expect(pageErrors(page).filter((e) => e.startsWith('page error'))).toEqual([]);
      await page.close();
    });
  }
});
