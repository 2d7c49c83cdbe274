// Covers (ASVS V5, OWASP file upload cheat sheet): every upload route (category create/update, product
// create/update thumbnail and gallery, multiple-images) refuses scripts renamed as images, SVG with script,
// polyglots, pixel floods, truncated images, oversized files and 100-file batches with a clean 4xx and flag 0,
// leaving NOTHING on disk and nothing in the database; file names from the uploader (path traversal) are never
// used; a batch with one bad file keeps none of the good ones; stored files are re-encoded copies only.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_NAME } from '../../src/lib/storage';
import { file, pixelFloodPng } from '../support';
import {
  gifar,
  jpegHtmlPolyglot,
  jpegWithTrailingHtml,
  PHP_SCRIPT,
  pixelFloodJpeg,
  SHELL_SCRIPT,
  SVG_WITH_SCRIPT,
  truncatedJpeg,
  validImage,
} from './files';
import {
  createSecurityContext,
  expectRefusal,
  fingerprint,
  leaksIn,
  type SecurityContext,
  secretsOf,
  uploadListing,
} from './harness';
import { buildWorld, type World } from './world';

const MAX_UPLOAD_MB = 1;

let sc: SecurityContext;
let world: World;

beforeAll(async () => {
  sc = await createSecurityContext({ MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) });
  world = await buildWorld(sc);
});
afterAll(async () => {
  await sc?.close();
});

interface Target {
  name: string;
  method: string;
  path: () => string;
  /** The form fields that make the request valid apart from the file. */
  fields: () => Record<string, string>;
  field: string;
}

