/**
 * What a MariaDB / mysql2 error means for the caller, each decided here once:
 * - retryable: the server gave up on a lock (deadlock 1213, lock wait timeout 1205); the statement or the whole
 *   transaction was rolled back and may be run again
 * - database down: unreachable, restarting, or the connection died under the query
 * - duplicate key (1062), missing reference (1452: a foreign key that points nowhere), still referenced (1451)
 */

type DbError = { code?: string; fatal?: boolean; errno?: number; message?: string } | null | undefined;

const errnoOf = (err: unknown) => (err as DbError)?.errno;

/** Deadlock (1213) or lock wait timeout (1205): the work was undone and may be retried. */
export function isRetryable(err: unknown): boolean {
  const errno = errnoOf(err);
  return errno === 1213 || errno === 1205;
}

export const isDuplicateKey = (err: unknown): boolean => errnoOf(err) === 1062;
export const isMissingReference = (err: unknown): boolean => errnoOf(err) === 1452;
export const isStillReferenced = (err: unknown): boolean => errnoOf(err) === 1451;

const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ETIMEDOUT',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
]);

/** 1053 server shutdown, 1927 connection killed (MariaDB), 2006/2013 server gone / lost during query. */
const DOWN_ERRNOS = new Set([1053, 1927, 2006, 2013]);

/**
 * The database cannot serve the request right now: unreachable, restarting, or the connection died under the
 * query. mysql2 flags every connection-level failure `fatal` (e.g. "Can't add new command when connection is
 * in closed state" from a pooled connection the server dropped), unlike errors in the query itself.
 */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as DbError;
  if (!e) return false;
  if (e.code && DOWN_CODES.has(e.code)) return true;
  if (e.errno && DOWN_ERRNOS.has(e.errno)) return true;
  return e.fatal === true && (e.code !== undefined || /connection/i.test(String(e.message)));
}
