// Covers /compare against the real API and the built storefront: products chosen with "Compare" on their pages
// open side by side at an address that can be shared (it renders the same table from the server for anyone),
// and products of two categories are refused with a message naming each one's category.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../e2e/axe';
import { launchBrowser } from '../../e2e/browser';
import { api } from '../../e2e/context';
import { openPage, shopUrl } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Listed {
  _id: string;
  name: string;
  categoryId: string | null;
  inStock: boolean;
}

/** Two products of one category, and one of another (from the e2e catalogue). */
async function products() {
  const list = (await api('GET', '/product?limit=0')).body.products as Listed[];
  const byCategory = new Map<string, Listed[]>();
  for (const p of list)
    if (p.categoryId) byCategory.set(p.categoryId, [...(byCategory.get(p.categoryId) ?? []), p]);
  const [first, second] = [...byCategory.values()].sort((a, b) => b.length - a.length);
  if (!first || first.length < 2 || !second) throw new Error('The e2e catalogue needs two categories');
  return { same: [first[0]!, first[1]!], other: second[0]! };
}

describe('compare', () => {
  it('opens the products chosen side by side at a shareable address; two categories are refused', async () => {
    const { same, other } = await products();
    const page = await openPage(browser);
    for (const p of same) {
      await page.goto(shopUrl(`/product/${p._id}`));
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      await page.getByRole('button', { name: 'In compare list' }).waitFor();
    }
    await page.getByRole('link', { name: 'Compare now' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/compare' && u.searchParams.get('ids') === same.map((p) => p._id).join(','),
    );
    const table = page.getByTestId('compare-table');
    await table.waitFor();
    for (const p of same) expect(await table.textContent()).toContain(p.name);
    expect(await seriousViolations(page, 'compare')).toEqual([]);

    // The address alone renders the same table (another browser, the server's HTML).
    const html = await (await fetch(shopUrl(`/compare?ids=${same.map((p) => p._id).join(',')}`))).text();
    expect(html).toContain('data-testid="compare-table"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);

    await page.goto(shopUrl(`/compare?ids=${same[0]!._id},${other._id}`));
    const refusal = page.getByTestId('compare-error');
    await expect
      .poll(() => refusal.textContent())
      .toMatch(/^Compare products of one category: .* is in .*, .* is in .*\.$/);
    await page.close();
  });
});
