import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';
import { AppError } from '../errors';
import { accessOf } from '../lib/route-table';

/** Largest accepted body that is not a multipart upload (JSON, forms, webhooks): real ones stay under 100 kB. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Uploads (multipart, admin routes only) may carry several images; every other body is small JSON, limited far
 * lower so that no public, customer or webhook route can be made to buffer megabytes, whatever Content-Type the
 * client claims (jsonBody() also refuses multipart bodies unread). Over the limit: 413.
 * - `maxUploadMb`: the largest image (MAX_UPLOAD_MB); an upload may carry about ten of them
 */
export function bodyLimits(maxUploadMb: number) {
  const uploadLimit = Math.ceil(maxUploadMb * 1024 * 1024 * 10.5);
  const tooLarge = (max: number) => () => {
    throw new AppError(
      413,
      'too_large',
      `The request is too large (at most ${Math.round((max / 1024 / 1024) * 10) / 10} MB).`,
    );
  };
  const uploads = bodyLimit({ maxSize: uploadLimit, onError: tooLarge(uploadLimit) });
  const others = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge(JSON_BODY_LIMIT) });
  const adminRoute = (c: Context) =>
    matchedRoutes(c).some((r) => r.method !== 'ALL' && accessOf(r.handler) === 'admin');
  return createMiddleware<AppEnv>(async (c, next) => {
    // No body to limit: reading c.req.raw.body would build a full Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return /multipart\/form-data/i.test(c.req.header('content-type') ?? '') && adminRoute(c)
      ? uploads(c, next)
      : others(c, next);
  });
}
