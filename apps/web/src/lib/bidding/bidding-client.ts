import { errorEnvelope } from '@lotline/contracts';
import type { z } from 'zod';
import { biddingPath, bidHistoryPath, bidsPath, registrationPath } from './api-paths';
import { biddingState, bidHistory, placedBid, registration } from './shapes';

/**
 * The bid panel's calls from the browser, straight to the contract's paths
 * on the site's own origin (the web server forwards them to the API; the
 * session cookie goes along and the API's same-origin check sees the page's
 * Origin). Every answer is read as contract §1's envelope: the API's error
 * code and message are kept, since the panel shows the message under the
 * field it names.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: string; message: string; field?: string };

const UNREACHABLE = 'Lotline could not be reached. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong on our side. Try again in a moment.';

async function call<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  send?: { body: unknown; idempotencyKey: string },
): Promise<ApiResult<z.output<S>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (send) {
    headers['content-type'] = 'application/json';
    headers['idempotency-key'] = send.idempotencyKey;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: send ? JSON.stringify(send.body) : null,
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', message: UNREACHABLE };
  }
  const json: unknown = await response.json().catch(() => undefined);
  const failed = errorEnvelope.safeParse(json);
  if (failed.success) {
    const first = failed.data.errors[0];
    return {
      ok: false,
      status: response.status,
      code: first?.code ?? 'INTERNAL',
      message: first?.message ?? UNEXPECTED,
      ...(first?.field ? { field: first.field } : {}),
    };
  }
  const envelope = json as { status?: unknown; data?: unknown } | undefined;
  const parsed = response.ok && envelope?.status === 'success' ? schema.safeParse(envelope.data) : null;
  if (!parsed?.success) {
    console.error(`[bidding] ${method} ${path} answered HTTP ${response.status} with an unexpected body`);
    return { ok: false, status: response.status, code: 'INTERNAL', message: UNEXPECTED };
  }
  return { ok: true, status: response.status, data: parsed.data };
}

/**
 * Whether an attempt's outcome is unknown: no answer (status 0) or a server
 * failure (5xx), after which the change may or may not have been made. Its
 * retry must reuse the attempt's Idempotency-Key; a 4xx refusal changed nothing.
 */
export const isUnsettled = (status: number): boolean => status === 0 || status >= 500;

/**
 * A fresh Idempotency-Key (contract §5: 1-255 characters) for one attempt;
 * the panel keeps it while the same confirmation is retried. From
 * `getRandomValues`, which unlike `randomUUID` also exists on plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const fetchBidding = (eventLotId: string) => call('GET', biddingPath(eventLotId), biddingState);

export const fetchBidHistory = (eventLotId: string, pageSize: number) =>
  call('GET', bidHistoryPath(eventLotId, pageSize), bidHistory);

export const postBid = (eventLotId: string, body: { amount: number; maxAmount?: number }, idempotencyKey: string) =>
  call('POST', bidsPath(eventLotId), placedBid, { body, idempotencyKey });

export const postRegistration = (
  userId: string,
  eventId: string,
  body: { paymentMethodId?: string },
  idempotencyKey: string,
) => call('POST', registrationPath(userId, eventId), registration, { body, idempotencyKey });
