import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanFolder } from './folder-scan';
import { writeImage } from './test/images';

let root: string;
const sizes: Record<string, number> = {};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vc-scan-'));
  sizes['phone.jpg'] = await writeImage(join(root, 'phone.jpg'), 'jpeg', 80, 1);
  sizes['phone-2.PNG'] = await writeImage(join(root, 'phone-2.PNG'), 'png', 48, 2);
  sizes['laptops/laptop.webp'] = await writeImage(join(root, 'laptops', 'laptop.webp'), 'webp', 40, 3);
  sizes['laptops/deep/er/laptop-3.jpeg'] = await writeImage(
    join(root, 'laptops', 'deep', 'er', 'laptop-3.jpeg'),
  );
  // Content is a PNG under a .jpg name: still an image the API accepts, typed by its content.
  sizes['renamed.jpg'] = await writeImage(join(root, 'renamed.jpg'), 'png', 32, 4);
  // Not images, or not allowed:
  await writeFile(join(root, 'notes.txt'), 'price list');
  await writeFile(join(root, 'script.jpg'), '#!/bin/sh\nrm -rf /\n');
  await writeFile(join(root, 'empty.png'), '');
  await writeImage(join(root, 'animated.gif.bak'), 'png');
  await writeImage(join(root, '.hidden.jpg'));
  await writeImage(join(root, '.thumbs', 'cache.jpg'));
  await mkdir(join(root, 'loop'));
  await symlink(root, join(root, 'loop', 'back-to-root'));
  await symlink(join(root, 'phone.jpg'), join(root, 'link.jpg'));
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('scanFolder', { timeout: 30_000 }, () => {
  it('finds JPEG, PNG and WebP images in the folder and its subfolders, with their sizes', async () => {
    const scan = await scanFolder(root);
    expect(scan.files.map((f) => [f.relPath, f.size])).toEqual(
      Object.entries(sizes).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    expect(scan.files.map((f) => f.id)).toEqual(scan.files.map((_, i) => `f${i}`));
    expect(scan.truncated).toBe(false);
  });

  it('types files by their content', async () => {
    const scan = await scanFolder(root);
    const type = (rel: string) => scan.files.find((f) => f.relPath === rel)?.type;
    expect(type('phone.jpg')).toBe('image/jpeg');
    expect(type('phone-2.PNG')).toBe('image/png');
    expect(type('laptops/laptop.webp')).toBe('image/webp');
    expect(type('renamed.jpg')).toBe('image/png');
  });

  it('skips other files, fake images, empty files, hidden entries and symbolic links', async () => {
    const scan = await scanFolder(root);
    const names = scan.files.map((f) => f.name);
    for (const name of [
      'notes.txt',
      'script.jpg',
      'empty.png',
      'animated.gif.bak',
      '.hidden.jpg',
      'cache.jpg',
      'link.jpg',
    ]) {
      expect(names).not.toContain(name);
    }
    // notes.txt, animated.gif.bak (wrong extension) and script.jpg, empty.png (content) are counted.
    expect(scan.skipped).toBe(4);
  });

  it('keeps absolute paths for the main process and names the folder', async () => {
    const scan = await scanFolder(root);
    expect(scan.files[0]!.path.startsWith(root)).toBe(true);
    expect(scan.folderName).toBe(root.split(/[\\/]/).pop());
  });

  it('stops at maxFiles and says so', async () => {
    const scan = await scanFolder(root, { maxFiles: 2 });
    expect(scan.files).toHaveLength(2);
    expect(scan.truncated).toBe(true);
  });

  it('refuses a path that is not a folder', async () => {
    await expect(scanFolder(join(root, 'phone.jpg'))).rejects.toThrow('not a folder');
    await expect(scanFolder(join(root, 'missing'))).rejects.toThrow();
  });
});
