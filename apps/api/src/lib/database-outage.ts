/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a network cut), as
 * opposed to a fault in the request or the code. Such a request answers 503 with Retry-After at once (issue 28):
 * the client, or the balancer, tries again in a moment instead of seeing a 500 or waiting on a hung request.
 *
 * What the drivers throw: node-postgres a socket error (`ECONNREFUSED` while the server is down, `ECONNRESET`
 * or "Connection terminated" when it goes down under a query), a pool's "timeout exceeded when trying to
 * connect", or the server's own refusals in SQLSTATE classes 08 (connection exception) and 57P (operator
 * intervention: shutting down, starting up); Drizzle wraps each in a DrizzleQueryError whose `cause` it is.
 */

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped; and every connection exception (08…). */
const SERVER_CODES = /^(57P0[1-4]|08[0-9A-Z]{3})$/;
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
/** How long a client should wait before trying again: a restart takes a few seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(err: unknown): boolean {
  // The cause chain, bounded: a cycle of causes must not hang the error handler.
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
