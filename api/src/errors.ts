import type { ErrorCode, Failure } from '@voltcart/shared';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseDown, isRetryable } from './db/errors';

/** The one error type of the API: an HTTP status, a stable code and a message the user can act on. */
export class AppError extends Error {
  constructor(
    readonly status: 301 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers (the Location of a 301). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, code: ErrorCode = 'invalid_input') => new AppError(400, code, msg);
export const unauthorized = (msg = 'Please log in to continue.') => new AppError(401, 'unauthorized', msg);
export const forbidden = (msg = 'You are not allowed to do this.') => new AppError(403, 'forbidden', msg);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found.`);
export const conflict = (msg: string, code: ErrorCode = 'conflict') => new AppError(409, code, msg);

export const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';

/** A failure as it is answered, and how it is logged when it was not expected. */
export interface ErrorResponse {
  status: ContentfulStatusCode;
  body: Failure<ErrorCode>;
  headers: Record<string, string>;
  log?: { level: 'warn' | 'error'; msg: string; fields: Record<string, unknown> };
}

/**
 * What the client is told about an error (the app's onError sends it):
 * - AppError: its status, code and message, with its extra fields
 * - hono's HTTPException: its status and message, code `http_error`
 * - the database down (unreachable, restarting, connection lost): 503 `unavailable`, logged as an error
 * - a lock the database gave up on and the service's retries did not win: 503 `busy` with Retry-After, a warning
 * - anything else: 500 `internal` with a fixed message; the details go to the log only
 */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: { flag: 0, msg: err.message, code: err.code, ...err.extra },
      headers: err.headers,
    };
  }
  if (err instanceof HTTPException) {
    return {
      status: err.status as ContentfulStatusCode,
      body: { flag: 0, msg: err.message || 'The request could not be handled.', code: 'http_error' },
      headers: {},
    };
  }
  const e = err as { code?: string; message?: string; stack?: string } | null | undefined;
  if (isDatabaseDown(err)) {
    return {
      status: 503,
      body: { flag: 0, msg: UNAVAILABLE_MESSAGE, code: 'unavailable' },
      headers: {},
      log: {
        level: 'error',
        msg: 'database unavailable',
        fields: { code: e?.code ?? 'fatal', error: e?.message },
      },
    };
  }
  if (isRetryable(err)) {
    // Services retry their transactions; one that still loses a lock race gets a clear "try again".
    return {
      status: 503,
      body: { flag: 0, msg: 'The shop is busy right now. Please try again in a moment.', code: 'busy' },
      headers: { 'Retry-After': '1' },
      log: { level: 'warn', msg: 'lock conflict not retried', fields: { code: e?.code } },
    };
  }
  return {
    status: 500,
    body: { flag: 0, msg: 'Something went wrong on our side. Please try again.', code: 'internal' },
    headers: {},
    log: { level: 'error', msg: 'unhandled error', fields: { error: e?.message, stack: e?.stack } },
  };
}
