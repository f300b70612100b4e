import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';

/**
 * Who may read /metrics (decision 0095): nobody unless METRICS_TOKEN is set (404, as if there were no such
 * route: safe by default), then only a caller sending `Authorization: Bearer <that token>` (else 401). The
 * numbers (traffic, bids, queue sizes) are business facts, not for the public.
 */
export function assertMetricsReader(token: string | undefined, authorization: string | undefined): void {
  if (!token) throw AppError.notFound('Not found');
  const given = /^Bearer ([^\s]+)$/.exec(authorization ?? '')?.[1];
  // Digests of equal length, so the comparison takes the same time whatever the caller sent.
  if (given === undefined || !timingSafeEqual(digest(given), digest(token))) {
    throw new AppError('UNAUTHENTICATED', 'Send the metrics token as a Bearer token.', {
      headers: { 'www-authenticate': 'Bearer realm="metrics"' },
    });
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();
