/**
 * Forwards one request to the API and streams its answer back. Done by hand
 * rather than with NextResponse.rewrite, because a rewrite answers with an
 * `x-middleware-rewrite` header that tells every browser the API's internal
 * address, and a stopped API would surface as Next's plain-text 500.
 */

/** Connection-level headers that must not be copied from one hop to the next. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

const UNAVAILABLE = {
  status: 'error',
  errors: [
    {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The marketplace is not reachable right now. Please try again in a moment.',
    },
  ],
} as const;

export async function forwardToApi(request: Request, target: string): Promise<Response> {
  const incoming = new URL(request.url);
  const headers = new Headers(request.headers);
  for (const name of [...HOP_BY_HOP, 'host', 'content-length']) headers.delete(name);
  // The API checks the Origin of state-changing requests against the site's host.
  if (!headers.has('x-forwarded-host')) headers.set('x-forwarded-host', incoming.host);
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', incoming.protocol.replace(/:$/, ''));

  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : null,
      redirect: 'manual',
      // Node's fetch needs this to stream a request body.
      duplex: 'half',
    } as RequestInit);
  } catch {
    return Response.json(UNAVAILABLE, { status: 503, headers: { 'retry-after': '5' } });
  }

  const answer = new Headers(upstream.headers);
  // fetch has already decoded the body, so its encoding and length no longer apply.
  for (const name of [...HOP_BY_HOP, 'content-encoding', 'content-length']) answer.delete(name);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: answer });
}
