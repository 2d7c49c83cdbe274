import { describe, expect, it } from 'vitest';
import { benchBulkUpload } from './bulk-upload';

describe('benchBulkUpload', () => {
  it('uploads the generated photos through the API and times sharp alone on the same photos', async () => {
    const lines: string[] = [];
    const r = await benchBulkUpload({ photos: 6, size: 320, concurrency: 3, log: (l) => lines.push(l) });
    expect(r).toMatchObject({ photos: 6, size: 320, concurrency: 3, failed: 0 });
    expect(r.bytes).toBeGreaterThan(6 * 1000);
    expect(r.uploadMs).toBeGreaterThan(0);
    expect(r.sharpMs).toBeGreaterThan(0);
    expect(r.ratio).toBeCloseTo(r.uploadMs / r.sharpMs, 1);
    expect(lines).toHaveLength(3);
  }, 120_000);
});
