/**
 * A small upload scheduler shared by the Electron main process (streams from disk) and the browser bridge
 * (uploads File objects): only the `upload` function differs.
 * - at most `concurrency` uploads at a time; items with the same `key` (the same product) never run together,
 *   so two gallery uploads cannot race on one product's image list
 * - a failed upload is retried automatically with exponential backoff when the error is retryable (network
 *   trouble, 408/429/5xx); a refusal such as 400/413/415 fails at once: sending it again cannot help
 * - progress events are throttled (`throttleMs`) and carry only the items that changed, so 200 files never
 *   flood the window; the last event (finished) is sent at once with every item
 * - cancel() drops the queued items and aborts uploads in flight; an upload that completes anyway (its
 *   bytes were all sent) counts as done, so "retry failed" never sends a picture twice
 * - retryFailed() runs the failed and cancelled ones again
 * - an upload may answer 'existing' (the API already had that picture and skipped it): the item ends as
 *   `existing` instead of `done`, counted apart in the totals and the summary
 * p-queue keeps the uploads at `concurrency`; p-retry runs the retries and their doubling waits.
 */

import PQueue from 'p-queue';
import pRetry, { type Options as RetryOptions } from 'p-retry';

type ItemState = 'queued' | 'uploading' | 'retrying' | 'done' | 'existing' | 'failed' | 'cancelled';

/** How an upload ended: sent and stored, or skipped by the API because the picture is already there. */
type UploadOutcome = 'done' | 'existing';

export interface QueueItem {
  id: string;
  /** Items with the same key run one after another. */
  key?: string;
  /** Bytes, for the overall progress. */
  size: number;
}

export interface ItemProgress {
  id: string;
  state: ItemState;
  loaded: number;
  total: number;
  attempts: number;
  error: string | null;
}

export interface QueueTotals {
  files: number;
  queued: number;
  active: number;
  done: number;
  /** Skipped by the API: the picture was already there. */
  existing: number;
  failed: number;
  cancelled: number;
  bytesTotal: number;
  bytesDone: number;
  /** 0–100, by bytes; 100 only when every file is done (or already there). */
  percent: number;
}

export interface QueueEvent {
  items: ItemProgress[];
  totals: QueueTotals;
  finished: boolean;
  elapsedMs: number;
}

export interface QueueSummary {
  total: number;
  done: number;
  existing: number;
  failed: number;
  cancelled: number;
  elapsedMs: number;
  failures: { id: string; error: string }[];
}

interface UploadContext {
  signal: AbortSignal;
  /** 1 for the first try. */
  attempt: number;
  onProgress(loaded: number, total?: number): void;
}

/** Resolves when the item is uploaded; 'existing' when the API already had it (nothing resolved means done). */
type UploadFn<T> = (item: T, ctx: UploadContext) => Promise<UploadOutcome | undefined | void>;

/** An upload failure; `retryable` says whether sending the same file again may succeed. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Retryable HTTP statuses: timeouts, rate limiting and server trouble. */
export const isRetryableStatus = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

export interface QueueOptions<T> {
  upload: UploadFn<T>;
  concurrency?: number;
  /** Automatic retries after the first failure. */
  retries?: number;
  /** The wait before the first retry, doubled for each next one up to `maxTimeout` (default 400 ms, 8 s). */
  backoff?: Pick<RetryOptions, 'minTimeout' | 'maxTimeout'>;
  throttleMs?: number;
  onEvent?: (e: QueueEvent) => void;
  isRetryable?: (err: unknown) => boolean;
}

interface Entry<T> {
  item: T;
  p: ItemProgress;
  controller: AbortController | null;
}

function defaultRetryable(err: unknown): boolean {
  if (err instanceof UploadError) return err.retryable;
  return true;
}

function messageOf(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return 'The upload failed.';
}

/** The entries in order, one list per key; an entry without a key is a list of its own. */
function byKey<T extends QueueItem>(entries: Entry<T>[]): Entry<T>[][] {
  const lists = new Map<string | Entry<T>, Entry<T>[]>();
  for (const e of entries) {
    const key = e.item.key ?? e;
    const list = lists.get(key);
    if (list) list.push(e);
    else lists.set(key, [e]);
  }
  return [...lists.values()];
}

export class UploadQueue<T extends QueueItem> {
  readonly concurrency: number;
  private readonly entries: Entry<T>[];
  private readonly byId = new Map<string, Entry<T>>();
  private readonly tasks: PQueue;
  private changed = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;
  private finishedAt = 0;
  private running = false;

  constructor(
    items: T[],
    private readonly opts: QueueOptions<T>,
  ) {
    this.concurrency = Math.max(1, Math.min(8, Math.floor(opts.concurrency ?? 3)));
    this.tasks = new PQueue({ concurrency: this.concurrency });
    this.entries = items.map((item) => {
      const e: Entry<T> = {
        item,
        p: { id: item.id, state: 'queued', loaded: 0, total: item.size, attempts: 0, error: null },
        controller: null,
      };
      this.byId.set(item.id, e);
      return e;
    });
  }

  /** Uploads every queued item; resolves when all have settled (done, failed or cancelled). */
  run(): Promise<QueueSummary> {
    if (this.running) throw new Error('The upload is already running.');
    this.running = true;
    this.startedAt = this.startedAt || Date.now();
    this.finishedAt = 0;
    // One task per product, its pictures one after another: two gallery uploads never race on one product's
    // image list, and other products' pictures take the free places meanwhile.
    const queued = this.entries.filter((e) => e.p.state === 'queued');
    for (const list of byKey(queued)) void this.tasks.add(() => this.runInOrder(list));
    return this.tasks.onIdle().then(() => {
      this.finishedAt = Date.now();
      // Not running any more when the finished event goes out: its listener may start "retry failed" at once.
      this.running = false;
      this.flush(true);
      return this.summary();
    });
  }

