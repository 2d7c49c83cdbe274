import type { ErrorCode } from '@voltcart/shared';

/** The one error type of the API: an HTTP status, a stable code and a message the user can act on. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, code: ErrorCode = 'invalid_input') => new AppError(400, code, msg);
export const unauthorized = (msg = 'Please log in to continue.') => new AppError(401, 'unauthorized', msg);
export const forbidden = (msg = 'You are not allowed to do this.') => new AppError(403, 'forbidden', msg);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found.`);
export const conflict = (msg: string, code: ErrorCode = 'conflict') => new AppError(409, code, msg);
