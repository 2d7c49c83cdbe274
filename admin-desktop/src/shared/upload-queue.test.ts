import { describe, expect, it } from 'vitest';
import { type QueueEvent, type QueueItem, UploadError, UploadQueue } from './upload-queue';

const items = (n: number, key?: (i: number) => string): QueueItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i}`, size: 1000, key: key?.(i) }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('UploadQueue', () => {
  it('never runs more than `concurrency` uploads at once and finishes them all', async () => {
    let active = 0;
    let peak = 0;
    const q = new UploadQueue(items(12), {
      concurrency: 3,
      upload: async (_item, ctx) => {
        active++;
        peak = Math.max(peak, active);
        ctx.onProgress(500);
        await sleep(5);
        active--;
      },
    });
    const summary = await q.run();
    expect(peak).toBe(3);
    expect(summary).toMatchObject({ total: 12, done: 12, failed: 0, cancelled: 0, failures: [] });
    expect(q.snapshot().totals.percent).toBe(100);
  });

  it('counts files the API already had as "existing", apart from the uploaded ones, and still reaches 100 %', async () => {
    const q = new UploadQueue(items(4), {
      upload: async (item) => (item.id === 'f1' || item.id === 'f3' ? 'existing' : undefined),
    });
    const summary = await q.run();
    expect(summary).toMatchObject({ total: 4, done: 2, existing: 2, failed: 0, cancelled: 0 });
    const { items: states, totals } = q.snapshot();
    expect(states.map((i) => i.state)).toEqual(['done', 'existing', 'done', 'existing']);
    expect(totals).toMatchObject({ done: 2, existing: 2, percent: 100 });
  });

  it('runs items of the same key (product) one after another', async () => {
    const running = new Set<string>();
    let clash = false;
    const q = new UploadQueue(
      items(9, (i) => `p${i % 2}`),
      {
        concurrency: 4,
        upload: async (item) => {
          if (running.has(item.key!)) clash = true;
          running.add(item.key!);
          await sleep(3);
          running.delete(item.key!);
        },
      },
    );
    expect((await q.run()).done).toBe(9);
    expect(clash).toBe(false);
  });

  it('retries a retryable failure with backoff, then succeeds', async () => {
    const attempts = new Map<string, number>();
    const waits: number[] = [];
    const q = new UploadQueue(items(3), {
      retries: 2,
      backoffMs: (a) => {
        waits.push(a);
        return 1;
      },
      upload: async (item) => {
        const n = (attempts.get(item.id) ?? 0) + 1;
        attempts.set(item.id, n);
        if (item.id === 'f1' && n < 3) throw new UploadError('The shop server answered 503.', true, 503);
      },
    });
    const summary = await q.run();
    expect(summary.done).toBe(3);
    expect(attempts.get('f1')).toBe(3);
    expect(waits).toEqual([1, 2]);
    expect(q.snapshot().items.find((i) => i.id === 'f1')).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('fails at once on a refusal that retrying cannot fix, and reports the message', async () => {
    let calls = 0;
    const q = new UploadQueue(items(1), {
      retries: 5,
      backoffMs: () => 1,
      upload: async () => {
        calls++;
        throw new UploadError('The file is not an image (JPEG, PNG, WebP or AVIF).', false, 415);
      },
    });
    const summary = await q.run();
    expect(calls).toBe(1);
    expect(summary.failures).toEqual([
      { id: 'f0', error: 'The file is not an image (JPEG, PNG, WebP or AVIF).' },
    ]);
    expect(q.snapshot().totals.percent).toBeLessThan(100);
  });

  it('gives up after the allowed retries', async () => {
    let calls = 0;
    const q = new UploadQueue(items(1), {
      retries: 2,
      backoffMs: () => 1,
      upload: async () => {
        calls++;
        throw new Error('socket hang up');
      },
    });
    expect((await q.run()).failed).toBe(1);
    expect(calls).toBe(3);
  });

  it('retryFailed() sends only the failed files again', async () => {
    let broken = true;
    const sent: string[] = [];
    const q = new UploadQueue(items(4), {
      retries: 0,
      upload: async (item) => {
        sent.push(item.id);
        if (broken && item.id === 'f2') throw new UploadError('Network down', true);
      },
    });
    expect((await q.run()).failed).toBe(1);
    broken = false;
    sent.length = 0;
    const again = await q.retryFailed();
    expect(sent).toEqual(['f2']);
    expect(again).toMatchObject({ done: 4, failed: 0 });
  });

  it('cancel() aborts uploads in flight and drops the queued ones', async () => {
    let started = 0;
    const q = new UploadQueue(items(10), {
      concurrency: 2,
      upload: (_item, ctx) =>
        new Promise<void>((resolve, reject) => {
          started++;
          const t = setTimeout(resolve, 5000);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(new Error('aborted'));
          });
        }),
    });
    const done = q.run();
    await sleep(20);
    q.cancel();
    const summary = await done;
    expect(started).toBe(2);
    expect(summary).toMatchObject({ done: 0, failed: 0, cancelled: 10 });
  });

  it('throttles progress events and always ends with a full, finished one', async () => {
    const events: QueueEvent[] = [];
    const q = new UploadQueue(items(50), {
      concurrency: 4,
      throttleMs: 40,
      onEvent: (e) => events.push(e),
      upload: async (_item, ctx) => {
        for (let i = 1; i <= 10; i++) {
          ctx.onProgress(i * 100);
          await sleep(1);
        }
      },
    });
    const started = Date.now();
    await q.run();
    const elapsed = Date.now() - started;
    // 50 files × 10 progress calls: without throttling that would be 500+ events.
    expect(events.length).toBeLessThanOrEqual(Math.ceil(elapsed / 40) + 2);
    const last = events.at(-1)!;
    expect(last.finished).toBe(true);
    expect(last.items).toHaveLength(50);
    expect(last.totals).toMatchObject({ files: 50, done: 50, percent: 100 });
    expect(events.filter((e) => e.finished)).toHaveLength(1);
  });

  it('finishes at once with nothing to do', async () => {
    expect(await new UploadQueue([], { upload: async () => {} }).run()).toMatchObject({ total: 0, done: 0 });
  });
});
