// The native image picker for form fields: every chosen file is taken (before, only the first 20 were, with
// nothing said); past the total size limit the rest are left out and counted; one file for a single field.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickImages } from './pick-images';
import { writeImage } from './test/images';

let dir: string;
const paths: string[] = [];
let eachSize = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-pick-'));
  for (let i = 0; i < 45; i++) {
    const path = join(dir, `photo-${String(i).padStart(2, '0')}.png`);
    eachSize = Math.max(eachSize, await writeImage(path, 'png', 32, i));
    paths.push(path);
  }
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pickImages', () => {
  it('takes every chosen image, not only the first 20', async () => {
    const { images, leftOut } = await pickImages({ multiple: true }, async () => paths);
    expect(images).toHaveLength(45);
    expect(images.map((i) => i.name)).toEqual(paths.map((p) => p.split('/').pop()));
    expect(images.every((i) => i.type === 'image/png' && i.bytes.length === i.size)).toBe(true);
    expect(leftOut).toBe(0);
  });

  it('leaves out the files past the total size limit and says how many', async () => {
    const { images, leftOut } = await pickImages({ multiple: true }, async () => paths, {
      maxTotalBytes: eachSize * 10,
    });
    expect(images.length).toBeGreaterThanOrEqual(10);
    expect(images.length + leftOut).toBe(45);
    expect(leftOut).toBeGreaterThan(0);
  });

  it('a single-image field takes the first file only', async () => {
    const { images, leftOut } = await pickImages({ multiple: false }, async () => paths);
    expect(images.map((i) => i.name)).toEqual(['photo-00.png']);
    expect(leftOut).toBe(0);
  });
});
