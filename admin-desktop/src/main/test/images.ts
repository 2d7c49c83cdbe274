import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';

/** Writes a real photo-like image (a gradient with a coloured block) of the given format and size. */
export async function writeImage(
  path: string,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  size = 64,
  seed = 0,
): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const r = (seed * 53) % 256;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="rgb(${r},90,200)"/><stop offset="1" stop-color="#fafafa"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="rgb(20,${r},120)"/></svg>`;
  const img = sharp(Buffer.from(svg));
  const out = format === 'jpeg' ? img.jpeg({ quality: 85 }) : format === 'png' ? img.png() : img.webp();
  const buf = await out.toBuffer();
  await writeFile(path, buf);
  return buf.length;
}
