import { randomUUID } from 'node:crypto';
import type { BulkJob, BulkProgress, ScanResult } from '../shared/ipc-contract';
import {
  type QueueItem,
  type QueueOptions,
  type QueueSummary,
  UploadError,
  UploadQueue,
} from '../shared/upload-queue';
import { createApiClient } from './api-client';
import { type FileUploadRequest, uploadImageFile } from './file-upload';
import { type FolderScan, type LocalImage, scanFolder } from './folder-scan';

interface ApiConnection {
  apiUrl: string;
  token: string | null;
}

export interface BulkDeps {
  /** The native folder dialog (Electron's `dialog`); null when cancelled. */
  pickFolder(): Promise<string | null>;
  connection(): Promise<ApiConnection>;
  /** Sends a progress event to the window. */
  emit(progress: BulkProgress): void;
  /** Replaceable for tests (e.g. to inject a failure); `alreadyThere` when the API skipped the file. */
  upload?: (req: FileUploadRequest) => Promise<{ alreadyThere?: boolean } | undefined | void>;
  concurrency?: number;
  retries?: number;
  backoff?: QueueOptions<BulkItem>['backoff'];
  throttleMs?: number;
  /** No progress for this long during one upload → it fails and is retried (default 60 s). */
  idleTimeoutMs?: number;
}

interface BulkItem extends QueueItem {
  file: LocalImage;
  job: BulkJob;
}

interface Run {
  queue: UploadQueue<BulkItem>;
  done: Promise<QueueSummary>;
}

const KEEP = 10;

/**
 * The bulk image upload, in the main process.
 * - the folder is chosen and scanned here; the renderer gets names, sizes and opaque ids, never paths
 * - uploads send each file from disk with the API client (no file content crosses IPC), a few at a time, one
 *   at a time per product, with automatic retries and throttled progress events
 * - only the last few scans and runs are kept
 */
export function createBulkUpload(deps: BulkDeps) {
  const scans = new Map<string, FolderScan & { byId: Map<string, LocalImage> }>();
  const runs = new Map<string, Run>();
  const upload = deps.upload ?? uploadImageFile;

  const remember = <V>(map: Map<string, V>, id: string, value: V) => {
    map.set(id, value);
    while (map.size > KEEP) map.delete(map.keys().next().value as string);
  };

  async function scan(path: string): Promise<ScanResult> {
    const result = await scanFolder(path);
    const scanId = randomUUID();
    remember(scans, scanId, { ...result, byId: new Map(result.files.map((f) => [f.id, f])) });
    return {
      scanId,
      folderName: result.folderName,
      files: result.files.map(({ path: _path, ...file }) => file),
      skipped: result.skipped,
      truncated: result.truncated,
    };
  }

  function launch(runId: string, queue: UploadQueue<BulkItem>, retry: boolean) {
    const done = retry ? queue.retryFailed() : queue.run();
    runs.set(runId, { queue, done });
    return done;
  }

  return {
    async pickFolder(): Promise<ScanResult | null> {
      const path = await deps.pickFolder();
      return path ? scan(path) : null;
    },

    scan,

    async start(input: {
      scanId: string;
      jobs: BulkJob[];
      concurrency?: number;
    }): Promise<{ runId: string }> {
      const found = scans.get(input.scanId);
      if (!found) throw new Error('This folder scan has expired. Choose the folder again.');
      const seen = new Set<string>();
      const items: BulkItem[] = input.jobs.map((job) => {
        const file = found.byId.get(job.fileId);
        if (!file) throw new Error('A chosen file is not part of the scanned folder.');
        if (seen.has(job.fileId)) throw new Error(`${file.relPath} is listed twice.`);
        seen.add(job.fileId);
        return { id: job.fileId, key: job.productId, size: file.size, file, job };
      });
      const { apiUrl, token } = await deps.connection();
      if (!token) throw new Error('Please log in again: the admin session has ended.');
      const client = createApiClient(apiUrl, token);
      const runId = randomUUID();
      let queue: UploadQueue<BulkItem> | null = null;
      queue = new UploadQueue<BulkItem>(items, {
        concurrency: input.concurrency ?? deps.concurrency ?? 4,
        retries: deps.retries ?? 3,
        backoff: deps.backoff,
        throttleMs: deps.throttleMs ?? 100,
        upload: async (item, ctx) => {
          const result = await upload({
            client,
            job: item.job,
            filePath: item.file.path,
            fileName: item.file.name,
            contentType: item.file.type,
            signal: ctx.signal,
            idleTimeoutMs: deps.idleTimeoutMs ?? 60_000,
            onProgress: (sent, total) => ctx.onProgress(Math.round((sent / total) * item.size), item.size),
          });
          return result?.alreadyThere ? 'existing' : 'done';
        },
        onEvent: (e) =>
          deps.emit({
            runId,
            ...e,
            summary: e.finished && queue ? queue.summary() : null,
          }),
      });
      const done = launch(runId, queue, false);
      remember(runs, runId, { queue, done });
      return { runId };
    },

    async cancel(runId: string): Promise<void> {
      runs.get(runId)?.queue.cancel();
    },

    async retryFailed(runId: string): Promise<{ runId: string }> {
      const run = runs.get(runId);
      if (!run) throw new UploadError('This upload is no longer available. Start it again.', false);
      if (run.queue.isRunning) throw new UploadError('The upload is still running.', false);
      launch(runId, run.queue, true);
      return { runId };
    },

    /** Resolves with the summary when the run's current pass has finished (for tests and the benchmark). */
    finished(runId: string): Promise<QueueSummary> {
      const run = runs.get(runId);
      if (!run) return Promise.reject(new Error('Unknown upload.'));
      return run.done;
    },
  };
}

export type BulkUpload = ReturnType<typeof createBulkUpload>;