const TARGETS: Target[] = [
  {
    name: 'category create',
    method: 'POST',
    path: () => '/category/create',
    field: 'Image',
    fields: () => ({ name: `Upload ${Math.random().toString(36).slice(2, 8)}` }),
  },
  {
    name: 'category update',
    method: 'PUT',
    path: () => `/category/update/${world.category}`,
    field: 'Image',
    fields: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}` }),
  },
  {
    name: 'product create thumbnail',
    method: 'POST',
    path: () => '/product/create',
    field: 'thumbnail',
    fields: () => productFields(),
  },
  {
    name: 'product create gallery',
    method: 'POST',
    path: () => '/product/create',
    field: 'images',
    fields: () => productFields(),
  },
  {
    name: 'product update thumbnail',
    method: 'PUT',
    path: () => `/product/update/${world.product}`,
    field: 'thumbnail',
    fields: () => ({ name: `Phone ${Math.random().toString(36).slice(2, 8)}` }),
  },
  {
    name: 'product update gallery',
    method: 'PUT',
    path: () => `/product/update/${world.product}`,
    field: 'images',
    fields: () => ({ brand: 'Voltcart' }),
  },
  {
    name: 'product multiple-images',
    method: 'PATCH',
    path: () => `/product/multiple-images/${world.product}`,
    field: 'images',
    fields: () => ({}),
  },
];

function productFields(): Record<string, string> {
  return {
    name: `Upload phone ${Math.random().toString(36).slice(2, 8)}`,
    originalPrice: '15000',
    discountPercentage: '5',
    categoryId: String(world.category),
    stock: '3',
  };
}

interface Hostile {
  name: string;
  make: () => Promise<File[]>;
  statuses: number[];
}

const one = (bytes: () => Buffer | Promise<Buffer>, name: string, type: string) => async () => [
  file(await bytes(), name, type),
];

const HOSTILE: Hostile[] = [
  {
    name: 'a shell script renamed .png',
    make: one(() => SHELL_SCRIPT, 'photo.png', 'image/png'),
    statuses: [415],
  },
  {
    name: 'a PHP script named .jpg',
    make: one(() => PHP_SCRIPT, 'shell.php.jpg', 'image/jpeg'),
    statuses: [415],
  },
  {
    name: 'an SVG with a script',
    make: one(() => SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'),
    statuses: [415],
  },
  {
    name: 'an SVG with a script renamed .png',
    make: one(() => SVG_WITH_SCRIPT, 'logo.png', 'image/png'),
    statuses: [415],
  },
  {
    name: 'an HTML page behind JPEG magic bytes',
    make: one(() => jpegHtmlPolyglot(), 'poly.jpg', 'image/jpeg'),
    statuses: [400, 415],
  },
  {
    name: 'a GIFAR (GIF + Java archive)',
    make: one(() => gifar(), 'gifar.gif', 'image/gif'),
    statuses: [415],
  },
  {
    name: 'a PNG declaring 50,000 × 50,000 pixels',
    make: one(() => pixelFloodPng(), 'flood.png', 'image/png'),
    statuses: [400, 413],
  },
  {
    name: 'a JPEG declaring 50,000 × 50,000 pixels',
    make: one(() => pixelFloodJpeg(), 'flood.jpg', 'image/jpeg'),
    statuses: [400, 413],
  },
  {
    name: 'a PNG declaring 8,000 × 6,000 pixels (over the pixel limit)',
    make: one(() => pixelFloodPng(8000, 6000), 'wide.png', 'image/png'),
    statuses: [400, 413],
  },
  { name: 'a truncated JPEG', make: one(() => truncatedJpeg(), 'cut.jpg', 'image/jpeg'), statuses: [400] },
  {
    name: 'a file over the size limit',
    make: one(
      () => Buffer.concat([pixelFloodPng(64, 64), Buffer.alloc(MAX_UPLOAD_MB * 1024 * 1024 + 1024, 1)]),
      'big.png',
      'image/png',
    ),
    statuses: [413],
  },
  {
    name: 'path traversal in the file name (script content)',
    make: one(() => SHELL_SCRIPT, '../../etc/passwd.png', 'image/png'),
    statuses: [415],
  },
  {
    name: 'two good pictures followed by a bad one',
    make: async () => [
      file(await validImage('png', 40), 'a.png', 'image/png'),
      file(await validImage('jpeg', 40), 'b.jpg', 'image/jpeg'),
      file(SHELL_SCRIPT, 'c.png', 'image/png'),
    ],
    statuses: [415],
  },
];

async function send(t: Target, files: File[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(t.fields())) form.append(k, v);
  for (const f of files) form.append(t.field, f);
  return sc.req(t.method, t.path(), { token: world.admin.token, form });
}

async function state() {
  return { db: await fingerprint(sc), files: await uploadListing(sc.uploadDir) };
}

describe.each(TARGETS.map((t) => [t.name, t] as const))('%s', (_n, target) => {
  const cases = HOSTILE.filter(
    (h) => target.field === 'images' || h.name !== 'two good pictures followed by a bad one',
  );
  it.each(cases.map((h) => [h.name, h] as const))(
    'refuses %s, leaving nothing behind',
    async (_h, hostile) => {
      const before = await state();
      const r = await send(target, await hostile.make());
      expectRefusal(r, hostile.statuses, `${target.name} with ${hostile.name}`);
      expect(await state(), `${target.name} with ${hostile.name}`).toEqual(before);
    },
  );

  it('accepts a genuine picture, control case for the refusals above', async () => {
    const before = await uploadListing(sc.uploadDir);
    // A picture of its own: the same file sent to the same product again would be answered "already there".
    const own = await validImage('jpeg', 80, TARGETS.indexOf(target) + 1);
    const r = await send(target, [file(own, 'holiday.jpg', 'image/jpeg')]);
    expect(r.status, r.text.slice(0, 300)).toBeLessThan(300);
    const added = (await uploadListing(sc.uploadDir)).filter((f) => !before.includes(f));
    expect(added.length).toBeGreaterThan(0);
    for (const f of added) expect(f.split('/').pop()).toMatch(SAFE_NAME);
  });
});

describe('batches', () => {
  it.each([
    ['product multiple-images', TARGETS.find((t) => t.name === 'product multiple-images')!],
    ['product create gallery', TARGETS.find((t) => t.name === 'product create gallery')!],
    ['product update gallery', TARGETS.find((t) => t.name === 'product update gallery')!],
  ])('%s refuses 100 files in one request', async (_n, target) => {
    const png = await validImage('png', 16);
    const before = await state();
    const r = await send(
      target,
      Array.from({ length: 100 }, (_, i) => file(png, `p${i}.png`, 'image/png')),
    );
    expectRefusal(r, [400, 413], `${target.name} with 100 files`);
    expect(await state()).toEqual(before);
  });

  it('multiple-images refuses a request without any file', async () => {
    const before = await state();
    const r = await send(TARGETS.find((t) => t.name === 'product multiple-images')!, []);
    expectRefusal(r, [400]);
    expect(await state()).toEqual(before);
  });
});

describe('names and contents', () => {
  it('never uses the uploaded file name: a valid picture named ../../etc/passwd.png is stored under a random name', async () => {
    const target = TARGETS.find((t) => t.name === 'product multiple-images')!;
    const before = await uploadListing(sc.uploadDir);
    const names = [
      '../../etc/passwd.png',
      '..\\..\\win.ini.png',
      '/etc/cron.d/x.png',
      'x.png\0.html',
      '.htaccess',
    ];
    const r = await send(
      target,
      await Promise.all(
        names.map(async (n, i) => file(await validImage('png', 24, 100 + i), n, 'image/png')),
      ),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toMatch(/passwd|win\.ini|cron|htaccess/);
    const added = (await uploadListing(sc.uploadDir)).filter((f) => !before.includes(f));
    expect(added.length).toBe(names.length * 2);
    for (const f of added) expect(f).toMatch(new RegExp(`^product/${SAFE_NAME.source.slice(1, -1)}$`));
    for (const n of names) {
      for (const dir of [sc.uploadDir, join(sc.uploadDir, 'product')]) {
        expect(existsSync(resolve(dir, n.replace(/\0.*/, '')))).toBe(false);
      }
    }
  });

  it('stores a re-encoded WebP, so bytes appended to a genuine JPEG never reach the disk', async () => {
    const target = TARGETS.find((t) => t.name === 'product multiple-images')!;
    const before = await uploadListing(sc.uploadDir);
    const r = await send(target, [file(await jpegWithTrailingHtml(), 'trail.jpg', 'image/jpeg')]);
    expect([200, 400]).toContain(r.status);
    const added = (await uploadListing(sc.uploadDir)).filter((f) => !before.includes(f));
    for (const f of added) {
      const bytes = await readFile(join(sc.uploadDir, f));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    }
  });

  it('decides by content, not by the declared type or name: a JPEG sent as text/html named x.html is stored as WebP', async () => {
    const target = TARGETS.find((t) => t.name === 'product multiple-images')!;
    const before = await uploadListing(sc.uploadDir);
    const r = await send(target, [file(await validImage('jpeg', 24), 'x.html', 'text/html')]);
    expect(r.status).toBe(200);
    const added = (await uploadListing(sc.uploadDir)).filter((f) => !before.includes(f));
    expect(added.every((f) => f.endsWith('.webp'))).toBe(true);
  });

  it('serves only stored names: traversal and odd names in image URLs are 404 and read nothing', async () => {
    for (const path of [
      '/images/product/..%2f..%2f..%2fpackage.json',
      '/images/product/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/images/categories/..%2fproduct%2f' + world.imageFile,
      '/images/product/sm/..%2f' + world.imageFile,
      `/images/product/${world.imageFile}%00.html`,
      '/images/product/.htaccess',
      `/images/product/${world.imageFile.toUpperCase()}`,
    ]) {
      const r = await sc.req('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.flag, path).toBe(0);
    }
  });

  it('cannot delete files outside a product through the image route', async () => {
    const before = await state();
    for (const name of [
      '..%2f..%2fsentinel.webp',
      '%2e%2e%2fcategories%2f' + world.imageFile,
      'x'.repeat(32) + '.webp',
    ]) {
      const r = await sc.req('DELETE', `/product/image/${world.product}/${name}`, {
        token: world.admin.token,
      });
      expectRefusal(r, [404], name);
    }
    expect(await state()).toEqual(before);
  });

  it('no upload response carries a stack trace, a path of this machine or a secret', () => {
    const bad = sc.seen.filter(
      (t) => leaksIn(t, secretsOf(sc.config)).length > 0 || t.includes(sc.uploadDir),
    );
    expect(bad.slice(0, 3)).toEqual([]);
  });
});
