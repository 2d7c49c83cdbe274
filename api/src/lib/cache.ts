import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isBlank } from '@voltcart/shared';
import type { Context } from 'hono';
import { getQueryParam } from 'hono/utils/url';
import type { Db } from '../db/connection';
import type { Principal } from './auth';
import { bumpCatalogVersion, readCatalogVersion } from './catalog-version-repository';
import {
  COMPRESS_MIN_BYTES,
  chooseEncoding,
  compressBody,
  type EncodingEnv,
  jsonAnswer,
} from './compression';

/**
 * The parts of a request's context `respond` uses: any app's context whose variables hold these. Not the app's
 * own AppEnv, which names this cache.
 */
type CacheContext = Pick<
  Context<{ Variables: EncodingEnv['Variables'] & { principal?: Principal; readDb: Db } }>,
  'req' | 'env' | 'body' | 'get'
>;

/**
 * The public catalogue (products, categories, colours, shop settings) as shoppers get it, kept per API process.
 * - only shopper requests use it: with an admin token (admins see inactive items) the handler runs as usual
 * - a response is kept under its path and the query parameters its route reads (`cacheKey`), as the exact bytes
 *   sent (JSON serialised once, plus brotli and gzip copies, made once) with a strong ETag: a client that sends
 *   it back in If-None-Match gets a 304. Made-up parameters (`?x=1`, `?x=2`…) reach the same response: they
 *   cost no database load and no room
 * - the answer without routing (`lookup`) files a request the same way with every parameter some route of this
 *   cache reads (`knownParams`, learned as routes answer): a request for a kept response is never told another
 *   one's, and one with a parameter its own route ignores is routed, then answered from what is kept
 * - freshness, with several API processes:
 *   1. an admin write calls `invalidate()`: this process drops everything at once and bumps the version row
 *      in `catalog_version`
 *   2. every process reads that version at most every `checkMs` (on the database catalogue reads use), in
 *      the background, and drops everything when it has moved: another process sees an admin write within
 *      `checkMs` plus one query, and in any case within `ttlMs` (past that, requests wait for the check)
 *   3. whatever else changes the catalogue without `invalidate()` (stock taken by checkouts, SQL by hand) is
 *      seen within `ttlMs` (CATALOG_CACHE_SECONDS), the most a response is kept
 * - concurrent misses for the same response share one database load; a load that started before an
 *   invalidation is answered but never kept
 * - a response still in use at three quarters of its TTL is reloaded in the background (refresh ahead), so
 *   busy responses do not all expire at once and make their readers wait
 * - errors (bad query, unknown product) are never kept
 * - at most `maxEntries` responses and `maxBytes` of them (bodies and compressed copies), the oldest dropped first
 */
export interface CatalogCacheOptions {
  ttlMs: number;
  checkMs?: number;
  maxEntries?: number;
  /** The most memory kept responses may take (their bodies and compressed copies), in bytes. */
  maxBytes?: number;
  /** Where the version row is read when a kept response is answered without routing. */
  versionDb?: () => Db;
  /** Headers every answer carries whatever the request (the app's security headers): stored with each response. */
  fixedHeaders?: readonly (readonly [string, string])[];
}

/**
 * Headers as one flat list, name then value (`res.writeHead()` takes it as it is, in order): a kept response's
 * are built once, when it is kept, not for every answer.
 */
export type HeaderList = readonly string[];

interface Entry {
  at: number;
  /** Memory held: the body and its compressed copies. */
  bytes: number;
  /** A successor is being loaded (refresh ahead). */
  refreshing: boolean;
  body: Uint8Array;
  /** Compressed copies; none for small bodies (lib/compression.ts). */
  br: Uint8Array | null;
  gzip: Uint8Array | null;
  etag: string;
  /** The route that made it (e.g. /product/:id), for metrics when it is answered without routing. */
  route: string;
  /** The headers of its four answers (all but those of the request: request id, CORS). */
  headers: { plain: HeaderList; br: HeaderList | null; gzip: HeaderList | null; notModified: HeaderList };
}

