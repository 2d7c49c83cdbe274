// Covers the part timings of `npm run bench`: preparing counted apart from measuring, nested preparing once, and a
// helper's own preparing time added to its part's.
import { describe, expect, it, vi } from 'vitest';
import { countPreparing, partTimes, preparing, timedPart } from './timings.mjs';

const wait = (ms) => new Promise((done) => setTimeout(done, ms));

describe('part timings', () => {
  it('counts nested preparing once and the rest as measuring', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await timedPart('nested', async () => {
      await preparing(async () => {
        await wait(200);
        await preparing(() => wait(2000));
      });
      await wait(1000);
    });
    // Counted twice, the inner 2 s would make preparing 4 s; a loaded machine may stretch each wait a little.
    const part = partTimes().find((p) => p.name === 'nested');
    expect(part.preparingSeconds).toBeGreaterThanOrEqual(2);
    expect(part.preparingSeconds).toBeLessThan(4);
    expect(part.measuringSeconds).toBeGreaterThanOrEqual(1);
    expect(part.measuringSeconds).toBeLessThan(2.5);
  });

  it("adds a helper's reported preparing time to its part", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await timedPart('helper', async () => {
      countPreparing(3000);
      await wait(3100);
    });
    const part = partTimes().find((p) => p.name === 'helper');
    expect(part.preparingSeconds).toBe(3);
    expect(part.measuringSeconds).toBeLessThan(2);
  });
});
