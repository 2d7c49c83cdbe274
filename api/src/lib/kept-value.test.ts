import { describe, expect, it } from 'vitest';
import { KeptValue } from './kept-value';

/** A load that counts its calls and resolves when told. */
function loader() {
  let calls = 0;
  const waiting: ((v: number) => void)[] = [];
  const load = () => {
    calls++;
    return new Promise<number>((resolve) => waiting.push(resolve));
  };
  return { load, calls: () => calls, resolve: (v: number) => waiting.shift()!(v) };
}

describe('KeptValue', () => {
  it('keeps a value for its time, then loads again', async () => {
    const kept = new KeptValue<number>(1000);
    const l = loader();
    const first = kept.get(l.load, 0);
    l.resolve(1);
    expect(await first).toBe(1);
    expect(await kept.get(l.load, 999)).toBe(1);
    expect(l.calls()).toBe(1);
    const later = kept.get(l.load, 1000);
    l.resolve(2);
    expect(await later).toBe(2);
    expect(l.calls()).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const kept = new KeptValue<number>(1000);
    const l = loader();
    const a = kept.get(l.load, 0);
    const b = kept.get(l.load, 0);
    l.resolve(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(l.calls()).toBe(1);
  });

  it('does not keep a load that started before clear(), nor a failed one', async () => {
    const kept = new KeptValue<number>(1000);
    const l = loader();
    const stale = kept.get(l.load, 0);
    kept.clear();
    l.resolve(1);
    expect(await stale).toBe(1);
    const fresh = kept.get(l.load, 1);
    l.resolve(2);
    expect(await fresh).toBe(2);
    expect(l.calls()).toBe(2);

    const failing = new KeptValue<number>(1000);
    await expect(failing.get(() => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await failing.get(async () => 3, 1)).toBe(3);
  });

  it('keeps nothing with a time of 0', async () => {
    const kept = new KeptValue<number>(0);
    let calls = 0;
    const load = async () => ++calls;
    await kept.get(load);
    expect(await kept.get(load)).toBe(2);
  });
});