/** A kept response: answer it with `keptAnswer()`. */
export type KeptResponse = Omit<Readonly<Entry>, 'refreshing'>;

const NO_PARAMS: ReadonlySet<string> = new Set();

/** Background (refresh-ahead) loads at a time, per process. */
const MAX_REFRESHES = 4;
const CONTENT_TYPE = 'application/json';

export class CatalogCache {
  readonly ttlMs: number;
  /** Age at which a response in use is reloaded in the background. */
  private readonly refreshAfterMs: number;
  private readonly checkMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Every query parameter some route of this cache reads (respond() adds its route's before keeping anything). */
  private readonly knownParams = new Set<string>();
  private readonly loading = new Map<string, Promise<Entry>>();
  /** Bumped by every local invalidation: a load started under an older generation is not kept. */
  private generation = 0;
  private version: number | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  /** Refresh-ahead loads running now, and those waiting for one of them to finish. */
  private refreshes = 0;
  private readonly waitingRefreshes: (() => Promise<unknown>)[] = [];
  private readonly versionDb: (() => Db) | undefined;
  private readonly fixedHeaders: HeaderList;

  constructor(opts: CatalogCacheOptions) {
    this.ttlMs = Math.max(0, opts.ttlMs);
    this.refreshAfterMs = this.ttlMs * 0.75;
    this.checkMs = Math.max(0, opts.checkMs ?? Math.min(250, this.ttlMs));
    this.maxEntries = Math.max(1, opts.maxEntries ?? 1000);
    this.maxBytes = Math.max(1, opts.maxBytes ?? 64 * 1024 * 1024);
    this.versionDb = opts.versionDb;
    this.fixedHeaders = (opts.fixedHeaders ?? []).flat();
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Responses kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Memory the kept responses hold, in bytes. */
  get keptBytes(): number {
    return this.bytes;
  }

  /**
   * Answers a public catalogue GET: from the cache when fresh, else from `load()` (the JSON body), which is
   * then kept under the path and the query parameters `params` (those the route reads). Admin requests and a
   * disabled cache (CATALOG_CACHE_SECONDS=0) always run `load()`.
   */
  async respond(
    c: CacheContext,
    load: () => Promise<unknown>,
    params: ReadonlySet<string> = NO_PARAMS,
  ): Promise<Response> {
    if (!this.enabled || c.get('principal')?.kind === 'admin') return jsonAnswer(c, await load());
    for (const name of params) this.knownParams.add(name);
    const key = cacheKey(RawRequest.fromFetch(c.req.raw, c.env).key, params);
    // The version is waited for only when it is as old as a kept response may be; otherwise it is read in the
    // background, so that a slow database never holds up answers that are still within their bounds.
    const since = Date.now() - this.checkedAt;
    if (since >= this.ttlMs) await this.checkVersion(c.get('readDb'));
    else if (since >= this.checkMs) void this.checkVersion(c.get('readDb'));
    let entry = this.entries.get(key);
    const age = entry ? Date.now() - entry.at : Number.POSITIVE_INFINITY;
    if (!entry || age >= this.ttlMs) {
      if (entry) this.drop(key);
      entry = await this.fill(key, c.req.routePath, load);
    } else if (age >= this.refreshAfterMs && !this.loading.has(key)) {
      // Refresh ahead: this answer is still fresh, and its successor is loaded meanwhile, so a busy response
      // never expires under its readers (no burst of waiting requests every TTL). A few at a time: refreshes
      // must not queue up in front of shoppers' own queries in the pool; the others wait their turn, their
      // answers still served without routing meanwhile.
      const kept = entry;
      kept.refreshing = true;
      this.refreshSoon(() => {
        // Reloaded another way while it waited (expired and loaded again): nothing left to do. An
        // invalidation empties the queue (clear()).
        const now = this.entries.get(key);
        if (now && Date.now() - now.at < this.refreshAfterMs) return Promise.resolve();
        return this.fill(key, c.req.routePath, load).catch(() => {
          kept.refreshing = false;
        });
      });
    }
    const { status, body, headers } = keptAnswer(RawRequest.fromFetch(c.req.raw, c.env), entry);
    return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers: headerPairs(headers) });
  }

