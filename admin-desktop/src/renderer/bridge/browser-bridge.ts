/**
 * The bridge for the renderer running in a plain browser (`npm run admin:web`), with web APIs only:
 * - settings in localStorage (falling back to the address /config.js provides), the session as the desktop app
 *   keeps it (localStorage keys admin, token, adminTimeStamp, as first released)
 * - file inputs for images, `<input webkitdirectory>` for a folder; files checked by their first bytes
 * - an order's PDF saved as the browser's download
 * - bulk uploads over HTTP with the API client and the same queue (concurrency, retries, throttled progress),
 *   upload step (uploadProductImage) and matching (done by the page) as the desktop app
 */

import { createClient } from '@voltcart/api-client/client';
import { createHttp } from '@voltcart/api-client/http';
import { type Admin, MAX_IMPORT_BYTES } from '@voltcart/shared';
import { checkConnection } from '../../shared/connection-check';
import { formatBytes, SNIFF_BYTES, sniffImageType, typeFromName } from '../../shared/image-type';
import {
  type AdminSession,
  apiUrlSchema,
  type BulkJob,
  type BulkProgress,
  DEFAULT_API_URL,
  GST_EXPORT_FILES,
  gstExportName,
  isAllowedExternalUrl,
  isCsvText,
  isPdf,
  MAX_PICK_BYTES,
  MAX_PICK_TOTAL_BYTES,
  MAX_SCAN_FILES,
  type PickedImage,
  type ScannedFile,
  type ScanResult,
  type VoltcartBridge,
} from '../../shared/ipc-contract';
import { uploadProductImage } from '../../shared/product-image-upload';
import { type QueueItem, UploadQueue } from '../../shared/upload-queue';

export const STORAGE_KEYS = {
  apiUrl: 'voltcart.apiUrl',
  admin: 'admin',
  token: 'token',
  adminTimeStamp: 'adminTimeStamp',
} as const;

export interface BrowserBridge extends VoltcartBridge {
  readonly kind: 'browser';
  bulk: VoltcartBridge['bulk'] & {
    /** Scans files chosen with a folder input already on the page. */
    scanFiles(files: ArrayLike<File>): Promise<ScanResult | null>;
  };
}

interface BulkItem extends QueueItem {
  file: File;
  job: BulkJob;
}

/** Opens the browser's file chooser with a temporary input; [] when cancelled. */
function chooseFiles(opts: { multiple: boolean; accept?: string; directory?: boolean }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = opts.multiple;
    if (opts.accept) input.accept = opts.accept;
    if (opts.directory) input.webkitdirectory = true;
    input.style.display = 'none';
    document.body.append(input);
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done([...(input.files ?? [])]), { once: true });
    input.addEventListener('cancel', () => done([]), { once: true });
    input.click();
  });
}

