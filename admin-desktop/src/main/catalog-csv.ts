import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { MAX_IMPORT_BYTES } from '@voltcart/shared';
import { formatBytes } from '../shared/image-type';
import type { PickedCsv, SavedExport } from '../shared/ipc-contract';

/** The native open dialog for one CSV file (a catalogue import, a COD remittance's AWB numbers; injected: Electron's `dialog.showOpenDialog`); null when cancelled. */
export type ShowCsvOpenDialog = () => Promise<string | null>;
/** The native save dialog (injected: `dialog.showSaveDialog`) with a suggested name; null when cancelled. */
export type ShowCsvSaveDialog = (defaultName: string) => Promise<string | null>;

export const CSV_DIALOG_FILTERS = [{ name: 'CSV files', extensions: ['csv'] }];

/**
 * The catalogue CSV chosen for an import, read here in the main process and handed to the window whole:
 * - at most MAX_IMPORT_BYTES (the API's limit): a larger file is refused before a byte is read
 * - the content is not judged here (encoding, header, rows): the API's preview says what is wrong, by line
 */
export async function pickCsv(showDialog: ShowCsvOpenDialog): Promise<PickedCsv | null> {
  const path = await showDialog();
  if (!path) return null;
  const name = basename(path);
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    if (size > MAX_IMPORT_BYTES)
      throw new Error(
        `${name} is ${formatBytes(size)}; a CSV file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into several files.`,
      );
    const bytes = new Uint8Array(size);
    await fh.read(bytes, 0, size, 0);
    return { name, size, bytes };
  } finally {
    await fh.close();
  }
}

export interface ExportDeps {
  showSaveDialog: ShowCsvSaveDialog;
  connection: () => Promise<{ apiUrl: string; token: string | null }>;
  fetch?: typeof fetch;
  today?: () => Date;
}

/**
 * Saves the catalogue export to a file staff choose: the API's CSV streams to disk as it arrives (a catalogue of
 * a million products never sits in memory).
 */
export async function exportCsv(deps: ExportDeps): Promise<SavedExport | null> {
  const day = (deps.today?.() ?? new Date()).toISOString().slice(0, 10);
  return exportToFile(deps, {
    apiPath: '/catalog/export',
    fileName: `voltcart-catalogue-${day}.csv`,
    loggedOut: 'Log in again to export the catalogue.',
  });
}

/**
 * Saves an API file answer where staff choose (the dialog first, offering `fileName`): streamed to disk as it
 * arrives into `<file>.part`, renamed when complete, so a failed export never leaves a half file under the
 * chosen name; the API's refusal (its `msg`) is the error.
 */
export async function exportToFile(
  deps: Omit<ExportDeps, 'today'>,
  what: { apiPath: string; fileName: string; loggedOut: string },
): Promise<SavedExport | null> {
  const { apiUrl, token } = await deps.connection();
  if (!token) throw new Error(what.loggedOut);
  const path = await deps.showSaveDialog(what.fileName);
  if (!path) return null;
  const res = await (deps.fetch ?? fetch)(`${apiUrl}${what.apiPath}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? `The export failed (HTTP ${res.status}).`);
  }
  const part = `${path}.part`;
  let bytes = 0;
  const counted = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>).on('data', (c: Buffer) => {
    bytes += c.length;
  });
  try {
    await pipeline(counted, createWriteStream(part));
    await rename(part, path);
  } catch (e) {
    await rm(part, { force: true });
    throw new Error(`The export stopped before the end: ${(e as Error).message}`);
  }
  return { fileName: basename(path), bytes };
}
