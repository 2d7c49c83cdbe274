// The storefront server's product and store pages: the HTML itself, fetched without JavaScript, names the
// product and its price and carries its JSON-LD, Open Graph tags and canonical address; in a browser the
// page uses the data the server sent (no second request for the product) without console errors or
// warnings; an unknown product answers 404; private pages are not indexed.
import { resolve } from 'node:path';
import { escapeMarkup, formatINR, memoryLabel } from '@voltcart/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors, screenshot } from '../../e2e/browser';
import { api, e2eAdminToken, e2eEnv } from '../../e2e/context';
import { serveStorefront } from '../server/serve';
import {
  type CatalogProduct,
  chosenVariant,
  openPage,
  productWithOptions,
  sellableProducts,
  shopUrl,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The JSON-LD blocks of a page's HTML, parsed. */
function jsonLd(
  html: string,
): Array<{ '@type': string; itemListElement: Array<{ name: string }>; [key: string]: unknown }> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

/** Text as the server writes it into HTML. */
const html = escapeMarkup;

describe('server-rendered product page', () => {
  it('arrives with the product name, price, canonical address, Open Graph tags and JSON-LD', async () => {
    const [product] = await sellableProducts(1);
    const res = await fetch(shopUrl(`/product/${product!._id}?utm_source=newsletter`));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(`<title>${html(product!.name)} · Voltcart</title>`);
    expect(body).toContain(`<link rel="canonical" href="${shopUrl(`/product/${product!._id}`)}" />`);
    expect(body).toContain(`<meta property="og:title" content="${html(product!.name)}" />`);
    expect(body).toContain(formatINR(product!.finalPrice));
    const [item, crumbs] = jsonLd(body);
    // The seeded products have variants: a ProductGroup whose variants carry the API's own prices.
    const detail = (await api('GET', `/product/${product!._id}`)).body.product as CatalogProduct;
    expect(detail.variants.length).toBeGreaterThan(0);
    expect(item).toMatchObject({ '@type': 'ProductGroup', name: product!.name });
    expect(item!.hasVariant).toEqual(
      detail.variants.map((v) =>
        expect.objectContaining({
          '@type': 'Product',
          sku: v.sku,
          offers: expect.objectContaining({
            '@type': 'Offer',
            price: v.price.toFixed(2),
            priceCurrency: 'INR',
            availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          }),
        }),
      ),
    );
    expect(crumbs!['@type']).toBe('BreadcrumbList');
    expect(crumbs!.itemListElement.at(-1)).toMatchObject({ name: product!.name });
  });

  it('shows the product in the browser without asking the API for it again, and logs nothing', async () => {
    const [product] = await sellableProducts(1);
    const page = await openPage(browser);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const productRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/product/${product!._id}` && r.resourceType() !== 'document')
        productRequests.push(r.url());
    });
    await page.goto(shopUrl(`/product/${product!._id}`));
    await page.getByRole('heading', { level: 1, name: product!.name }).waitFor();
    // The app takes the page over once it has loaded (public/boot.js).
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(productRequests).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('fetches the app only after the page has loaded, and keeps a tap made before it runs', async () => {
    const [product] = await sellableProducts(1);
    const body = await (await fetch(shopUrl(`/product/${product!._id}`))).text();
    // The app's code waits in an inert template (public/boot.js starts it): nothing but boot.js is a script.
    const outside = body.replace(/<template id="vc-app">[\s\S]*?<\/template>/, '');
    expect(body).toMatch(
      /<template id="vc-app"><link rel="modulepreload" crossorigin href="\/assets\/index-/,
    );
    expect(outside).not.toContain('type="module"');
    expect(outside).not.toContain('modulepreload');
    expect(outside).toContain('<script defer src="/boot.js"></script>');

    // A slow network: the app's code arrives 1.5 s after it is asked for; Add to Cart is tapped before.
    const page = await openPage(browser);
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(shopUrl(`/product/${product!._id}`), { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html[data-app]').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(pageErrors(page)).toEqual([]);

    // The same on the store: a page size chosen in the menu before the app runs is chosen again by the app.
    await page.goto(shopUrl('/store'), { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html[data-app]').count()).toBe(0);
    await page.getByLabel('Show').selectOption('2');
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForURL((u) => u.searchParams.get('limit') === '2');
    await expect.poll(() => page.locator('.store .product-card').count()).toBe(2);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('answers 404 for an unknown product, and keeps private pages out of search engines', async () => {
    const missing = await fetch(shopUrl('/product/no-such-product-0000'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
    const cart = await (await fetch(shopUrl('/cart'))).text();
    expect(cart).toContain('<meta name="robots" content="noindex" />');
    // The cart's frame and heading are in the HTML (painted before the code arrives); its lines never are.
    expect(cart).toMatch(/<h1 class="page-title">Shopping cart<\/h1>/);
    expect(cart).toContain('Loading your cart…');
    expect(cart).not.toContain('Your cart is empty.');
    // The account forms are the browser's: a mailed link's token is read there, never rendered or kept here.
    const reset = await (await fetch(shopUrl('/reset-password?token=abc'))).text();
    expect(reset).toContain('<meta name="robots" content="noindex" />');
    expect(reset).not.toContain('Choose a new password');
  });
});

describe('a renamed product', () => {
  it('answers 301 from its old address to its current one, in the HTML and in a browser', async () => {
    const token = await e2eAdminToken();
    const form = new FormData();
    form.append('name', `Café Édition Lamp ${Date.now()}`);
    form.append('originalPrice', '2499');
    const made = await api('POST', '/product/create', { token, form });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const old = made.body.product as { _id: string; slug: string; name: string };
    expect(old.slug).toMatch(/^cafe-edition-lamp-\d+$/);
    // Seen once under its first address (the page cache keeps it until the catalogue changes).
    expect((await fetch(shopUrl(`/product/${old.slug}`))).status).toBe(200);

    const rename = new FormData();
    rename.append('name', `${old.name} Pro`);
    const renamed = await api('PUT', `/product/update/${old._id}`, { token, form: rename });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const slug = renamed.body.product.slug as string;
    expect(slug).toBe(`${old.slug}-pro`);

    const res = await fetch(shopUrl(`/product/${old.slug}?color=x`), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, shopUrl('/')).href).toBe(
      shopUrl(`/product/${slug}?color=x`),
    );
    expect((await fetch(shopUrl(`/product/${slug}`))).status).toBe(200);

    const page = await openPage(browser);
    await page.goto(shopUrl(`/product/${old.slug}`));
    expect(new URL(page.url()).pathname).toBe(`/product/${slug}`);
    await page.getByRole('heading', { level: 1, name: renamed.body.product.name }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('server-prepared store pages', () => {
  it('arrive with the category title, a normal canonical address and breadcrumbs; unknown ones answer 404', async () => {
    const [category] = (await api('GET', '/category')).body.categories as { name: string; slug: string }[];
    const res = await fetch(shopUrl(`/store/${category!.slug}?utm_source=ad&limit=24&fbclid=x`), {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const body = await res.text();
    expect(body).toContain(`<title>${html(category!.name)} · Voltcart</title>`);
    expect(body).toContain(`<link rel="canonical" href="${shopUrl(`/store/${category!.slug}`)}" />`);
    const [crumbs] = jsonLd(body);
    expect(crumbs!.itemListElement.map((c) => c.name)).toEqual(['Home', 'Store', category!.name]);
    expect((await fetch(shopUrl('/store/no-such-category'))).status).toBe(404);
  });

  it("put a shopper's search text into the page as text, even one with $ patterns a string replacement would run", async () => {
    const q = "$` $& $' </title>";
    const body = await (await fetch(shopUrl(`/store?q=${encodeURIComponent(q)}`))).text();
    expect(body).toContain(`<title>Search: ${html(q)} · Voltcart</title>`);
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<\/head>/g)).toHaveLength(1);
  });

  it('show the list in the browser without asking the API for it again, and log nothing', async () => {
    const page = await openPage(browser);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/product' && r.resourceType() !== 'document')
        listRequests.push(r.url());
    });
    await page.goto(shopUrl('/store'));
    await page.locator('.store .product-card').first().waitFor();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(listRequests).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe('home page', () => {
  it('tells search engines about the shop: Organization, and WebSite with its search', async () => {
    const body = await (await fetch(shopUrl('/?utm_campaign=x'))).text();
    expect(body).toContain(`<link rel="canonical" href="${shopUrl('/')}" />`);
    const [organization, website] = jsonLd(body);
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Voltcart', url: shopUrl('/') });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: shopUrl('/store?q={search_term_string}') },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('home page sections', () => {
  it('"Audios & Cameras" shows and links to both categories, not the first only', async () => {
    const names = async (slug: string) =>
      ((await api('GET', `/product?categorySlug=${slug}&limit=2`)).body.products as { name: string }[]).map(
        (p) => p.name,
      );
    const [audio, cameras] = [await names('audio'), await names('cameras')];
    expect(audio.length).toBeGreaterThan(0);
    expect(cameras.length).toBeGreaterThan(0);
    const page = await openPage(browser, { width: 1366, height: 900 });
    await page.goto(shopUrl('/'));
    const section = page.getByRole('region', { name: 'Audios & Cameras' });
    await expect
      .poll(() => section.locator('.product-card__title').allTextContents())
      .toEqual([...audio, ...cameras]);
    expect(await section.getByRole('link', { name: 'Shop audio' }).getAttribute('href')).toBe('/store/audio');
    expect(await section.getByRole('link', { name: 'Shop cameras' }).getAttribute('href')).toBe(
      '/store/cameras',
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'storefront-home-two-category-section', { fullPage: false });
    await page.close();
  });
});

describe('pages rendered by React on the server', () => {
  it('arrive with their content in the HTML, and hydrate without errors, warnings or asking for their data again', async () => {
    const [category] = (await api('GET', '/category')).body.categories as { name: string; slug: string }[];
    const product = await productWithOptions();
    const color = product.colors[1]!;
    const memory = product.memorySizes[1]!;
    const pages: Array<[string, string]> = [
      ['/', 'All Categories'],
      ['/ghar', 'Voltcart'],
      ['/store', 'product-card'],
      // Pages are links a reader without JavaScript can follow.
      ['/store?limit=2', 'rel="next"'],
      [`/store/${category!.slug}?sort=price_asc&page=1`, html(category!.name)],
      [`/store?q=${encodeURIComponent(product.name.split(' ')[0]!)}`, 'product-card'],
      // The variant in the address is the one shown.
      [
        `/product/${product._id}?color=${color.slug}&memory=${memory}`,
        `Memory: <strong>${memoryLabel(memory)}</strong>`,
      ],
    ];
    for (const [path, content] of pages) {
      const body = await (await fetch(shopUrl(path))).text();
      const root = body.slice(body.indexOf('<div id="root">'));
      expect(root, path).toContain(content);

      const page = await openPage(browser);
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      const catalogueRequests: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        // Lists too (`/product?…`): the store's and the home page's sections come with the page.
        if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr')
          if (/^\/(category|color|settings|product|product\/best-sellers|product\/[^/]+)$/.test(pathname))
            catalogueRequests.push(r.url());
      });
      await page.goto(shopUrl(path));
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(catalogueRequests, path).toEqual([]);
      expect(pageErrors(page), path).toEqual([]);
      expect(warnings, path).toEqual([]);
      await page.close();
    }
  });

  it('answer 404 for a product staff switched off, and show it again once switched on', async () => {
    const products = (await api('GET', '/product?limit=0')).body.products as { _id: string; name: string }[];
    // The last product: the other tests buy the first sellable ones.
    const product = products.at(-1)!;
    const token = await e2eAdminToken();
    const toggle = async () =>
      expect(
        (await api('PATCH', `/product/status/${product._id}`, { token, body: { flag: 1 } })).status,
      ).toBe(200);
    await toggle();
    try {
      const off = await fetch(shopUrl(`/product/${product._id}`));
      expect(off.status).toBe(404);
      expect(await off.text()).toMatch(/<h1[^>]*>Product not found.<\/h1>/);
    } finally {
      await toggle();
    }
    const on = await fetch(shopUrl(`/product/${product._id}`));
    expect(on.status).toBe(200);
    expect(await on.text()).toContain(html(product.name));
  });

  it("answer 404 with the shop's not-found page for unknown pages, products and categories", async () => {
    for (const [path, heading] of [
      ['/no/such/page', 'Page not found'],
      ['/product/no-such-product-0000', 'Product not found.'],
      ['/store/no-such-category', 'Category not found.'],
    ]) {
      const res = await fetch(shopUrl(path!));
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      const page = await openPage(browser);
      await page.goto(shopUrl(path!));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        pageErrors(page).filter((e) => !e.includes('404')),
        path,
      ).toEqual([]);
      await page.close();
    }
  });
});

