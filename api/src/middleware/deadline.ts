import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { AppError, UNAVAILABLE_MESSAGE } from '../errors';
import type { Logger } from '../lib/logger';

/** Longest a request may take before it is answered 503 (multipart uploads: longer, images are re-encoded). */
export const REQUEST_DEADLINE_MS = 8_000;
const UPLOAD_DEADLINE_MS = 60_000;

/**
 * No request waits forever: a frozen or unreachable database (or any stuck dependency) costs a client at most
 * the deadline, then a 503. Uploads re-encode images and get longer. The abandoned work finishes or fails on its
 * own; its late result is discarded. (hono/timeout does the same with one fixed duration and an HTTPException;
 * this one picks the duration per request and answers with the API's own error.)
 */
export function deadline(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const upload = /multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    let timer: NodeJS.Timeout | undefined;
    const ms = upload ? UPLOAD_DEADLINE_MS : REQUEST_DEADLINE_MS;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        logger.error('request deadline exceeded', { requestId: c.var.requestId, path: c.req.path, ms });
        reject(new AppError(503, 'unavailable', UNAVAILABLE_MESSAGE));
      }, ms);
    });
    try {
      await Promise.race([next(), expired]);
    } finally {
      clearTimeout(timer);
    }
  });
}