  /**
   * The kept, fresh response for a GET without a token, found without routing; null when there is none,
   * or when the version row has not been read for a whole TTL (the routed request then waits for it).
   */
  lookup(req: RawRequest): KeptResponse | null {
    if (!this.enabled) return null;
    const now = Date.now();
    const since = now - this.checkedAt;
    if (since >= this.checkMs) {
      // Due a check: answer from what is kept while the version is read in the background.
      if (!this.versionDb || since >= this.ttlMs) return null;
      void this.checkVersion(this.versionDb());
    }
    const entry = this.entries.get(cacheKey(req.key, this.knownParams));
    if (!entry) return null;
    const age = now - entry.at;
    if (age >= this.ttlMs) return null;
    if (age >= this.refreshAfterMs && !entry.refreshing) {
      // One request goes through the route, which answers from the cache and loads the successor.
      entry.refreshing = true;
      return null;
    }
    return entry;
  }

  /** After an admin write: drops this process's responses now, and tells the other processes (version row). */
  async invalidate(db: Db): Promise<void> {
    this.clear();
    await bumpCatalogVersion(db);
    // The next request reads the new version instead of mistaking it for another process's write.
    this.checkedAt = 0;
  }

  /** Drops every kept response of this process. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    this.loading.clear();
    this.waitingRefreshes.length = 0;
  }

  /** Runs a refresh-ahead load now if fewer than MAX_REFRESHES are running, else when one of them finishes. */
  private refreshSoon(run: () => Promise<unknown>): void {
    if (this.refreshes >= MAX_REFRESHES) {
      this.waitingRefreshes.push(run);
      return;
    }
    this.refreshes++;
    void run().finally(() => {
      this.refreshes--;
      const next = this.waitingRefreshes.shift();
      if (next) this.refreshSoon(next);
    });
  }

  private fill(key: string, route: string, load: () => Promise<unknown>): Promise<Entry> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const p = load()
      .then((value) => encode(value, route, this.fixedHeaders, this.entries.get(key)))
      .then((entry) => {
        if (generation === this.generation) this.keep(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.loading.get(key) === p) this.loading.delete(key);
      });
    this.loading.set(key, p);
    return p;
  }

  /** Keeps a response, dropping the oldest until both bounds hold; one larger than maxBytes alone is not kept. */
  private keep(key: string, entry: Entry): void {
    this.drop(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes)
      this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private async checkVersion(db: Db): Promise<void> {
    if (Date.now() - this.checkedAt < this.checkMs) return;
    this.checking ??= (async () => {
      try {
        const version = await readCatalogVersion(db);
        if (this.version !== null && version !== this.version) this.clear();
        this.version = version;
      } catch {
        // The database did not answer: kept responses stay bounded by their TTL, and the next check retries.
      } finally {
        this.checkedAt = Date.now();
        this.checking = null;
      }
    })();
    await this.checking;
  }
}

/**
 * A response's bytes, ETag, compressed copies and headers; those of `previous` when the JSON is unchanged (most
 * refreshes).
 */
async function encode(value: unknown, route: string, fixed: HeaderList, previous?: Entry): Promise<Entry> {
  const body = Buffer.from(JSON.stringify(value));
  if (previous && Buffer.compare(previous.body, body) === 0) {
    return { ...previous, at: Date.now(), route, refreshing: false };
  }
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const small = body.byteLength < COMPRESS_MIN_BYTES;
  const [br, gzip] = small
    ? [null, null]
    : await Promise.all([compressBody(body, 'br', 'kept'), compressBody(body, 'gzip', 'kept')]);
  // Browsers keep the response and ask again each time (no-cache); unchanged, it costs a 304 and no body.
  // It differs with an admin token and, for CORS, by origin.
  const common = [
    ...fixed,
    'Content-Type',
    CONTENT_TYPE,
    'ETag',
    etag,
    'Cache-Control',
    'no-cache',
    'Vary',
    'Authorization, Accept-Encoding, Origin',
  ];
  return {
    at: Date.now(),
    bytes: body.byteLength + (br?.byteLength ?? 0) + (gzip?.byteLength ?? 0),
    body,
    br,
    gzip,
    etag,
    route,
    refreshing: false,
    headers: {
      plain: [...common, 'Content-Length', String(body.byteLength)],
      br: br && [...common, 'Content-Encoding', 'br', 'Content-Length', String(br.byteLength)],
      gzip: gzip && [...common, 'Content-Encoding', 'gzip', 'Content-Length', String(gzip.byteLength)],
      notModified: common,
    },
  };
}

