import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * A caller (load balancer, the web app's server) may pass its own `x-request-id`
 * so one id follows a request across services. Only short, plain ids are kept:
 * anything else could forge log lines or bloat every log entry.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdFrom(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
