import 'server-only';
import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * The id the proxy gave the page request being rendered, to send on to the API; undefined outside a
 * request (a script, a test). Next's own signals (a dynamic bail-out, a redirect) pass through.
 */
export async function currentRequestId(): Promise<string | undefined> {
  try {
    return (await headers()).get(REQUEST_ID_HEADER) ?? undefined;
  } catch (error) {
    unstable_rethrow(error);
    return undefined;
  }
}