/** A flat header list as [name, value] pairs (for a fetch Response). */
export function headerPairs(list: HeaderList): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i]!, list[i + 1]!]);
  return pairs;
}

/** `If-None-Match` holds this ETag (a list, weak forms and `*` included). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Status, body and headers for a kept response: 304 when If-None-Match holds its ETag, the brotli or gzip copy
 * when the client accepts it (brotli first). The headers are the entry's own (never to be changed): the app adds
 * the request's.
 */
export function keptAnswer(
  req: RawRequest,
  entry: KeptResponse,
): { status: 200 | 304; body: Uint8Array | null; headers: HeaderList } {
  const { headers } = entry;
  if (matches(req.header('if-none-match'), entry.etag)) {
    return { status: 304, body: null, headers: headers.notModified };
  }
  const encoding = entry.gzip ? chooseEncoding(req.header('accept-encoding')) : null;
  if (encoding === 'br' && entry.br) return { status: 200, body: entry.br, headers: headers.br! };
  if (encoding === 'gzip') return { status: 200, body: entry.gzip!, headers: headers.gzip! };
  return { status: 200, body: entry.body, headers: headers.plain };
}

/**
 * A request header, read from Node's own request when there is one: hono's c.req.header() first builds a
 * fetch Headers object from every header of the request, a cost a cached answer should not pay.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.headers) {
    const v = incoming.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  }
  return c.req.header(name);
}

/**
 * What a response is kept under: its path, then of its query only the parameters in `names`, sorted, each
 * with the value its route reads (the first; a blank one counts as absent, as routes read them: lib/routes.ts),
 * parsed as hono parses them for the route.
 */
export function cacheKey(pathAndQuery: string, names: ReadonlySet<string>): string {
  const q = pathAndQuery.indexOf('?');
  if (q < 0) return pathAndQuery;
  const values = getQueryParam(`http://cache${pathAndQuery}`) as Record<string, string>;
  const kept = Object.keys(values)
    .filter((name) => names.has(name) && !isBlank(values[name]))
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(values[name]!)}`);
  const path = pathAndQuery.slice(0, q);
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

const pathAndQuery = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

/**
 * What a cached answer needs of a request, read without building hono's request and context: Node's own
 * request when there is one (its headers object is cheaper than a fetch Headers), else the fetch Request.
 * A class, not closures: this runs for every cached answer.
 */
export class RawRequest {
  readonly method: string;
  /** Path and query: what a kept response is filed under. */
  readonly key: string;
  private readonly incoming: IncomingMessage | undefined;
  private readonly request: Request | undefined;

  private constructor(method: string, key: string, incoming?: IncomingMessage, request?: Request) {
    this.method = method;
    this.key = key;
    this.incoming = incoming;
    this.request = request;
  }

  /** From Node's request (the API's own HTTP server). */
  static fromNode(incoming: IncomingMessage): RawRequest {
    return new RawRequest(incoming.method ?? 'GET', incoming.url ?? '/', incoming);
  }

  /** From app.fetch's arguments: Node's request in `env` under @hono/node-server, else the fetch Request. */
  static fromFetch(request: Request, env: unknown): RawRequest {
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming?.headers && incoming.url) return new RawRequest(request.method, incoming.url, incoming);
    return new RawRequest(request.method, pathAndQuery(request.url), undefined, request);
  }

  header(name: string): string | undefined {
    if (!this.incoming) return this.request?.headers.get(name) ?? undefined;
    const v = this.incoming.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  }
}