  /** Puts failed (and cancelled) items back in the queue and runs them again. */
  retryFailed(): Promise<QueueSummary> {
    for (const e of this.entries) {
      if (e.p.state === 'failed' || e.p.state === 'cancelled') {
        e.p = { ...e.p, state: 'queued', loaded: 0, attempts: 0, error: null };
        this.changed.add(e.p.id);
      }
    }
    this.startedAt = Date.now();
    return this.run();
  }

  cancel(): void {
    this.tasks.clear();
    for (const e of this.entries) {
      if (e.p.state === 'queued') this.update(e, { state: 'cancelled' });
      e.controller?.abort();
    }
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Every item's progress and the totals. */
  snapshot(): QueueEvent {
    return {
      items: this.entries.map((e) => ({ ...e.p })),
      totals: this.totals(),
      finished: !this.isRunning,
      elapsedMs: this.elapsed(),
    };
  }

  summary(): QueueSummary {
    const t = this.totals();
    return {
      total: t.files,
      done: t.done,
      existing: t.existing,
      failed: t.failed,
      cancelled: t.cancelled,
      elapsedMs: this.elapsed(),
      failures: this.entries
        .filter((e) => e.p.state === 'failed')
        .map((e) => ({ id: e.p.id, error: e.p.error ?? 'The upload failed.' })),
    };
  }

  private elapsed() {
    if (!this.startedAt) return 0;
    return (this.finishedAt || Date.now()) - this.startedAt;
  }

  private totals(): QueueTotals {
    const t: QueueTotals = {
      files: this.entries.length,
      queued: 0,
      active: 0,
      done: 0,
      existing: 0,
      failed: 0,
      cancelled: 0,
      bytesTotal: 0,
      bytesDone: 0,
      percent: 0,
    };
    for (const { p, item } of this.entries) {
      const size = Math.max(item.size, p.total, 1);
      t.bytesTotal += size;
      if (p.state === 'done' || p.state === 'existing') {
        t[p.state]++;
        t.bytesDone += size;
      } else {
        t.bytesDone += Math.min(p.loaded, size);
        if (p.state === 'queued') t.queued++;
        else if (p.state === 'failed') t.failed++;
        else if (p.state === 'cancelled') t.cancelled++;
        else t.active++;
      }
    }
    t.percent =
      t.done + t.existing === t.files
        ? 100
        : Math.min(99, Math.floor((t.bytesDone * 100) / Math.max(1, t.bytesTotal)));
    return t;
  }

  private update(e: Entry<T>, patch: Partial<ItemProgress>) {
    e.p = { ...e.p, ...patch };
    this.changed.add(e.p.id);
    this.scheduleFlush();
  }

  private scheduleFlush() {
    if (this.flushTimer || !this.opts.onEvent) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush(false);
    }, this.opts.throttleMs ?? 100);
  }

  private flush(finished: boolean) {
    if (!this.opts.onEvent) return;
    if (finished) {
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      this.changed.clear();
      this.opts.onEvent({ ...this.snapshot(), finished: true });
      return;
    }
    if (!this.changed.size) return;
    const items = [...this.changed].map((id) => ({ ...this.byId.get(id)!.p }));
    this.changed.clear();
    this.opts.onEvent({ items, totals: this.totals(), finished: false, elapsedMs: this.elapsed() });
  }

  private async runInOrder(list: Entry<T>[]) {
    for (const e of list) {
      // After a cancel the rest of the list is already marked cancelled.
      if (e.p.state === 'queued') await this.runItem(e);
    }
  }

  private async runItem(e: Entry<T>) {
    const controller = new AbortController();
    const { signal } = controller;
    e.controller = controller;
    const retryable = this.opts.isRetryable ?? defaultRetryable;
    try {
      await pRetry(
        async (attempt) => {
          this.update(e, { state: 'uploading', attempts: attempt, loaded: 0, error: null });
          const outcome = await this.opts.upload(e.item, {
            signal,
            attempt,
            onProgress: (loaded, total) => {
              if (signal.aborted) return;
              this.update(e, { loaded, total: total ?? e.p.total });
            },
          });
          // Recorded here, before pRetry sees the cancel: an upload that completes anyway (its bytes were all
          // sent) counts as done, so "retry failed" never sends that picture twice.
          this.update(e, {
            state: outcome === 'existing' ? 'existing' : 'done',
            loaded: Math.max(e.p.total, e.p.loaded),
          });
        },
        {
          retries: Math.max(0, this.opts.retries ?? 3),
          minTimeout: this.opts.backoff?.minTimeout ?? 400,
          maxTimeout: this.opts.backoff?.maxTimeout ?? 8000,
          signal,
          // Asked only while retries are left. pRetry never retries a TypeError other than a network failure:
          // that is a bug, and sending the file again cannot fix it.
          shouldRetry: ({ error }) => {
            if (signal.aborted || !retryable(error)) return false;
            this.update(e, { state: 'retrying', loaded: 0, error: messageOf(error) });
            return true;
          },
        },
      );
    } catch (err) {
      if (e.p.state === 'done' || e.p.state === 'existing') return;
      if (signal.aborted) this.update(e, { state: 'cancelled', loaded: 0, error: null });
      else this.update(e, { state: 'failed', loaded: 0, error: messageOf(err) });
    } finally {
      e.controller = null;
    }
  }
}
