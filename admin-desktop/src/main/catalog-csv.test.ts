// The catalogue CSV in the main process, in plain Node with the dialogs injected: the import's file is read here
// (refused over 50 MB before it is read; nothing when the dialog is cancelled); the export streams the API's CSV
// to the chosen file, never leaving a half file under its name when the answer fails.
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMPORT_BYTES } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCsv, pickCsv } from './catalog-csv';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-csv-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pickCsv', () => {
  it('reads the chosen file whole', async () => {
    const path = join(dir, 'catalogue.csv');
    await writeFile(path, 'handle,name\r\nx,X\r\n');
    const picked = await pickCsv(async () => path);
    expect(picked?.name).toBe('catalogue.csv');
    expect(new TextDecoder().decode(picked?.bytes)).toBe('handle,name\r\nx,X\r\n');
    expect(picked?.size).toBe(18);
  });

  it('gives nothing when the dialog is cancelled', async () => {
    expect(await pickCsv(async () => null)).toBeNull();
  });

  it('refuses a file over 50 MB', async () => {
    const path = join(dir, 'huge.csv');
    await writeFile(path, '');
    await truncate(path, MAX_IMPORT_BYTES + 1);
    await expect(pickCsv(async () => path)).rejects.toThrow(
      /huge\.csv is 50\.0 MB; a CSV file may be at most 50 MB/,
    );
  });
});

describe('exportCsv', () => {
  const connection = async () => ({ apiUrl: 'http://api.test', token: 'token-123456' });

  it('streams the answer to the chosen file with the admin token', async () => {
    const path = join(dir, 'export.csv');
    let auth = '';
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const line of ['handle,name\r\n', 'a,A\r\n', 'b,B\r\n'])
          c.enqueue(new TextEncoder().encode(line));
        c.close();
      },
    });
    const saved = await exportCsv({
      connection,
      showSaveDialog: async (name) => {
        expect(name).toBe('voltcart-catalogue-2026-11-25.csv');
        return path;
      },
      today: () => new Date('2026-11-25T10:00:00Z'),
      fetch: async (url, init) => {
        expect(url).toBe('http://api.test/catalog/export');
        auth = new Headers(init?.headers).get('authorization') ?? '';
        return new Response(body, { headers: { 'content-type': 'text/csv' } });
      },
    });
    expect(auth).toBe('Bearer token-123456');
    expect(saved).toEqual({ fileName: 'export.csv', bytes: 23 });
    expect(await readFile(path, 'utf8')).toBe('handle,name\r\na,A\r\nb,B\r\n');
  });

  it('says why the API refused, and writes nothing', async () => {
    const path = join(dir, 'refused.csv');
    await expect(
      exportCsv({
        connection,
        showSaveDialog: async () => path,
        fetch: async () => Response.json({ flag: 0, msg: 'Admin login required.' }, { status: 401 }),
      }),
    ).rejects.toThrow('Admin login required.');
    expect((await readdir(dir)).filter((f) => f.startsWith('refused'))).toEqual([]);
  });

  it('removes the partial file when the stream breaks', async () => {
    const path = join(dir, 'broken.csv');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('handle,name\r\n'));
        c.error(new Error('connection reset'));
      },
    });
    await expect(
      exportCsv({ connection, showSaveDialog: async () => path, fetch: async () => new Response(body) }),
    ).rejects.toThrow(/stopped before the end: connection reset/);
    expect((await readdir(dir)).filter((f) => f.startsWith('broken'))).toEqual([]);
  });

  it('does nothing when the save dialog is cancelled', async () => {
    let called = false;
    const saved = await exportCsv({
      connection,
      showSaveDialog: async () => null,
      fetch: async () => {
        called = true;
        return new Response('');
      },
    });
    expect(saved).toBeNull();
    expect(called).toBe(false);
  });
});
