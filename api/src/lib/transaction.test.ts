import { describe, expect, it } from 'vitest';
import { withRetry } from './transaction';

describe('withRetry', () => {
  const failing = (errno: number, times: number) => {
    let calls = 0;
    const fn = async () => {
      calls++;
      if (calls <= times) throw Object.assign(new Error('db'), { errno });
      return 'done';
    };
    return { fn, calls: () => calls };
  };

  it.each([1213, 1205])('re-runs after errno %i (deadlock / lock wait timeout)', async (errno) => {
    const f = failing(errno, 2);
    await expect(withRetry(f.fn)).resolves.toBe('done');
    expect(f.calls()).toBe(3);
  });

  it('gives up after the last attempt', async () => {
    const f = failing(1213, 10);
    await expect(withRetry(f.fn, 3)).rejects.toMatchObject({ errno: 1213 });
    expect(f.calls()).toBe(3);
  });

  it('does not re-run other errors', async () => {
    const f = failing(1062, 1);
    await expect(withRetry(f.fn)).rejects.toMatchObject({ errno: 1062 });
    expect(f.calls()).toBe(1);
  });
});
