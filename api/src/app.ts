import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import type { AppEnv, Deps } from './app-env';
import type { Config } from './config';
import type { Db } from './db/connection';
import { isDatabaseDown, isRetryable } from './db/errors';
import { AppError } from './errors';
import { access } from './lib/access';
import { Tokens } from './lib/auth';
import { CatalogCache, headerPairs, keptAnswer, RawRequest, requestHeader } from './lib/cache';
import { createLogger, type Logger } from './lib/logger';
import { enableProcessMetrics, observeRequest, renderMetrics } from './lib/metrics';
import { accessOf } from './lib/route-table';
import type { Storage } from './lib/storage';
import { adminRoutes } from './modules/admin/admin.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { categoryRoutes } from './modules/category/category.routes';
import { colorRoutes } from './modules/color/color.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { orderRoutes } from './modules/order/order.routes';
import { productRoutes } from './modules/product/product.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { userRoutes } from './modules/user/user.routes';

export interface AppOptions {
  db: Db;
  /** Catalogue reads: one database, or a chooser called once per request (read replicas in rotation). */
  readDb?: Db | (() => Db);
  config: Config;
  storage: Storage;
  logger?: Logger;
  /** Extra services (payments, caches…) made available as `c.var.<name>`. */
  services?: Record<string, unknown>;
}

/**
 * Sent on every response (JSON and images): the headers that protect an API's answers, as in the OWASP REST
 * Security Cheat Sheet: no content sniffing, no framing, no script or plugin context (CSP), HTTPS only, no
 * referrer. The browser-document headers hono/secure-headers also sends (COOP, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection, and CORP
 * set to its permissive default) change nothing for a JSON or image response and are left out: each header
 * costs every response about half a microsecond in Node's HTTP layer (measured: seven of them were a tenth of
 * a cached catalogue answer's CPU time).
 */