async function sniffFile(file: File) {
  if (file.size === 0) return null;
  return sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

function readJson<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

let counter = 0;
const newId = () =>
  globalThis.crypto?.randomUUID?.() ?? `id-${Date.now().toString(36)}-${(++counter).toString(36)}-browser`;

export function createBrowserBridge(storage: Storage = window.localStorage): BrowserBridge {
  const scans = new Map<string, Map<string, File>>();
  const runs = new Map<string, UploadQueue<BulkItem>>();
  const listeners = new Set<(p: BulkProgress) => void>();

  /** The address saved in Settings, else the one /config.js provides, else the default. */
  const currentApiUrl = (): string => {
    const stored = apiUrlSchema.safeParse(storage.getItem(STORAGE_KEYS.apiUrl));
    if (stored.success) return stored.data;
    const configured = apiUrlSchema.safeParse(window.__VOLTCART__?.apiUrl);
    return configured.success ? configured.data : DEFAULT_API_URL;
  };

  const client = createClient(
    createHttp({
      baseURL: currentApiUrl,
      getToken: () => storage.getItem(STORAGE_KEYS.token),
      timeoutMs: 0,
    }),
  );

  const clearSession = () => {
    storage.removeItem(STORAGE_KEYS.admin);
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.adminTimeStamp);
  };

  /** An API file answer as the browser's download, under the API's file name (else `fallbackName`). */
  async function downloadFromApi(apiPath: string, fallbackName: string, loggedOut: string) {
    const token = storage.getItem(STORAGE_KEYS.token);
    if (!token) throw new Error(loggedOut);
    const res = await fetch(`${currentApiUrl()}${apiPath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { msg?: string } | null;
      throw new Error(body?.msg ?? `The export failed (HTTP ${res.status}).`);
    }
    const blob = await res.blob();
    const fileName =
      /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    return { fileName, bytes: blob.size };
  }

  const emit = (p: BulkProgress) => {
    for (const l of listeners) l(p);
  };

  async function scanFiles(list: ArrayLike<File>): Promise<ScanResult | null> {
    const files = Array.from(list);
    if (!files.length) return null;
    const found: (Omit<ScannedFile, 'id'> & { file: File })[] = [];
    let skipped = 0;
    let truncated = false;
    let folderName = '';
    for (const file of files) {
      const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
      const parts = rel.split('/');
      if (!folderName && parts.length > 1) folderName = parts[0]!;
      const inside = parts.length > 1 ? parts.slice(1) : parts;
      if (inside.some((p) => p.startsWith('.')) || !typeFromName(file.name)) {
        skipped++;
        continue;
      }
      const type = await sniffFile(file);
      if (!type) {
        skipped++;
        continue;
      }
      if (found.length >= MAX_SCAN_FILES) {
        truncated = true;
        break;
      }
      found.push({ file, name: file.name, relPath: inside.join('/'), size: file.size, type });
    }
    found.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
    const scanId = newId();
    const byId = new Map<string, File>();
    const out: ScannedFile[] = found.map(({ file, ...rest }, i) => {
      byId.set(`f${i}`, file);
      return { ...rest, id: `f${i}` };
    });
    scans.set(scanId, byId);
    return { scanId, folderName: folderName || 'Selected files', files: out, skipped, truncated };
  }

  function launch(queue: UploadQueue<BulkItem>, retry: boolean) {
    void (retry ? queue.retryFailed() : queue.run());
  }

  const bridge: BrowserBridge = {
    kind: 'browser',
    app: {
      info: async () => ({
        kind: 'browser',
        version: 'web',
        platform: navigator.platform,
        secureStorage: false,
      }),
      openExternal: async (url) => {
        if (!isAllowedExternalUrl(url)) return false;
        window.open(url, '_blank', 'noopener,noreferrer');
        return true;
      },
    },
    settings: {
      get: async () => ({ apiUrl: currentApiUrl() }),
      set: async (input) => {
        // The schema's own sentence, not zod's list of issues (which would be shown to staff as JSON).
        const parsed = apiUrlSchema.safeParse(input.apiUrl);
        if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
        storage.setItem(STORAGE_KEYS.apiUrl, parsed.data);
        return { apiUrl: parsed.data };
      },
      testConnection: async (apiUrl) => {
        const parsed = apiUrlSchema.safeParse(apiUrl);
        if (!parsed.success) return { ok: false, ms: 0, message: parsed.error.issues[0]!.message };
        return checkConnection(parsed.data);
      },
    },
    session: {
      load: async () => {
        const admin = readJson<Admin>(storage.getItem(STORAGE_KEYS.admin));
        const token = storage.getItem(STORAGE_KEYS.token);
        if (!admin || typeof admin !== 'object' || !admin._id || !token) {
          clearSession();
          return null;
        }
        const ts = Number(storage.getItem(STORAGE_KEYS.adminTimeStamp));
        return { admin, token, adminTimeStamp: Number.isFinite(ts) && ts > 0 ? ts : Date.now() };
      },
      save: async (s: AdminSession) => {
        storage.setItem(STORAGE_KEYS.admin, JSON.stringify(s.admin));
        storage.setItem(STORAGE_KEYS.token, s.token);
        storage.setItem(STORAGE_KEYS.adminTimeStamp, String(s.adminTimeStamp));
      },
      clear: async () => clearSession(),
    },
    files: {
      // The same rules as the desktop picker (main/pick-images.ts): every file, within the total.
      pickImages: async ({ multiple }) => {
        const files = await chooseFiles({ multiple, accept: 'image/jpeg,image/png,image/webp' });
        const images: PickedImage[] = [];
        let total = 0;
        let leftOut = 0;
        for (const file of multiple ? files : files.slice(0, 1)) {
          if (file.size > MAX_PICK_BYTES) {
            throw new Error(
              `${file.name} is ${formatBytes(file.size)}; images must be at most ${formatBytes(MAX_PICK_BYTES)}.`,
            );
          }
          if (total + file.size > MAX_PICK_TOTAL_BYTES) {
            leftOut++;
            continue;
          }
          const type = await sniffFile(file);
          if (!type) throw new Error(`${file.name} is not a JPEG, PNG or WebP image.`);
          images.push({
            name: file.name,
            type,
            size: file.size,
            bytes: new Uint8Array(await file.arrayBuffer()),
          });
          total += file.size;
        }
        return { images, leftOut };
      },
      // The browser's own download (its settings say where files go).
      saveDocument: async ({ fileName, bytes }) => {
        const csv = fileName.endsWith('.csv');
        if (csv && !isCsvText(bytes)) throw new Error('The document is not a CSV text file.');
        if (!csv && !isPdf(bytes)) throw new Error('The document is not a PDF.');
        const type = csv ? 'text/csv' : 'application/pdf';
        const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type }));
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        link.style.display = 'none';
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        return { saved: true };
      },
      // The same limit as the desktop picker (main/catalog-csv.ts).
      pickCsv: async () => {
        const [file] = await chooseFiles({ multiple: false, accept: '.csv,text/csv' });
        if (!file) return null;
        if (file.size > MAX_IMPORT_BYTES)
          throw new Error(
            `${file.name} is ${formatBytes(file.size)}; a CSV file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into several files.`,
          );
        return { name: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) };
      },
    },
    catalog: {
      // A browser keeps the download in memory until it is saved (the desktop app streams it to disk).
      exportCsv: () =>
        downloadFromApi('/catalog/export', 'catalogue.csv', 'Log in again to export the catalogue.'),
    },
    reports: {
      exportGst: ({ file, period }) =>
        downloadFromApi(
          `/reports/gst/${GST_EXPORT_FILES[file].path}?period=${encodeURIComponent(period)}`,
          gstExportName(file, period),
          'Log in again to export the GST files.',
        ),
    },
    bulk: {
      scanFiles,
      pickFolder: async () => scanFiles(await chooseFiles({ multiple: true, directory: true })),
      start: async ({ scanId, jobs, concurrency }) => {
        const byId = scans.get(scanId);
        if (!byId) throw new Error('This folder scan has expired. Choose the folder again.');
        if (!storage.getItem(STORAGE_KEYS.token))
          throw new Error('Please log in again: the admin session has ended.');
        const seen = new Set<string>();
        const items: BulkItem[] = jobs.map((job) => {
          const file = byId.get(job.fileId);
          if (!file) throw new Error('A chosen file is not part of the scanned folder.');
          if (seen.has(job.fileId)) throw new Error(`${file.name} is listed twice.`);
          seen.add(job.fileId);
          return { id: job.fileId, key: job.productId, size: file.size, file, job };
        });
        const runId = newId();
        const queue: UploadQueue<BulkItem> = new UploadQueue<BulkItem>(items, {
          concurrency: concurrency ?? 4,
          retries: 3,
          throttleMs: 100,
          upload: async (item, ctx) => {
            const result = await uploadProductImage(
              client,
              item.job,
              { blob: item.file, name: item.file.name },
              {
                signal: ctx.signal,
                onProgress: (loaded, total) =>
                  ctx.onProgress(Math.round((loaded / Math.max(1, total)) * item.size), item.size),
              },
            );
            return result.alreadyThere ? 'existing' : 'done';
          },
          onEvent: (e) => emit({ runId, ...e, summary: e.finished ? queue.summary() : null }),
        });
        runs.set(runId, queue);
        launch(queue, false);
        return { runId };
      },
      cancel: async (runId) => {
        runs.get(runId)?.cancel();
      },
      retryFailed: async (runId) => {
        const queue = runs.get(runId);
        if (!queue) throw new Error('This upload is no longer available. Start it again.');
        if (queue.isRunning) throw new Error('The upload is still running.');
        launch(queue, true);
        return { runId };
      },
      onProgress: (listener) => {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    },
  };
  return bridge;
}
