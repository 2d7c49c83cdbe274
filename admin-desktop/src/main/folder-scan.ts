import type { Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { SNIFF_BYTES, sniffImageType, typeFromName } from '../shared/image-type';
import { MAX_SCAN_FILES, type ScannedFile } from '../shared/ipc-contract';

/** A scanned image with its absolute path: the path stays in the main process. */
export interface LocalImage extends ScannedFile {
  path: string;
}

export interface FolderScan {
  folderName: string;
  files: LocalImage[];
  skipped: number;
  truncated: boolean;
}

export interface ScanOptions {
  maxFiles?: number;
  maxDepth?: number;
}

/**
 * Lists the photos in a folder and its subfolders.
 * - JPEG, PNG and WebP only: the extension must name one of them and the first bytes must prove one of them
 *   (a renamed document is skipped, not uploaded)
 * - hidden files and folders (leading dot) and symbolic links are not followed: no loops, no escaping the folder
 * - empty files are skipped; at most `maxFiles` images (then `truncated`), at most `maxDepth` levels
 * - files come back sorted by their path inside the folder, with ids `f0`, `f1`… in that order
 */
export async function scanFolder(root: string, opts: ScanOptions = {}): Promise<FolderScan> {
  const maxFiles = opts.maxFiles ?? MAX_SCAN_FILES;
  const maxDepth = opts.maxDepth ?? 32;
  const rootStat = await stat(root);
  if (!rootStat.isDirectory()) throw new Error('The chosen path is not a folder.');

  const found: Omit<LocalImage, 'id'>[] = [];
  let skipped = 0;
  let truncated = false;

  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      skipped++;
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const files: Dirent[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        if (depth < maxDepth) await walk(join(dir, entry.name), depth + 1);
        if (truncated) return;
      } else if (entry.isFile()) {
        if (typeFromName(entry.name)) files.push(entry);
        else skipped++;
      }
    }
    // Reading the first bytes of many files one by one is slow on network drives: a few at a time.
    for (let i = 0; i < files.length && !truncated; i += 16) {
      const batch = await Promise.all(files.slice(i, i + 16).map((f) => inspect(join(dir, f.name))));
      for (const img of batch) {
        if (!img) {
          skipped++;
          continue;
        }
        if (found.length >= maxFiles) {
          truncated = true;
          break;
        }
        found.push({
          ...img,
          relPath: relative(root, img.path).split(sep).join('/'),
        });
      }
    }
  };

  await walk(root, 0);
  found.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return {
    folderName: basename(root) || root,
    files: found.map((f, i) => ({ ...f, id: `f${i}` })),
    skipped,
    truncated,
  };
}

async function inspect(path: string): Promise<Omit<LocalImage, 'id' | 'relPath'> | null> {
  try {
    const fh = await open(path, 'r');
    try {
      const { size } = await fh.stat();
      if (size === 0) return null;
      const head = new Uint8Array(SNIFF_BYTES);
      const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
      const type = sniffImageType(head.subarray(0, bytesRead));
      if (!type) return null;
      return { path, name: basename(path), size, type };
    } finally {
      await fh.close();
    }
  } catch {
    return null;
  }
}
