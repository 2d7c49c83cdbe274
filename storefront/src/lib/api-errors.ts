/**
 * Failures of API calls, read without importing the api-client's http module: that module also holds
 * the axios factory, so importing its ApiError would put axios into every first page load. Errors of
 * both transports carry the same fields: the api-client's ApiError (axios, lib/api.ts) and ApiCallError
 * (the public reads' fetch, and a client that failed to load).
 */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The HTTP status of a failed API call (0 when no answer came), or null for any other error. */
export function apiStatus(err: unknown): number | null {
  if (!(err instanceof Error) || err.name !== 'ApiError') return null;
  const { status } = err as Error & { status?: unknown };
  return typeof status === 'number' ? status : null;
}

/**
 * The message to show for a failed call: the error's own (for an API error, the server's msg or the
 * client's plain-English network message), else the fallback. The api-client's errorMessage rule.
 */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
