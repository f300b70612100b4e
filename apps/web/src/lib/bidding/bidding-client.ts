import { biddingPath, bidHistoryPath, bidsPath, registrationPath } from './api-paths';
import { readBiddingState, readBidHistory, readPlacedBid, readRegistration } from './wire';

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

/** Contract §1's error envelope: its first error, or undefined when the body is not one. */
function firstError(json: unknown): { code?: unknown; message?: unknown; field?: unknown } | undefined {
  const body = json as { status?: unknown; errors?: unknown } | undefined;
  if (body?.status !== 'error' || !Array.isArray(body.errors)) return undefined;
  const first: unknown = body.errors[0];
  return typeof first === 'object' && first !== null ? first : {};
}

async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  read: (data: unknown) => T | null,
  send?: { body: unknown; idempotencyKey: string },
): Promise<ApiResult<T>> {
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
  const first = firstError(json);
  if (first) {
    return {
      ok: false,
      status: response.status,
      code: typeof first.code === 'string' ? first.code : 'INTERNAL',
      message: typeof first.message === 'string' ? first.message : UNEXPECTED,
      ...(typeof first.field === 'string' && first.field ? { field: first.field } : {}),
    };
  }
  const envelope = json as { status?: unknown; data?: unknown } | undefined;
  const data = response.ok && envelope?.status === 'success' ? read(envelope.data) : null;
  if (data === null) {
    console.error(`[bidding] ${method} ${path} answered HTTP ${response.status} with an unexpected body`);
    return { ok: false, status: response.status, code: 'INTERNAL', message: UNEXPECTED };
  }
  return { ok: true, status: response.status, data };
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

/** The same call for the lot's other boxes (the tender box, the seller's award), with their own readers. */
export const callLotApi = call;

export const fetchBidding = (eventLotId: string) => call('GET', biddingPath(eventLotId), readBiddingState);

export const fetchBidHistory = (eventLotId: string, pageSize: number) =>
  call('GET', bidHistoryPath(eventLotId, pageSize), readBidHistory);

export const postBid = (eventLotId: string, body: { amount: number; maxAmount?: number }, idempotencyKey: string) =>
  call('POST', bidsPath(eventLotId), readPlacedBid, { body, idempotencyKey });

export const postRegistration = (
  userId: string,
  eventId: string,
  body: { paymentMethodId?: string },
  idempotencyKey: string,
) => call('POST', registrationPath(userId, eventId), readRegistration, { body, idempotencyKey });
