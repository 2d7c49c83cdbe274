/**
 * The one contract between the renderer and the Electron main process.
 * - `CHANNELS`: every invoke channel; `INPUTS`: the zod schema every handler checks its argument with
 * - `VoltcartBridge`: what the preload exposes as `window.voltcart` (it `satisfies` this type), and what the
 *   browser bridge implements with web APIs, so the renderer never knows which one it has
 * - file paths never cross into the renderer: the main process hands out opaque ids for scanned files
 */

import { type Admin, PERMISSIONS, STAFF_ROLES } from '@voltcart/shared';
import { z } from 'zod';
import type { BulkImageType } from './image-type';
import type { ImageRole } from './match';
import type { ItemProgress, QueueSummary, QueueTotals } from './upload-queue';

export const CHANNELS = {
  appInfo: 'app:info',
  openExternal: 'app:open-external',
  settingsGet: 'settings:get',
  settingsSet: 'settings:set',
  settingsTest: 'settings:test-connection',
  sessionLoad: 'session:load',
  sessionSave: 'session:save',
  sessionClear: 'session:clear',
  pickImages: 'files:pick-images',
  saveDocument: 'files:save-document',
  pickCsv: 'files:pick-csv',
  exportCsv: 'catalog:export-csv',
  exportGst: 'reports:export-gst',
  bulkPickFolder: 'bulk:pick-folder',
  bulkStart: 'bulk:start',
  bulkCancel: 'bulk:cancel',
  bulkRetryFailed: 'bulk:retry-failed',
} as const;

/** Main → renderer events. */
export const EVENTS = {
  bulkProgress: 'bulk:progress',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export const DEFAULT_API_URL = 'http://localhost:5000';

/** An http(s) address without credentials, query or fragment; the trailing slash is dropped. */
export const apiUrlSchema = z
  .string({ error: 'The API address is required.' })
  .trim()
  .min(1, 'The API address is required.')
  .max(500, 'The API address is too long.')
  .refine((u) => {
    try {
      const url = new URL(u);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, 'The API address must be a web address such as http://localhost:5000.')
  .transform((u) => u.replace(/\/+$/, ''));

// Role and permissions are optional: a session stored before staff roles has neither (GET /admin/me fills them in).
const adminSchema = z.object({
  _id: z.string().min(1).max(64),
  name: z.string().max(200),
  email: z.string().max(254),
  role: z.enum(STAFF_ROLES).optional(),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).optional(),
});

const scanId = z.string().regex(/^[a-z0-9-]{8,64}$/, 'Unknown folder scan.');
const runId = z.string().regex(/^[a-z0-9-]{8,64}$/, 'Unknown upload.');

/**
 * The accountant's GST exports the back office saves (API `GET /reports/gst/<path>?period=`): the file's key,
 * its API path and its extension. The saved file is named `<key>-<period>.<ext>`.
 */
export const GST_EXPORT_FILES = {
  'sales-register': { path: 'sales-register', ext: 'csv' },
  gstr1: { path: 'gstr1', ext: 'json' },
  'gstr1-b2b': { path: 'gstr1/b2b', ext: 'csv' },
  'gstr1-b2cl': { path: 'gstr1/b2cl', ext: 'csv' },
  'gstr1-b2cs': { path: 'gstr1/b2cs', ext: 'csv' },
  'gstr1-cdnr': { path: 'gstr1/cdnr', ext: 'csv' },
  'gstr1-cdnur': { path: 'gstr1/cdnur', ext: 'csv' },
  'gstr1-docs': { path: 'gstr1/docs', ext: 'csv' },
  hsn: { path: 'gstr1/hsn', ext: 'csv' },
  'eway-bills': { path: 'eway-bills', ext: 'csv' },
} as const satisfies Record<string, { path: string; ext: 'csv' | 'json' }>;
export type GstExportFile = keyof typeof GST_EXPORT_FILES;

/** The name a GST export is offered under in the save dialog. */
export const gstExportName = (file: GstExportFile, period: string) =>
  `${file}-${period}.${GST_EXPORT_FILES[file].ext}`;

export const INPUTS = {
  [CHANNELS.appInfo]: z.undefined(),
  [CHANNELS.openExternal]: z.string().max(2000),
  [CHANNELS.settingsGet]: z.undefined(),
  [CHANNELS.settingsSet]: z.object({ apiUrl: apiUrlSchema }).strict(),
  [CHANNELS.settingsTest]: apiUrlSchema,
  [CHANNELS.sessionLoad]: z.undefined(),
  [CHANNELS.sessionSave]: z
    .object({
      admin: adminSchema,
      token: z.string().min(10).max(4096),
      adminTimeStamp: z.number().int().positive(),
    })
    .strict(),
  [CHANNELS.sessionClear]: z.undefined(),
  [CHANNELS.pickImages]: z.object({ multiple: z.boolean() }).strict(),
  [CHANNELS.saveDocument]: z
    .object({
      fileName: z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}\.(pdf|csv)$/,
          'The document name must be a plain PDF file name, or a plain CSV file name.',
        ),
      bytes: z
        .instanceof(Uint8Array, { error: 'The document is missing.' })
        .refine((b) => b.byteLength <= MAX_DOCUMENT_BYTES, 'The document is too large.'),
    })
    .strict()
    // A .pdf holds a PDF; a .csv (the discount codes generated) plain UTF-8 text.
    .superRefine((d, ctx) => {
      const pdf = d.fileName.endsWith('.pdf');
      if (pdf ? !isPdf(d.bytes) : !isCsvText(d.bytes))
        ctx.addIssue({
          code: 'custom',
          path: ['bytes'],
          message: pdf ? 'The document is not a PDF.' : 'The document is not a CSV text file.',
        });
    }),
  [CHANNELS.pickCsv]: z.undefined(),
  [CHANNELS.exportCsv]: z.undefined(),
  [CHANNELS.exportGst]: z
    .object({
      file: z.enum(Object.keys(GST_EXPORT_FILES) as [GstExportFile, ...GstExportFile[]]),
      period: z
        .string()
        .regex(/^20\d\d-(0[1-9]|1[0-2]|Q[1-4])$/, 'Choose a month (2026-11) or a quarter (2026-Q3).'),
    })
    .strict(),
  [CHANNELS.bulkPickFolder]: z.undefined(),
  [CHANNELS.bulkStart]: z
    .object({
      scanId,
      concurrency: z.number().int().min(1).max(6).optional(),
      jobs: z
        .array(
          z
            .object({
              fileId: z.string().regex(/^f\d{1,6}$/, 'Unknown file.'),
              productId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Unknown product.'),
              role: z.enum(['thumbnail', 'gallery']),
              colorId: z
                .string()
                .regex(/^[1-9][0-9]{0,17}$/, 'Unknown colour.')
                .optional(),
            })
            .strict(),
        )
        .min(1, 'Choose at least one file to upload.')
        .max(5000, 'At most 5000 files per upload.'),
    })
    .strict(),
  [CHANNELS.bulkCancel]: runId,
  [CHANNELS.bulkRetryFailed]: runId,
} satisfies Record<Channel, z.ZodType>;

