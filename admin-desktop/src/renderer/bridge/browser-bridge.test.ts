// The browser bridge's own rules (the desktop app does the same in its main process): the admin session in
// localStorage, the API address precedence, and the folder scan of an <input webkitdirectory>.
import { beforeEach, describe, expect, it } from 'vitest';
import { createBrowserBridge, STORAGE_KEYS } from './browser-bridge';

const admin = { _id: '7', name: 'Admin', email: 'admin@voltcart.in' };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function fileIn(path: string, bytes: Uint8Array | string) {
  const name = path.split('/').pop()!;
  const f = new File([bytes as BlobPart], name);
  Object.defineProperty(f, 'webkitRelativePath', { value: path });
  return f;
}

beforeEach(() => {
  localStorage.clear();
  delete window.__VOLTCART__;
});

describe('admin session in the browser', () => {
  it('stores admin, token and adminTimeStamp and restores them', async () => {
    const bridge = createBrowserBridge();
    await bridge.session.save({ admin, token: 'eyJ.token', adminTimeStamp: 1_700_000_000_000 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.admin)!)).toEqual(admin);
    expect(localStorage.getItem('token')).toBe('eyJ.token');
    expect(localStorage.getItem('adminTimeStamp')).toBe('1700000000000');
    expect(await createBrowserBridge().session.load()).toEqual({
      admin,
      token: 'eyJ.token',
      adminTimeStamp: 1_700_000_000_000,
    });
  });

  it.each([
    ['no token', { admin: JSON.stringify(admin), adminTimeStamp: '5' }],
    ['no admin', { token: 'eyJ.token', adminTimeStamp: '5' }],
    ['damaged admin', { admin: '{oops', token: 'eyJ.token', adminTimeStamp: '5' }],
  ])('is not restored with %s, and the rest is cleared', async (_case, stored) => {
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
    expect(await createBrowserBridge().session.load()).toBeNull();
    expect([
      localStorage.getItem('admin'),
      localStorage.getItem('token'),
      localStorage.getItem('adminTimeStamp'),
    ]).toEqual([null, null, null]);
  });

  it('clear() removes all three', async () => {
    const bridge = createBrowserBridge();
    await bridge.session.save({ admin, token: 'eyJ.token', adminTimeStamp: 5 });
    await bridge.session.clear();
    expect(localStorage.length).toBe(0);
  });
});

describe('API address', () => {
  it('uses Settings first, then /config.js, then http://localhost:5000', async () => {
    const bridge = createBrowserBridge();
    expect(await bridge.settings.get()).toEqual({ apiUrl: 'http://localhost:5000' });
    window.__VOLTCART__ = { apiUrl: 'http://127.0.0.1:7000/' };
    expect(await bridge.settings.get()).toEqual({ apiUrl: 'http://127.0.0.1:7000' });
    await bridge.settings.set({ apiUrl: 'https://api.voltcart.in' });
    expect(await bridge.settings.get()).toEqual({ apiUrl: 'https://api.voltcart.in' });
  });

  it('refuses an address that is not http(s) with a sentence staff can read (not a list of zod issues)', async () => {
    const bridge = createBrowserBridge();
    await expect(bridge.settings.set({ apiUrl: 'javascript:alert(1)' })).rejects.toThrow(
      /^The API address must be a web address such as http:\/\/localhost:5000\.$/,
    );
    await expect(bridge.settings.set({ apiUrl: '' })).rejects.toThrow(/^The API address is required\.$/);
  });
});

describe('folder scan', () => {
  it('keeps JPEG/PNG/WebP files proven by their first bytes, sorted, with paths inside the folder', async () => {
    const scan = await createBrowserBridge().bulk.scanFiles([
      fileIn('shoot/phone-2.png', PNG),
      fileIn('shoot/phone.jpg', JPEG),
      fileIn('shoot/sub/tablet.JPG', JPEG),
      fileIn('shoot/readme.txt', 'hello'),
      fileIn('shoot/fake.jpg', '#!/bin/sh'),
      fileIn('shoot/.hidden/x.jpg', JPEG),
    ]);
    expect(scan).toMatchObject({ folderName: 'shoot', skipped: 3, truncated: false });
    expect(scan!.files.map((f) => [f.id, f.relPath, f.type])).toEqual([
      ['f0', 'phone-2.png', 'image/png'],
      ['f1', 'phone.jpg', 'image/jpeg'],
      ['f2', 'sub/tablet.JPG', 'image/jpeg'],
    ]);
  });

  it('refuses to start an upload of files that were not scanned, or without a session', async () => {
    const bridge = createBrowserBridge();
    const scan = (await bridge.bulk.scanFiles([fileIn('shoot/phone.jpg', JPEG)]))!;
    const job = { fileId: 'f0', productId: '1', role: 'thumbnail' as const };
    await expect(bridge.bulk.start({ scanId: scan.scanId, jobs: [job] })).rejects.toThrow('log in again');
    await bridge.session.save({ admin, token: 'eyJ.token', adminTimeStamp: 5 });
    await expect(
      bridge.bulk.start({ scanId: scan.scanId, jobs: [{ ...job, fileId: 'f9' }] }),
    ).rejects.toThrow('not part of the scanned folder');
    await expect(bridge.bulk.start({ scanId: 'gone', jobs: [job] })).rejects.toThrow(
      'Choose the folder again',
    );
  });
});

describe('saving an order document', () => {
  it('downloads a PDF under the given name and refuses anything else', async () => {
    const bridge = createBrowserBridge();
    const clicked: { name: string; href: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    };
    try {
      const pdf = new TextEncoder().encode('%PDF-1.7 invoice');
      expect(await bridge.files.saveDocument({ fileName: 'VC-2026-27-000001.pdf', bytes: pdf })).toEqual({
        saved: true,
      });
      expect(clicked).toEqual([{ name: 'VC-2026-27-000001.pdf', href: expect.stringMatching(/^blob:/) }]);
      await expect(
        bridge.files.saveDocument({ fileName: 'x.pdf', bytes: new TextEncoder().encode('<html>') }),
      ).rejects.toThrow('The document is not a PDF.');
      expect(clicked).toHaveLength(1);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });
});
