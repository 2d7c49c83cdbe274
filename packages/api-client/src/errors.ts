import type { ClientErrorCode, ErrorCode } from '@voltcart/shared';

/**
 * The one error of a failed API call: the API's `{flag: 0, msg, code}` answer (its msg as the message), or the
 * client's own code when no answer came. In a module of its own, without axios, so that a page can tell
 * failures apart without loading the transport.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The API's code for the failure, or the client's own when no answer came. */
    readonly code: ErrorCode | ClientErrorCode,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message to show the user for any error thrown by a client call. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