export type Input<C extends Channel> = z.output<(typeof INPUTS)[C]>;

export interface AppInfo {
  kind: 'electron' | 'browser';
  version: string;
  platform: string;
  /** Whether the admin token is encrypted at rest (Electron safeStorage). */
  secureStorage: boolean;
}

export interface AppSettings {
  apiUrl: string;
}

/** The signed-in staff member as stored; a session stored before staff roles lacks role and permissions. */
export type StoredAdmin = Pick<Admin, '_id' | 'name' | 'email'> &
  Partial<Omit<Admin, '_id' | 'name' | 'email'>>;

export interface AdminSession {
  admin: StoredAdmin;
  token: string;
  adminTimeStamp: number;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
  ms: number;
}

/** A picked image for a form field (one product thumbnail, a category image): small, sent whole. */
export interface PickedImage {
  name: string;
  type: BulkImageType;
  size: number;
  bytes: Uint8Array;
}

/** What an image picker gives: every chosen image, unless together they pass MAX_PICK_TOTAL_BYTES. */
export interface PickedImages {
  images: PickedImage[];
  /** Chosen files not taken because the ones before them already came to MAX_PICK_TOTAL_BYTES. */
  leftOut: number;
}

/** An order's PDF to save, with the name the API suggests. */
export interface SaveDocument {
  fileName: string;
  bytes: Uint8Array;
}

/** A catalogue CSV chosen for an import (at most 50 MB), read by the main process and sent whole. */
export interface PickedCsv {
  name: string;
  size: number;
  bytes: Uint8Array;
}

/** A catalogue export saved to disk: the file's name (never its path) and its size. */
export interface SavedExport {
  fileName: string;
  bytes: number;
}

export interface ScannedFile {
  /** Opaque id (`f<n>`); the main process keeps the path. */
  id: string;
  name: string;
  /** Path inside the chosen folder, with `/` separators. */
  relPath: string;
  size: number;
  type: BulkImageType;
}

export interface ScanResult {
  scanId: string;
  folderName: string;
  files: ScannedFile[];
  /** Files left out: other types, empty or unreadable files, or content that is not a JPEG/PNG/WebP image. */
  skipped: number;
  /** True when the folder held more images than one scan takes. */
  truncated: boolean;
}

export interface BulkJob {
  fileId: string;
  productId: string;
  role: ImageRole;
  /** A colour's gallery (as a gallery picture); absent: the product's shared pictures. */
  colorId?: string;
}

export interface BulkProgress {
  runId: string;
  /** Items that changed since the previous event (all of them when finished). */
  items: ItemProgress[];
  totals: QueueTotals;
  finished: boolean;
  elapsedMs: number;
  summary: QueueSummary | null;
}

