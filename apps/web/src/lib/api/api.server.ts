import 'server-only';
import type { z } from 'zod';
import { API_TIMEOUTS, apiBaseUrl } from '../env.server';
import { degradesPage, markDegraded } from '../page-cache/degraded.mjs';
import { readEnvelope } from './envelope';
import { ApiHttpError } from './errors';
import { REQUEST_ID_HEADER } from './request-id';
import { currentRequestId } from './request-id.server';
import { type ApiQuery, buildApiUrl } from './url';

/**
 * GET from the internal API during server rendering, with the page request's id. `no-store`: listings
 * change by the second (bids, closing lots), so nothing is cached between
 * requests.
 */
export async function apiGet<S extends z.ZodType>(path: string, query: ApiQuery, data: S): Promise<z.output<S>> {
  const url = buildApiUrl(apiBaseUrl(), path, query);
  const requestId = await currentRequestId();
  let response: Response;
  try {
    response = await fetch(url, {
      cache: 'no-store',
      // The page request's id, so the API's log lines of this page share it (decision 0095).
      headers: { accept: 'application/json', ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
      signal: AbortSignal.timeout(API_TIMEOUTS.readMs),
    });
  } catch (cause) {
    console.error(`[api] GET ${path} could not reach the API`, cause);
    markDegraded(requestId);
    throw new ApiHttpError(503, `GET ${path}`);
  }
  // A page rendered around a failed read is not kept by the page cache (decision 0103).
  if (degradesPage(response.status)) markDegraded(requestId);
  try {
    return await readEnvelope(response, data, `GET ${path}`);
  } catch (error) {
    // The timeout can also end the body's download.
    if (error instanceof Error && error.name === 'TimeoutError') {
      markDegraded(requestId);
      throw new ApiHttpError(503, `GET ${path}`);
    }
    throw error;
  }
}
