// The channel implementations with Electron replaced at its boundary: the file dialog returns given paths,
// safeStorage is absent, shell.openExternal records its calls.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBulkUpload } from './bulk-upload';
import { createHandlers } from './handlers';
import { createSettingsStore } from './settings-store';
import { writeImage } from './test/images';

let dir: string;
let server: Server;
let base: string;
const EVENT = { senderFrame: { url: 'app://voltcart/', parent: null } };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-handlers-'));
  await writeImage(join(dir, 'photo.jpg'), 'jpeg', 120);
  await writeImage(join(dir, 'folder', 'phone-2.webp'), 'webp', 60);
  await writeFile(join(dir, 'fake.png'), 'MZ not an image');
  server = createServer((req, res) => {
    if (req.url === '/api/health') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ flag: 1, msg: 'ok', status: 'ok' }));
    } else {
      res.statusCode = 404;
      res.end('<html>nginx</html>');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

function handlers(dialogPaths: string[] = [], savePath: string | null = null) {
  const store = createSettingsStore({ dir: join(dir, 'userData'), safeStorage: null });
  const opened: string[] = [];
  const changed: string[] = [];
  const offered: string[] = [];
  const h = createHandlers({
    store,
    bulk: createBulkUpload({
      pickFolder: async () => join(dir, 'folder'),
      connection: async () => ({ apiUrl: base, token: null }),
      emit: () => {},
    }),
    showImageDialog: async () => dialogPaths,
    showSaveDialog: async ({ fileName }) => {
      offered.push(fileName);
      return savePath;
    },
    showCsvOpenDialog: async () => dialogPaths[0] ?? null,
    showCsvSaveDialog: async () => null,
    showExportSaveDialog: async () => null,
    openExternal: async (url) => {
      opened.push(url);
    },
    info: { version: '1.0.0', platform: 'linux' },
    onApiUrlChanged: async (u) => {
      // The main process asks the new API where its pictures live before the window reloads.
      await new Promise((r) => setTimeout(r, 20));
      changed.push(u);
    },
  });
  return { h, opened, changed, offered };
}

describe('channel handlers', { timeout: 30_000 }, () => {
  it('files:pick-images reads the chosen images (content-typed) for a form field', async () => {
    const { h } = handlers([join(dir, 'photo.jpg')]);
    const { images, leftOut } = await h['files:pick-images']({ multiple: false }, EVENT);
    const [img] = images;
    expect(img).toMatchObject({ name: 'photo.jpg', type: 'image/jpeg' });
    expect(img!.bytes.length).toBe(img!.size);
    expect(leftOut).toBe(0);
    expect(await handlers([]).h['files:pick-images']({ multiple: true }, EVENT)).toEqual({
      images: [],
      leftOut: 0,
    });
  });

  it('files:save-document writes the PDF where the save dialog says, and nothing when cancelled', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 invoice');
    const target = join(dir, 'saved', 'VC-2026-27-000001.pdf');
    await mkdir(join(dir, 'saved'), { recursive: true });
    const chosen = handlers([], target);
    expect(
      await chosen.h['files:save-document']({ fileName: 'VC-2026-27-000001.pdf', bytes }, EVENT),
    ).toEqual({
      saved: true,
    });
    expect(chosen.offered).toEqual(['VC-2026-27-000001.pdf']);
    expect(await readFile(target, 'utf8')).toBe('%PDF-1.7 invoice');

    const cancelled = handlers([], null);
    expect(await cancelled.h['files:save-document']({ fileName: 'other.pdf', bytes }, EVENT)).toEqual({
      saved: false,
    });
    expect(await readdir(join(dir, 'saved'))).toEqual(['VC-2026-27-000001.pdf']);
  });

  it('files:pick-images refuses a file that is not an image', async () => {
    const { h } = handlers([join(dir, 'fake.png')]);
    await expect(h['files:pick-images']({ multiple: false }, EVENT)).rejects.toThrow(
      'fake.png is not a JPEG, PNG or WebP image.',
    );
  });

  it('bulk:pick-folder scans the folder the dialog returns', async () => {
    const scan = await handlers().h['bulk:pick-folder'](undefined, EVENT);
    expect(scan).toMatchObject({ folderName: 'folder', skipped: 0, truncated: false });
    expect(scan!.files.map((f) => f.relPath)).toEqual(['phone-2.webp']);
  });

  it('settings:set saves the address and answers once the main process has followed it (CSP, CORS)', async () => {
    const { h, changed } = handlers();
    expect(await h['settings:set']({ apiUrl: `${base}/api` }, EVENT)).toEqual({ apiUrl: `${base}/api` });
    expect(await h['settings:get'](undefined, EVENT)).toEqual({ apiUrl: `${base}/api` });
    expect(changed).toEqual([`${base}/api`]);
  });

  it('settings:set refuses plain http to another computer (tokens would cross the network in clear)', async () => {
    const { h, changed } = handlers();
    await expect(h['settings:set']({ apiUrl: 'http://192.168.1.20:5000' }, EVENT)).rejects.toThrow(
      'Use an https:// address for an API on another computer',
    );
    expect(changed).toEqual([]);
    for (const ok of [
      'https://api.voltcart.in',
      'http://localhost:5000',
      'http://127.0.0.1:5000',
      'http://[::1]:5000',
    ]) {
      expect(await h['settings:set']({ apiUrl: ok }, EVENT)).toEqual({ apiUrl: ok });
    }
  });

  it('settings:test-connection tells a Voltcart API from another server and from nothing', async () => {
    const { h } = handlers();
    expect(await h['settings:test-connection'](`${base}/api`, EVENT)).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Connected to the Voltcart API \(\d+ ms\)\.$/),
    });
    expect(await h['settings:test-connection'](base, EVENT)).toMatchObject({
      ok: false,
      message: `${base} answered (HTTP 404) but it does not look like the Voltcart API.`,
    });
    expect(await h['settings:test-connection']('http://127.0.0.1:9', EVENT)).toMatchObject({
      ok: false,
      message: 'Cannot reach http://127.0.0.1:9. Check the address and that the API is running.',
    });
  });

  it('app:open-external opens only allow-listed addresses', async () => {
    const { h, opened } = handlers();
    expect(await h['app:open-external']('https://evil.example/', EVENT)).toBe(false);
    expect(await h['app:open-external']('https://dashboard.razorpay.com/app/payments/pay_X', EVENT)).toBe(
      true,
    );
    expect(opened).toEqual(['https://dashboard.razorpay.com/app/payments/pay_X']);
  });

  it('app:info says whether the token is encrypted at rest', async () => {
    expect(await handlers().h['app:info'](undefined, EVENT)).toEqual({
      kind: 'electron',
      version: '1.0.0',
      platform: 'linux',
      secureStorage: false,
    });
  });
});
