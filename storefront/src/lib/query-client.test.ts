import { ApiError } from '@voltcart/api-client/errors';
import { describe, expect, it } from 'vitest';
import { makeQueryClient, shouldRetry } from './query-client';

describe('shouldRetry (reads only)', () => {
  it.each<[string, unknown, number, boolean]>([
    ['no answer (network)', new ApiError('offline', 0, 'network'), 0, true],
    ['no answer, third try', new ApiError('offline', 0, 'network'), 2, false],
    ['time-out', new ApiError('slow', 0, 'timeout'), 0, false],
    ['502', new ApiError('bad gateway', 502, 'http_error'), 1, true],
    ['503', new ApiError('restarting', 503, 'restarting'), 0, true],
    ['504', new ApiError('gateway time-out', 504, 'http_error'), 0, true],
    ['500', new ApiError('broken', 500, 'internal'), 0, false],
    ['404', new ApiError('Product not found.', 404, 'not_found'), 0, false],
    ['401', new ApiError('log in', 401, 'unauthorized'), 0, false],
    ['not an API error', new TypeError('bug'), 0, false],
  ])('%s → %s', (_name, error, failures, expected) => {
    expect(shouldRetry(failures, error)).toBe(expected);
  });
});

describe('makeQueryClient', () => {
  it('makes a new cache each time (one per visit, one per server request), fresh for 30 s, writes never retried', () => {
    const a = makeQueryClient();
    expect(makeQueryClient()).not.toBe(a);
    expect(a.getDefaultOptions().queries?.staleTime).toBe(30_000);
    expect(a.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
    expect(a.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
