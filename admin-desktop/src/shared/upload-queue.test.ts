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

  it('retries a retryable failure with a doubling wait, then succeeds', async () => {
    const tries = new Map<string, number[]>();
    const q = new UploadQueue(items(3), {
      retries: 2,
      backoff: { minTimeout: 20 },
      upload: async (item) => {
        const at = [...(tries.get(item.id) ?? []), Date.now()];
        tries.set(item.id, at);
        if (item.id === 'f1' && at.length < 3)
          throw new UploadError('The shop server answered 503.', true, 503);
      },
    });
    const summary = await q.run();
    expect(summary.done).toBe(3);
    const [first, second, third] = tries.get('f1')!;
    expect(tries.get('f1')).toHaveLength(3);
    // 20 ms, then 40 ms (a timer may fire a millisecond early by the clock).
    expect(second! - first!).toBeGreaterThanOrEqual(19);
    expect(third! - second!).toBeGreaterThanOrEqual(39);
    expect(q.snapshot().items.find((i) => i.id === 'f1')).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('shows a file waiting for its retry as "retrying" with the last error', async () => {
    const events: QueueEvent[] = [];
    let calls = 0;
    const q = new UploadQueue(items(1), {
      retries: 1,
      backoff: { minTimeout: 60 },
      throttleMs: 5,
      onEvent: (e) => events.push(e),
      upload: async () => {
        calls++;
        if (calls === 1) throw new UploadError('The shop server answered 502.', true, 502);
      },
    });
    expect((await q.run()).done).toBe(1);
    const states = events.flatMap((e) =>
      e.items.map((i) => `${i.state} ${i.attempts} ${i.error ?? ''}`.trim()),
    );
    expect(states).toContain('retrying 1 The shop server answered 502.');
    expect(states.at(-1)).toBe('done 2');
  });

  it('fails at once on a refusal that retrying cannot fix, and reports the message', async () => {
    let calls = 0;
    const q = new UploadQueue(items(1), {
      retries: 5,
      backoff: { minTimeout: 1 },
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
      backoff: { minTimeout: 1 },
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

  it('cancel() during the wait before a retry ends the file as cancelled without sending it again', async () => {
    let calls = 0;
    const q = new UploadQueue(items(1), {
      retries: 3,
      backoff: { minTimeout: 10_000 },
      upload: async () => {
        calls++;
        throw new UploadError('Network down', true);
      },
    });
    const done = q.run();
    await sleep(20);
    expect(q.snapshot().items[0]).toMatchObject({ state: 'retrying', error: 'Network down' });
    const asked = Date.now();
    q.cancel();
    const summary = await done;
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(calls).toBe(1);
    expect(summary).toMatchObject({ done: 0, failed: 0, cancelled: 1, failures: [] });
    expect(q.snapshot().items[0]).toMatchObject({ state: 'cancelled', error: null });
  });

  it('an upload that completes after cancel() counts as done; "retry failed" sends only the cancelled ones', async () => {
    const sent: string[] = [];
    const q = new UploadQueue(
      items(4, () => 'p1'),
      {
        concurrency: 2,
        upload: async (item) => {
          sent.push(item.id);
          // Every byte already sent: the answer is awaited even after a cancel.
          await sleep(30);
        },
      },
    );
    const done = q.run();
    await sleep(10);
    q.cancel();
    expect(await done).toMatchObject({ done: 1, cancelled: 3 });
    expect(sent).toEqual(['f0']);
    expect(q.snapshot().items.map((i) => i.state)).toEqual(['done', 'cancelled', 'cancelled', 'cancelled']);
    sent.length = 0;
    expect(await q.retryFailed()).toMatchObject({ done: 4, cancelled: 0 });
    expect(sent).toEqual(['f1', 'f2', 'f3']);
  });

  it('refuses a second run() while one is going, and may run again once finished', async () => {
    const q = new UploadQueue(items(2), {
      upload: async () => {
        await sleep(5);
      },
    });
    const done = q.run();
    expect(q.isRunning).toBe(true);
    expect(() => q.run()).toThrow('The upload is already running.');
    await done;
    expect(q.isRunning).toBe(false);
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
