import { createServer } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Helpers the API tests share: a free port, waiting for something to happen, a request to an app without a port,
 * and pictures built in memory. (The contract suite talks to a real server over HTTP: see contract/server.ts.)
 */

// ---------------------------------------------------------------------------------------------------------------
// Ports and waiting

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Thrown by a probe to end waitFor at once (the awaited thing can no longer happen). */
export class StopWaiting extends Error {}

/**
 * Calls `probe` every `everyMs` until it gives a truthy value, which is returned; fails after `timeoutMs` with
 * `what` and the probe's last error in the message. A probe that throws StopWaiting ends the wait at once.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (e) {
      if (e instanceof StopWaiting) throw e;
      last = e;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`,
  );
}

/**
 * Polls `read()` every 50 ms until it gives `want`; resolves with the milliseconds it took, or fails after
 * `limitMs`. Unlike waitFor, an error thrown by `read()` fails at once.
 */
export async function pollUntil(
  read: () => Promise<unknown>,
  want: unknown,
  limitMs: number,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await read()) === want) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still not ${String(want)} after ${limitMs} ms`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests to an app (app.request(): no port, no socket)

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <token>` unless the headers already have an Authorization. */
  token?: string;
  /** JSON (an object, sent as JSON with its Content-Type unless one is given) or a body sent as it is. */
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The client address the app sees, as Node's server would hand it over (rate limits key on it). */
  from?: string;
}

export interface Reply {
  status: number;
  /** The parsed JSON, or the text when the body is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the app sent
  body: any;
  text: string;
  bytes: Uint8Array;
  headers: Headers;
}

interface Requestable {
  request(input: string, init?: RequestInit, env?: unknown): Response | Promise<Response>;
}

/** One request to an app, its answer read in full. */
export async function request(
  app: Requestable,
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token !== undefined) headers.authorization ??= `Bearer ${opts.token}`;
  let body: RequestInit['body'];
  if (opts.form) body = opts.form;
  else if (typeof opts.body === 'string' || opts.body instanceof Uint8Array) {
    headers['content-type'] ??= 'application/json';
    body = opts.body as RequestInit['body'];
  } else if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.body);
  }
  const env = opts.from === undefined ? undefined : { incoming: { socket: { remoteAddress: opts.from } } };
  const res = await app.request(path, { method, headers, body }, env);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, text, bytes, headers: res.headers };
}

// ---------------------------------------------------------------------------------------------------------------
// Pictures

/** A real PNG picture of one colour (sharp draws it). */
export async function png(width = 64, height = width, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Bytes as a File for a multipart body. */
export const file = (bytes: Uint8Array, name: string, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG of a few dozen bytes whose header declares width × height pixels (a decompression bomb:
 * decoding it would need width × height × 3 bytes of memory).
 */
export function pixelFloodPng(width = 50_000, height = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