export interface VoltcartBridge {
  readonly kind: 'electron' | 'browser';
  app: {
    info(): Promise<AppInfo>;
    /** Opens an allow-listed https address in the system browser; anything else is refused. */
    openExternal(url: string): Promise<boolean>;
  };
  settings: {
    get(): Promise<AppSettings>;
    set(settings: Input<typeof CHANNELS.settingsSet>): Promise<AppSettings>;
    testConnection(apiUrl: string): Promise<ConnectionCheck>;
  };
  session: {
    /** The stored session, only when both admin and token are stored (never half of one); otherwise all is cleared. */
    load(): Promise<AdminSession | null>;
    save(session: AdminSession): Promise<void>;
    clear(): Promise<void>;
  };
  files: {
    /** The native file dialog (Electron) or a file input (browser); no images when cancelled. */
    pickImages(opts: { multiple: boolean }): Promise<PickedImages>;
    /**
     * Saves an order's PDF (invoice, credit note): the native save dialog (Electron; `saved: false` when
     * cancelled) or the browser's download.
     */
    saveDocument(doc: SaveDocument): Promise<{ saved: boolean }>;
    /** One CSV file for the catalogue import (native dialog, or a file input); null when cancelled. */
    pickCsv(): Promise<PickedCsv | null>;
  };
  catalog: {
    /** Saves the catalogue CSV export where staff choose (streamed to disk); null when cancelled. */
    exportCsv(): Promise<SavedExport | null>;
  };
  reports: {
    /** Saves a GST export of a period where staff choose (streamed to disk); null when cancelled. */
    exportGst(input: Input<typeof CHANNELS.exportGst>): Promise<SavedExport | null>;
  };
  bulk: {
    /** Folder dialog and recursive scan; null when cancelled. */
    pickFolder(): Promise<ScanResult | null>;
    start(input: { scanId: string; jobs: BulkJob[]; concurrency?: number }): Promise<{ runId: string }>;
    cancel(runId: string): Promise<void>;
    retryFailed(runId: string): Promise<{ runId: string }>;
    /** Subscribes to progress; returns the unsubscribe function. */
    onProgress(listener: (p: BulkProgress) => void): () => void;
  };
}

/** What each channel's handler resolves with. */
// biome-ignore-start lint/suspicious/noConfusingVoidType: these channels resolve with nothing
export interface ChannelResults {
  'app:info': AppInfo;
  'app:open-external': boolean;
  'settings:get': AppSettings;
  'settings:set': AppSettings;
  'settings:test-connection': ConnectionCheck;
  'session:load': AdminSession | null;
  'session:save': void;
  'session:clear': void;
  'files:pick-images': PickedImages;
  'files:save-document': { saved: boolean };
  'files:pick-csv': PickedCsv | null;
  'catalog:export-csv': SavedExport | null;
  'reports:export-gst': SavedExport | null;
  'bulk:pick-folder': ScanResult | null;
  'bulk:start': { runId: string };
  'bulk:cancel': void;
  'bulk:retry-failed': { runId: string };
}
// biome-ignore-end lint/suspicious/noConfusingVoidType: these channels resolve with nothing

/**
 * The desktop app's pages are a secure context (app://), so Chromium blocks plain-http calls to any host but
 * this computer (mixed content). That is also what we want: an admin password and token must not cross a
 * network unencrypted. Returns the reason an address cannot be used by the desktop app, or null.
 */
export function desktopApiUrlProblem(apiUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return 'The API address must be a web address such as http://localhost:5000.';
  }
  if (url.protocol === 'https:') return null;
  const local =
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
  return local
    ? null
    : 'Use an https:// address for an API on another computer: plain http is only allowed for this computer (localhost).';
}

/** Images larger than this are refused by the pickers (the API's own limit is usually lower). */
export const MAX_PICK_BYTES = 25 * 1024 * 1024;
/**
 * The images of one pick are sent whole to the window: together at most this much (hundreds of typical
 * photos); the files past it are left out and the screen says how many.
 */
export const MAX_PICK_TOTAL_BYTES = 256 * 1024 * 1024;
/** An order's PDF (invoice, credit note) handed to the main process is at most this large. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** A PDF starts with `%PDF-`. */
/** UTF-8 text without NUL bytes (a CSV file, not a program or a picture under a .csv name). */
export function isCsvText(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

export const isPdf = (b: Uint8Array) =>
  b.byteLength >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d;

/** One scan takes at most this many images. */
export const MAX_SCAN_FILES = 5000;

/**
 * https addresses the app may open in the system browser (payment look-ups in the Razorpay dashboard).
 * Nothing else is ever handed to the operating system.
 */
const EXTERNAL_ALLOWED_HOSTS = ['dashboard.razorpay.com'] as const;

export function isAllowedExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === 'https:' &&
      !u.username &&
      !u.password &&
      (EXTERNAL_ALLOWED_HOSTS as readonly string[]).includes(u.hostname) &&
      (u.port === '' || u.port === '443')
    );
  } catch {
    return false;
  }
}
