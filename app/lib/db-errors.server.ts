/**
 * Telling a database that is away from a bug. A request whose query failed because its connection could not be
 * made or was cut is answered 503 (server/app.ts) from the error itself: probing the database afterwards is not
 * enough, because a request that failed in the instant PostgreSQL came back finds it answering again.
 */

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection exception), the server
 * shutting down or starting up (57P01 admin_shutdown — also what pg_terminate_backend sends —, 57P02, 57P03) and
 * no connection slot free (53300).
 */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a connection attempt or of an open connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost or refused connection with plain Errors and these messages (pg 8: client.js,
 * pool's connect timeout and its query_timeout guard).
 */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
  // A database refusing connections for a while (ALTER DATABASE … ALLOW_CONNECTIONS false), SQLSTATE 55000.
  /^database ".*" is not currently accepting connections$/,
];

function isConnectionFailure(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('08') || CONNECTION_CODES.has(code) || SOCKET_CODES.has(code)) return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether an error (or what it wraps: Drizzle's query error keeps the driver's as `cause`; a refused dual-stack
 * connect is an AggregateError) says the database could not be reached or the connection was lost.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (isConnectionFailure(current)) return true;
    if ('cause' in current) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return false;
}
