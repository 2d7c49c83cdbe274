/** The image types the bulk upload accepts (the API also takes AVIF, but staff photos are JPEG/PNG/WebP). */
export type BulkImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const EXTENSIONS: Record<string, BulkImageType> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The type a file name claims by its extension (case-insensitive), or null for anything else. */
export function typeFromName(name: string): BulkImageType | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return EXTENSIONS[name.slice(dot).toLowerCase()] ?? null;
}

/**
 * The type the first bytes prove (magic numbers), or null.
 * - JPEG: FF D8 FF
 * - PNG: 89 50 4E 47 0D 0A 1A 0A
 * - WebP: "RIFF" ???? "WEBP"
 * A file is accepted only when its name and its content agree, so a renamed script never reaches the API.
 */
export function sniffImageType(head: Uint8Array): BulkImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (
    head.length >= 12 &&
    String.fromCharCode(head[0]!, head[1]!, head[2]!, head[3]!) === 'RIFF' &&
    String.fromCharCode(head[8]!, head[9]!, head[10]!, head[11]!) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Bytes needed by sniffImageType. */
export const SNIFF_BYTES = 12;

/** Human-readable size: 1.2 MB, 340 KB, 12 B. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0 B';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
