// The GST exports in the main process, in plain Node with the dialog injected: the dialog offers the file's
// name (JSON for GSTR-1), the API's answer streams to the chosen file with the admin token, and the API's
// refusal is the error with nothing left on disk.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportGst } from './gst-export';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-gst-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const connection = async () => ({ apiUrl: 'http://api.test', token: 'token-123456' });

describe('exportGst', () => {
  it('offers the file’s name and streams the API’s answer to the chosen file', async () => {
    const path = join(dir, 'chosen.json');
    const asked: string[] = [];
    const saved = await exportGst(
      { file: 'gstr1', period: '2026-Q3' },
      {
        connection,
        showSaveDialog: async (name) => {
          asked.push(name);
          return path;
        },
        fetch: async (url, init) => {
          asked.push(String(url), new Headers(init?.headers).get('authorization') ?? '');
          return new Response('{"gstin":"29AAGCB7383J1Z4","fp":"122026"}');
        },
      },
    );
    expect(asked).toEqual([
      'gstr1-2026-Q3.json',
      'http://api.test/reports/gst/gstr1?period=2026-Q3',
      'Bearer token-123456',
    ]);
    expect(saved).toEqual({ fileName: 'chosen.json', bytes: 41 });
    expect(JSON.parse(await readFile(path, 'utf8')).fp).toBe('122026');
  });

  it('asks the section’s path for a GSTR-1 CSV and the HSN summary', async () => {
    const urls: string[] = [];
    for (const file of ['gstr1-cdnr', 'hsn', 'eway-bills'] as const)
      await exportGst(
        { file, period: '2026-11' },
        {
          connection,
          showSaveDialog: async (name) => join(dir, name),
          fetch: async (url) => {
            urls.push(String(url));
            return new Response('header\r\n');
          },
        },
      );
    expect(urls).toEqual([
      'http://api.test/reports/gst/gstr1/cdnr?period=2026-11',
      'http://api.test/reports/gst/gstr1/hsn?period=2026-11',
      'http://api.test/reports/gst/eway-bills?period=2026-11',
    ]);
  });

  it('says the API’s refusal and leaves no file; nothing when the dialog is cancelled', async () => {
    const sub = await mkdtemp(join(dir, 'refused-'));
    await expect(
      exportGst(
        { file: 'sales-register', period: '2026-11' },
        {
          connection,
          showSaveDialog: async () => join(sub, 'register.csv'),
          fetch: async () =>
            Response.json({ flag: 0, msg: 'You need the reports.read permission.' }, { status: 403 }),
        },
      ),
    ).rejects.toThrow('You need the reports.read permission.');
    expect(await readdir(sub)).toEqual([]);
    let fetched = false;
    const cancelled = await exportGst(
      { file: 'hsn', period: '2026-11' },
      {
        connection,
        showSaveDialog: async () => null,
        fetch: async () => {
          fetched = true;
          return new Response('');
        },
      },
    );
    expect(cancelled).toBeNull();
    expect(fetched).toBe(false);
  });
});
