/**
 * Draws the app icon (512×512 PNG) and the page's favicon (64×64) with sharp from an SVG: no network, no
 * design tools. Run with `npm run icon -w admin-desktop`; the results are committed (build/icon.png,
 * src/renderer/public/favicon.png).
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4f46e5"/>
      <stop offset="1" stop-color="#0ea5e9"/>
    </linearGradient>
  </defs>
  <rect x="16" y="16" width="480" height="480" rx="108" fill="url(#bg)"/>
  <path d="M286 76 L150 286 H246 L214 436 L364 210 H266 Z" fill="#ffffff"/>
</svg>`;

export async function makeIcon(out: string, size = 512): Promise<void> {
  await mkdir(dirname(out), { recursive: true });
  await sharp(Buffer.from(ICON_SVG)).resize(size, size).png().toFile(out);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await makeIcon(join(root, 'build', 'icon.png'));
  await makeIcon(join(root, 'src', 'renderer', 'public', 'favicon.png'), 64);
  console.log('wrote build/icon.png and src/renderer/public/favicon.png');
}
