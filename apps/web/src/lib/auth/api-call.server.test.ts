import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
// The page request a server action or render runs for, as the proxy passed it on (decision 0095).
vi.mock('next/headers', () => ({
  headers: async () =>
    new Headers({ 'x-request-id': 'page-req-7', origin: 'http://localhost:3000', 'x-custom': 'not forwarded' }),
  cookies: async () => ({ getAll: () => [{ name: 'sid', value: 's1' }], set: () => undefined }),
}));

const { callApi } = await import('./api-call.server');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('sends the page request’s id with the person’s cookies and origin, and nothing else of theirs', async () => {
    let sent: Headers | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent = new Headers(init.headers);
      return Response.json({ status: 'success', data: { ok: true } });
    });
    const answer = await callApi<{ ok: boolean }>('GET', '/marketplace-api/users/me');
    expect(answer).toMatchObject({ ok: true, data: { ok: true } });
    expect(sent?.get('x-request-id')).toBe('page-req-7');
    expect(sent?.get('origin')).toBe('http://localhost:3000');
    expect(sent?.get('cookie')).toBe('sid=s1');
    expect(sent?.get('x-custom')).toBeNull();
  });
});