export const SECURITY_HEADERS: readonly [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

const SECURITY_HEADER_RECORD: Record<string, string> = Object.fromEntries(SECURITY_HEADERS);

/** Largest accepted body that is not a multipart upload (JSON, forms, webhooks): real ones stay under 100 kB. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Longest a request may take before it is answered 503 (multipart uploads: longer, images are re-encoded). */
export const REQUEST_DEADLINE_MS = 8_000;
export const UPLOAD_DEADLINE_MS = 60_000;

/** Builds the whole API. It never listens: server.ts does, tests call `app.request()`. */
export function createApp(opts: AppOptions) {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const pickReadDb = typeof opts.readDb === 'function' ? opts.readDb : null;
  const readDb = (typeof opts.readDb === 'function' ? undefined : opts.readDb) ?? opts.db;
  const deps: Deps = {
    db: opts.db,
    readDb,
    config,
    storage: opts.storage,
    logger,
    tokens: new Tokens(config.JWT_SECRET, {
      admin: config.ADMIN_TOKEN_TTL,
      customer: config.CUSTOMER_TOKEN_TTL,
    }),
    catalogCache: new CatalogCache({
      ttlMs: config.CATALOG_CACHE_SECONDS * 1000,
      versionDb: pickReadDb ?? (() => readDb),
      fixedHeaders: SECURITY_HEADERS,
    }),
    ...opts.services,
  };

  const app = new Hono<AppEnv>({ strict: false });

  const depEntries = Object.entries(deps) as [keyof Deps, unknown][];
  const allowedOrigin = (origin: string) => (config.CORS_ORIGINS.includes(origin) ? origin : null);
  // Preflights get hono's full CORS answer; other requests get their CORS headers with the rest, below.
  const preflight = cors({
    origin: allowedOrigin,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id'],
    maxAge: 600,
  });

  const catalogCache = deps.catalogCache as CatalogCache;
  /**
   * The CORS headers of an answer (not a preflight's) as a flat list: none unless the request names an allowed
   * Origin (CORS headers only mean something to a browser, which always names its Origin).
   */
  const corsHeaders = (origin: string | undefined): string[] => {
    const allowed = allowedOrigin(origin ?? '');
    return allowed
      ? ['Access-Control-Allow-Origin', allowed, 'Access-Control-Expose-Headers', 'X-Request-Id']
      : [];
  };
  /** The headers every response carries: security, request id, CORS for an allowed origin. */
  const commonHeaders = (method: string, origin: string | undefined, requestId: string) => {
    const h: Record<string, string> = { ...SECURITY_HEADER_RECORD, 'X-Request-Id': requestId };
    if (method !== 'OPTIONS') {
      const cors = corsHeaders(origin);
      for (let i = 0; i < cors.length; i += 2) h[cors[i]!] = cors[i + 1]!;
    }
    return h;
  };
  const requestIdOf = (incoming: string | undefined) =>
    incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  const logRequest = (
    r: { method: string; path: string; route: string; requestId: string; status: number },
    started: number,
  ) => {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (config.METRICS_ENABLED) observeRequest(r.method, r.route, r.status, ms / 1000);
    logger[r.status >= 500 ? 'error' : 'debug']('request', {
      requestId: r.requestId,
      method: r.method,
      path: r.path,
      status: r.status,
      ms,
    });
  };

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(requestHeader(c, 'x-request-id'));
    for (const [k, v] of depEntries) c.set(k, v as never);
    if (pickReadDb) c.set('readDb', pickReadDb());
    c.set('requestId', requestId);
    if (c.req.method === 'OPTIONS') {
      const answered = await preflight(c, next);
      if (answered) c.res = answered;
    } else await next();
    // The response's own headers object is written directly: c.header() on a finished response would make
    // @hono/node-server rebuild it as a stream (measured: a third of the throughput of a cached page).
    const headers = c.res.headers;
    const common = commonHeaders(c.req.method, requestHeader(c, 'origin'), requestId);
    for (const k in common) headers.set(k, common[k]!);
    // A kept catalogue response already says so.
    if (c.req.method !== 'OPTIONS' && !/\bOrigin\b/.test(headers.get('Vary') ?? '')) {
      headers.append('Vary', 'Origin');
    }
    const r = {
      method: c.req.method,
      path: c.req.path,
      route: c.req.routePath,
      requestId,
      status: c.res.status,
    };
    logRequest(r, started);
  });
  // Uploads (multipart, admin routes only) may carry several images; every other body is small JSON, limited
  // far lower so that no public, customer or webhook route can be made to buffer megabytes, whatever
  // Content-Type the client claims. jsonBody() also refuses multipart bodies unread.
  const uploadLimit = Math.ceil(config.MAX_UPLOAD_MB * 1024 * 1024 * 10.5);
  const tooLarge = (max: number) => () => {
    throw new AppError(
      413,
      'too_large',
      `The request is too large (at most ${Math.round((max / 1024 / 1024) * 10) / 10} MB).`,
    );
  };
  const uploadBodies = bodyLimit({ maxSize: uploadLimit, onError: tooLarge(uploadLimit) });
  const otherBodies = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge(JSON_BODY_LIMIT) });
  const adminRoute = (c: Context) =>
    matchedRoutes(c).some((r) => r.method !== 'ALL' && accessOf(r.handler) === 'admin');
  app.use('*', (c, next) => {
    // No body to limit: reading c.req.raw.body would build a full Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return /multipart\/form-data/i.test(c.req.header('content-type') ?? '') && adminRoute(c)
      ? uploadBodies(c, next)
      : otherBodies(c, next);
  });

  // No request waits forever: a frozen or unreachable database (or any stuck dependency) costs a client at most
  // the deadline, then a 503. Uploads re-encode images and get longer. The abandoned work finishes or fails
  // on its own; its late result is discarded.
  app.use('*', async (c, next) => {
    const upload = /multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    let timer: NodeJS.Timeout | undefined;
    const ms = upload ? UPLOAD_DEADLINE_MS : REQUEST_DEADLINE_MS;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        logger.error('request deadline exceeded', { requestId: c.var.requestId, path: c.req.path, ms });
        reject(
          new AppError(
            503,
            'unavailable',
            'The shop is temporarily unavailable. Please try again in a moment.',
          ),
        );
      }, ms);
    });
    try {
      await Promise.race([next(), deadline]);
    } finally {
      clearTimeout(timer);
    }
  });

  if (config.METRICS_ENABLED) {
    enableProcessMetrics();
    // The whole server's figures (every worker's); the balancer keeps it from the public.
    app.get('/metrics', access.public, async (c) => {
      try {
        const { body, contentType } = await renderMetrics();
        return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
      } catch (e) {
        logger.warn('metrics unavailable', { error: (e as Error).message });
        throw new AppError(503, 'unavailable', 'The metrics could not be gathered right now.');
      }
    });
  }
  app.route('/', healthRoutes());
  app.route('/admin', adminRoutes());
  app.route('/user', userRoutes());
  app.route('/category', categoryRoutes());
  app.route('/color', colorRoutes());
  app.route('/product', productRoutes());
  app.route('/cart', cartRoutes());
  app.route('/order', orderRoutes());
  app.route('/newsletter', newsletterRoutes());
  app.route('/settings', settingsRoutes());
  app.route('/images', imagesRoutes());

  app.notFound((c) =>
    c.json({ flag: 0, msg: `No such API route: ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404),
  );

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json({ flag: 0, msg: err.message, code: err.code, ...err.extra }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json(
        { flag: 0, msg: err.message || 'The request could not be handled.', code: 'http_error' },
        status,
      );
    }
    const code = (err as { code?: string }).code;
    if (isDatabaseDown(err)) {
      logger.error('database unavailable', {
        requestId: c.var.requestId,
        code: code ?? 'fatal',
        error: (err as Error)?.message,
      });
      return c.json(
        {
          flag: 0,
          msg: 'The shop is temporarily unavailable. Please try again in a moment.',
          code: 'unavailable',
        },
        503,
      );
    }
    if (isRetryable(err)) {
      // Services retry their transactions; one that still loses a lock race gets a clear "try again".
      logger.warn('lock conflict not retried', { requestId: c.var.requestId, path: c.req.path, code });
      c.header('Retry-After', '1');
      return c.json(
        { flag: 0, msg: 'The shop is busy right now. Please try again in a moment.', code: 'busy' },
        503,
      );
    }
    logger.error('unhandled error', {
      requestId: c.var.requestId,
      path: c.req.path,
      error: (err as Error)?.message,
      stack: (err as Error)?.stack,
    });
    return c.json(
      { flag: 0, msg: 'Something went wrong on our side. Please try again.', code: 'internal' },
      500,
    );
  });

  // A shopper's catalogue read whose response is kept in the cache is answered before hono even routes it
  // (measured: about a third more requests per second than answering it from the route). Nothing a route
  // or middleware does applies to a GET without a token: no token to check, no body, no I/O to wait for.
  /** The whole answer to a shopper's GET whose response is kept (logged), or null. */
  const cachedAnswer = (raw: RawRequest): CachedAnswer | null => {
    const started = performance.now();
    const kept = raw.header('authorization') ? null : catalogCache.lookup(raw);
    if (!kept) return null;
    const requestId = requestIdOf(raw.header('x-request-id'));
    const { status, body, headers: keptHeaders } = keptAnswer(raw, kept);
    // The kept response's own headers (security ones included), then the request's.
    const headers = [...keptHeaders, 'X-Request-Id', requestId, ...corsHeaders(raw.header('origin'))];
    const q = raw.key.indexOf('?');
    const path = q < 0 ? raw.key : raw.key.slice(0, q);
    logRequest({ method: 'GET', path, route: kept.route, requestId, status }, started);
    return { status, headers, body };
  };
  const routed = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    if (request.method === 'GET' && catalogCache.enabled) {
      const a = cachedAnswer(RawRequest.fromFetch(request, env));
      if (a) {
        return new Response(a.body as Uint8Array<ArrayBuffer> | null, {
          status: a.status,
          headers: headerPairs(a.headers),
        });
      }
    }
    return routed(request, env, executionCtx);
  };

  // Requests the cache did not answer go to the router itself, not through app.fetch's lookup again: a lookup
  // that declined (to let this one request start the reload of an ageing response) must reach the route.
  const viaRouter = getRequestListener(routed);
  const served = Object.assign(app, {
    /**
     * Answers a kept catalogue response straight on Node's request and response (no fetch Request or Response
     * built at all) and says so; false leaves the request to the router.
     */
    answerFromCache(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' || !catalogCache.enabled) return false;
      const a = cachedAnswer(RawRequest.fromNode(req));
      if (!a) return false;
      res.writeHead(a.status, a.headers);
      res.end(a.body);
      return true;
    },
    /** The API as a Node request listener, for its own HTTP server (server.ts). */
    listener(req: IncomingMessage, res: ServerResponse): void {
      if (!served.answerFromCache(req, res)) void viaRouter(req, res);
    },
  });
  return served;
}

interface CachedAnswer {
  status: 200 | 304;
  headers: string[];
  body: Uint8Array | null;
}

export type App = ReturnType<typeof createApp>;
