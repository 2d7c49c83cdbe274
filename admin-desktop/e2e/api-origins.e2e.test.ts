// Covers the back office against an API configured for another origin than its own:
// - `npm run admin:web` (ADMIN_WEB_PORT) against a real API started without that origin in CORS_ORIGINS stops
//   with a message naming CORS_ORIGINS and ADMIN_WEB_PORT instead of serving a login page that fails
// - the login page, served from an origin the API refuses, says so (the API answers, but not to this page)
// - pictures kept in an S3 bucket (STORAGE_DRIVER=s3 with S3_PUBLIC_URL on another origin): the API redirects
//   image requests there; the desktop app's probe finds that origin, and the web back office's CSP allows it,
//   so an uploaded category image really appears (not the placeholder)
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pageErrors, screenshot } from '../../e2e/browser';
import { localOrigins } from '../../scripts/lib/env.mjs';
import { ROOT } from '../../scripts/lib/log.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { serveStorefront } from '../../storefront/server/serve';
import { discoverImageOrigin } from '../src/main/image-origin';
import { runAdminWeb, startApi, startBucket } from './processes';
import { env, imageFile, unique } from './support';

let browser: Browser;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

describe('an API that refuses the back office origin', () => {
  it('npm run admin:web stops and names CORS_ORIGINS and ADMIN_WEB_PORT (a preflight with its origin)', async () => {
    const port = await freePort();
    const api = await startApi({ corsOrigins: localOrigins(await freePort()) });
    cleanups.push(api.stop);
    const web = await runAdminWeb({ apiUrl: api.url, port });
    cleanups.push(web.stop);
    expect(await web.exited).toBe(1);
    const out = web.output();
    expect(out).toContain(
      `The API at ${api.url} refuses requests from the back office's origin http://localhost:${port} and http://127.0.0.1:${port}`,
    );
    expect(out).toContain(`Add http://localhost:${port},http://127.0.0.1:${port} to CORS_ORIGINS`);
    expect(out).toContain(`ADMIN_WEB_PORT=${port} npm start`);
    expect(out).not.toContain('Voltcart back office at');

    // The same API, told about that origin, is accepted and the back office is served.
    const allowing = await startApi({ corsOrigins: localOrigins(port) });
    cleanups.push(allowing.stop);
    const served = await runAdminWeb({ apiUrl: allowing.url, port });
    cleanups.push(served.stop);
    expect(served.output()).toContain(`Voltcart back office at http://localhost:${port}`);
    expect(served.output()).not.toContain('CORS_ORIGINS');
    await served.stop();
  });

  it('the login page says the API refuses this origin instead of failing silently', async () => {
    // The run's API lists only the run's own UI origins; this page is served on another port.
    const api = new URL(env.apiUrl);
    const site = await serveStorefront({
      root: resolve(ROOT, 'admin-desktop/dist-web'),
      port: await freePort(),
      apiPort: Number(api.port),
    });
    cleanups.push(site.close);
    const page = await newPage(browser);
    const origin = `http://127.0.0.1:${site.port}`;
    await page.goto(`${origin}/admin/login`);
    await page.getByLabel('Email').fill(env.adminEmail);
    await page.getByLabel('Password').fill(env.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Error from AdminLogin').waitFor();
    await alert.getByText(/refuses requests from this page/).waitFor();
    const text = await alert.textContent();
    expect(text).toContain(
      `The API at http://127.0.0.1:${api.port} is running but refuses requests from this page's origin (${origin}).`,
    );
    expect(text).toContain(`Add ${origin} to CORS_ORIGINS`);
    expect(text).toContain('ADMIN_WEB_PORT');
    await screenshot(page, 'admin-login-cors-refused');
    await page.close();
  });
});

describe('pictures in an S3 bucket on another origin', () => {
  it('the desktop probe finds the bucket origin; the web back office shows an uploaded image from it', async () => {
    const bucket = await startBucket();
    cleanups.push(bucket.stop);
    const port = await freePort();
    const api = await startApi({ corsOrigins: localOrigins(port), env: bucket.apiEnv });
    cleanups.push(api.stop);

    // The Electron main process asks the API where pictures load from (for the window's CSP).
    expect(await discoverImageOrigin(api.url)).toBe(bucket.endpoint);
    expect(new URL(bucket.endpoint).origin).not.toBe(new URL(api.url).origin);

    const web = await runAdminWeb({ apiUrl: api.url, port });
    cleanups.push(web.stop);

    const page = await newPage(browser, { width: 1280, height: 900 });
    await page.goto(`http://localhost:${port}/admin/login`);
    await page.getByLabel('Email').fill(env.adminEmail);
    await page.getByLabel('Password').fill(env.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/);

    const name = unique('Bucket Cameras');
    await page.goto(`http://localhost:${port}/admin/category/add`);
    await page.getByLabel('Category Name').fill(name);
    await page.getByLabel('Upload File').setInputFiles(await imageFile('camera.png', '#228844'));
    await page.getByRole('button', { name: 'Create Category' }).click();
    await page.waitForURL(/\/admin\/category$/);
    const img = page.locator('tbody tr', { hasText: name }).locator('img');
    await img.waitFor();
    // The API's address, answered with a redirect into the bucket…
    const src = (await img.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^${api.url}/images/categories/[a-f0-9]{32}\\.(webp|jpg|png)$`));
    const res = await fetch(src, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).origin).toBe(bucket.endpoint);
    // …and the picture loaded from there (a blocked one falls back to the data: placeholder).
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1)))
      .toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toBe(src);
    expect(pageErrors(page).filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    // admin:web learnt the bucket's origin from the API itself (no S3_PUBLIC_URL in its environment).
    expect(web.output()).toContain(`pictures: ${bucket.endpoint}`);
    await screenshot(page, 'admin-categories-s3-pictures');
    await page.close();
  });
});
