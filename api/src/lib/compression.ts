import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Compression of JSON answers (middleware/compress.ts for routed answers, lib/cache.ts for kept catalogue ones).
 * - brotli when the client accepts it, else gzip, else none (identity)
 * - answers under COMPRESS_MIN_BYTES are sent as they are: a few hundred bytes gain nothing worth the CPU
 * - two effort levels: `fast` for answers compressed on every request (brotli 1, gzip 3: the 9.7 kB list page of 24
 *   products becomes 1.8 kB, and an 11.6 kB page takes 27 µs of CPU where brotli 3 takes 57 µs to save 13 % more
 *   bytes; brotli 11 takes 15 ms), `kept` for answers compressed once and sent many times (brotli 5, gzip 6)
 * - small bodies are compressed at once (tens of microseconds, less than a thread-pool round trip), big ones in
 *   libuv's pool, so that a multi-megabyte answer does not hold up every other request
 */

/** The content codings JSON answers are compressed with. */
export type Encoding = 'br' | 'gzip';
/** What jsonAnswer reads from a request's context: the coding the compress middleware chose. */
export type EncodingEnv = { Variables: { encoding?: Encoding | null } };
/**
 * The parts of a request's context jsonAnswer uses: any app's context whose variables hold `encoding`. Not the
 * app's own AppEnv, which names the catalogue cache (lib/cache.ts) that answers through this file.
 */
type AnswerContext = Pick<Context<EncodingEnv>, 'body' | 'get'>;
export type Effort = 'fast' | 'kept';

export const COMPRESS_MIN_BYTES = 1024;
/** Bodies up to this size are compressed on the main thread. */
const SYNC_MAX_BYTES = 64 * 1024;

const BROTLI_QUALITY: Record<Effort, number> = { fast: 1, kept: 5 };
const GZIP_LEVEL: Record<Effort, number> = { fast: 3, kept: 6 };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotliOptions(effort: Effort, size: number): ZlibOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  } as ZlibOptions;
}

/** The body compressed with `encoding`. */
export async function compressBody(
  body: Uint8Array,
  encoding: Encoding,
  effort: Effort,
): Promise<Uint8Array> {
  const sync = body.byteLength <= SYNC_MAX_BYTES;
  if (encoding === 'br') {
    const opts = brotliOptions(effort, body.byteLength);
    return sync ? brotliCompressSync(body, opts) : brotliAsync(body, opts);
  }
  const opts = { level: GZIP_LEVEL[effort] };
  return sync ? gzipSync(body, opts) : gzipAsync(body, opts);
}

const JSON_TYPE = 'application/json';

/**
 * A JSON answer, compressed right from its text when the compress middleware found a coding the client accepts
 * and the text is big enough: the routes' answers (lib/routes.ts) come this way, so that the middleware does not
 * read their bodies back.
 */
export async function jsonAnswer(
  c: AnswerContext,
  value: unknown,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const text = JSON.stringify(value);
  const encoding = c.get('encoding');
  if (!encoding || text.length < COMPRESS_MIN_BYTES)
    return c.body(text, status, { 'Content-Type': JSON_TYPE });
  const out = await compressBody(Buffer.from(text), encoding, 'fast');
  return c.body(out as Uint8Array<ArrayBuffer>, status, {
    'Content-Type': JSON_TYPE,
    'Content-Encoding': encoding,
    'Content-Length': String(out.byteLength),
  });
}

let lastHeader: string | undefined;
let lastChoice: Encoding | null = null;

/**
 * The encoding to answer with, read from Accept-Encoding (RFC 9110 §12.5.3).
 * - `br` when accepted, else `gzip` (or `x-gzip`), else null: the answer goes uncompressed
 * - a coding with `q=0` is refused; `*` accepts every coding not named otherwise
 * - names compare case-insensitively
 * Clients send the same header again and again: the last one's answer is remembered.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  if (header === lastHeader) return lastChoice;
  const accepted = new Map<string, boolean>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    const coding = name.trim().toLowerCase();
    if (coding) accepted.set(coding === 'x-gzip' ? 'gzip' : coding, q > 0);
  }
  const ok = (coding: Encoding) => accepted.get(coding) ?? accepted.get('*') ?? false;
  const choice: Encoding | null = ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
  lastHeader = header;
  lastChoice = choice;
  return choice;
}
