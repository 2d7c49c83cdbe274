// Covers the shop's own pages (terms, privacy, shipping, returns, contact): linked from every page's footer and
// CONTACT in the header; server-rendered with their text (what staff saved through the API, else the starting
// text); the contact page names the grievance officer once staff have; axe-clean at 1366 and 390 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axe';
import { launchBrowser, pageErrors } from '../../e2e/browser';
import { api, e2eAdminToken } from '../../e2e/context';
import { openPage, shopUrl, shot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('shop pages', () => {
  it('arrive server-rendered with their text, linked from the footer and the header', async () => {
    const token = await e2eAdminToken();
    const saved = await api('PUT', '/settings/pages/contact', {
      token,
      body: {
        body: 'Write to us about any order.',
        officer: {
          name: 'Meera Iyer',
          address: '42 Brigade Road, Bengaluru 560025',
          email: 'grievance@example.in',
          phone: '9845012345',
        },
      },
    });
    expect(saved.status).toBe(200);
    const html = await (await fetch(shopUrl('/returns'))).text();
    expect(html).toContain('<h1 class="page-title">Returns &amp; refunds</h1>');
    expect(html).toContain('How refunds are paid');

    for (const width of [1366, 390]) {
      const page = await openPage(browser, { width, height: 900 });
      await page.goto(shopUrl('/'));
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
      expect(await page.getByText('My account → My data').count()).toBe(1);
      expect(await axeViolations(page), `privacy at ${width}`).toEqual([]);
      if (width === 390) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CONTACT' }).click();
      await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
      const officer = page.getByRole('region', { name: 'Grievance officer' });
      expect(await officer.textContent()).toContain('Meera Iyer');
      expect(await officer.getByRole('link', { name: 'grievance@example.in' }).getAttribute('href')).toBe(
        'mailto:grievance@example.in',
      );
      expect(await axeViolations(page), `contact at ${width}`).toEqual([]);
      await shot(page, `storefront-contact-${width}`);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });
});