describe('sitemap', () => {
  /** The document's elements named `tag`, after checking with the browser's XML parser that it is well formed. */
  async function parsed(xml: string, tag: string): Promise<Array<{ loc: string; lastmod: string | null }>> {
    const page = await browser.newPage();
    try {
      return await page.evaluate(
        ([text, name]) => {
          const doc = new DOMParser().parseFromString(text!, 'application/xml');
          if (doc.querySelector('parsererror'))
            throw new Error(`not well-formed XML: ${text!.slice(0, 200)}`);
          return [...doc.getElementsByTagName(name!)].map((e) => ({
            loc: e.getElementsByTagName('loc')[0]?.textContent ?? '',
            lastmod: e.getElementsByTagName('lastmod')[0]?.textContent ?? null,
          }));
        },
        [xml, tag],
      );
    } finally {
      await page.close();
    }
  }

  it('is an index of files of at most the configured size, together listing every public product and category once', async () => {
    const perFile = 7;
    const shop = await serveStorefront({
      root: resolve(import.meta.dirname, '../dist'),
      apiPort: Number(new URL(e2eEnv().apiUrl).port),
      publicUrl: 'https://shop.example.com',
      sitemapUrlsPerFile: perFile,
    });
    try {
      const index = await fetch(`${shop.url}/sitemap.xml`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toContain('application/xml');
      const files = await parsed(await index.text(), 'sitemap');
      const products = (await api('GET', '/product?limit=0')).body.products as { _id: string }[];
      const lastId = Math.max(...products.map((p) => Number(p._id)));
      expect(files.map((f) => f.loc)).toEqual([
        'https://shop.example.com/sitemap-pages.xml',
        ...Array.from(
          { length: Math.ceil(lastId / perFile) },
          (_, i) => `https://shop.example.com/sitemap-products-${i + 1}.xml`,
        ),
      ]);
      const listed: string[] = [];
      for (const file of files.slice(1)) {
        const urls = await parsed(
          await (await fetch(file.loc.replace('https://shop.example.com', shop.url))).text(),
          'url',
        );
        expect(urls.length).toBeLessThanOrEqual(perFile);
        for (const u of urls) expect(Date.parse(u.lastmod!)).toBeGreaterThan(0);
        listed.push(...urls.map((u) => u.loc));
      }
      expect(listed.sort()).toEqual(products.map((p) => `https://shop.example.com/product/${p._id}`).sort());

      const pages = await parsed(await (await fetch(`${shop.url}/sitemap-pages.xml`)).text(), 'url');
      const categories = (await api('GET', '/category')).body.categories as { slug: string }[];
      expect(pages.map((u) => u.loc)).toEqual([
        'https://shop.example.com/',
        'https://shop.example.com/store',
        ...['terms', 'privacy', 'shipping', 'returns', 'contact'].map((p) => `https://shop.example.com/${p}`),
        ...categories.map((c) => `https://shop.example.com/store/${c.slug}`),
      ]);
      expect((await fetch(`${shop.url}/sitemap-products-${files.length}.xml`)).status).toBe(404);
      expect(await (await fetch(`${shop.url}/robots.txt`)).text()).toContain(
        'Sitemap: https://shop.example.com/sitemap.xml',
      );
    } finally {
      await shop.close();
    }
  });
});

/** Attributes of one HTML tag's text (`name="value"` pairs, entities of `&` and quotes decoded). */
function attributes(tag: string): Record<string, string> {
  const decode = (v: string) =>
    v
      .replace(/&amp;/g, '&')
      .replace(/&quot;|&#34;/g, '"')
      .replace(/&#x27;|&#39;/g, "'");
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

/**
 * The address a browser without JavaScript goes to when the submit button with `name`=`value` of one of the
 * page's GET forms is pressed: the form's action with its fields in document order (hidden inputs, and the
 * pressed button only).
 */
function submitAddress(html: string, name: string, value: string): string | null {
  for (const form of html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = attributes(form[1]!);
    if ((attrs.method ?? 'get').toLowerCase() !== 'get') continue;
    const fields = [...form[2]!.matchAll(/<(button|input)\b([^>]*)>/g)].map(
      (m): Record<string, string | undefined> => ({ tag: m[1]!, ...attributes(m[2]!) }),
    );
    const pressed = fields.find((f) => f.tag === 'button' && f.name === name && f.value === value);
    if (pressed?.type !== 'submit') continue;
    const params = new URLSearchParams();
    for (const f of fields)
      if ((f.tag === 'input' && f.type === 'hidden') || f === pressed) params.append(f.name!, f.value ?? '');
    return `${attrs.action}?${params}`;
  }
  return null;
}

describe('reading without JavaScript', () => {
  it("the product page's colour and memory choices are GET forms that lead to the chosen variant", async () => {
    const product = await productWithOptions();
    const [first, second] = product.colors;
    const [, memory] = product.memorySizes;
    const page = await (await fetch(shopUrl(`/product/${product._id}`))).text();
    // The page opens on the first colour and the first memory size.
    const firstMemory = product.memorySizes[0]!;
    const toColor = submitAddress(page, 'color', second!.slug);
    expect(toColor).toBe(`/product/${product._id}?color=${second!.slug}&memory=${firstMemory}`);
    expect(submitAddress(page, 'memory', String(memory))).toBe(
      `/product/${product._id}?color=${first!.slug}&memory=${memory}`,
    );

    // The address of the second colour shows it chosen; from there, its second memory size.
    const colorPage = await (await fetch(shopUrl(toColor!))).text();
    expect(colorPage).toContain(`Colour: <strong>${html(second!.name)}</strong>`);
    const toVariant = submitAddress(colorPage, 'memory', String(memory));
    expect(toVariant).toBe(`/product/${product._id}?color=${second!.slug}&memory=${memory}`);
    const res = await fetch(shopUrl(toVariant!));
    expect(res.status).toBe(200);
    const variantPage = await res.text();
    expect(variantPage).toContain(`Memory: <strong>${memoryLabel(memory!)}</strong>`);
    const variant = chosenVariant(product)!;
    expect(variantPage).toMatch(
      new RegExp(
        `data-testid="product-price"[^>]*>${formatINR(variant.price).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`,
      ),
    );
    expect(variantPage).toContain(`SKU: <!-- -->${variant.sku}`);
    // The canonical address stays the product's own.
    expect(variantPage).toContain(`<link rel="canonical" href="${shopUrl(`/product/${product._id}`)}" />`);
  });

  it("the store's sort and page size are links to normal addresses, sorted as they say", async () => {
    const [category] = (await api('GET', '/category')).body.categories as { slug: string }[];
    const base = `/store/${category!.slug}`;
    const page = await (await fetch(shopUrl(`${base}?limit=20&utm_source=ad`))).text();
    const nav = (label: string) => {
      const block = new RegExp(`<nav aria-label="${label}">([\\s\\S]*?)</nav>`).exec(page)?.[1] ?? '';
      return Object.fromEntries(
        [...block.matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[2]!, attributes(m[1]!).href]),
      );
    };
    // Inside <noscript>: shown only when JavaScript is off (the menus work otherwise).
    expect(page).toMatch(/<noscript><div class="store__choices"><nav aria-label="Sort by">/);
    expect(nav('Sort by')).toEqual({
      Popularity: `${base}?limit=20&sort=popularity`,
      'Price: low to high': `${base}?limit=20&sort=price_asc`,
      'Price: high to low': `${base}?limit=20&sort=price_desc`,
      Newest: `${base}?limit=20`,
      'Biggest discount': `${base}?limit=20&sort=discount`,
      'Customer rating': `${base}?limit=20&sort=rating`,
    });
    expect(nav('Products per page')).toEqual({
      All: `${base}?limit=0`,
      '2': `${base}?limit=2`,
      '20': `${base}?limit=20`,
      '24': base,
    });

    const sorted = await (await fetch(shopUrl(nav('Sort by')['Price: low to high']!))).text();
    expect(sorted).toContain(
      `<link rel="canonical" href="${html(shopUrl(`${base}?limit=20&sort=price_asc`))}" />`,
    );
    const list = (await api('GET', `/product?categorySlug=${category!.slug}&limit=20&sort=price_asc`)).body
      .products as { name: string }[];
    const names = [...sorted.matchAll(/<h2 class="product-card__title"><a[^>]*>([^<]*)<\/a>/g)].map(
      (m) => m[1],
    );
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual(list.map((p) => html(p.name)));
  });
});
