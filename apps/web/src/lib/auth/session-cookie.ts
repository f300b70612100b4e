/** The API's session cookie names (better-auth with prefix `lotline`; `__Secure-` when served over TLS). */
export const SESSION_COOKIES = ['lotline.session_token', '__Secure-lotline.session_token'] as const;

export function hasSessionCookie(names: Iterable<string>): boolean {
  for (const name of names) if ((SESSION_COOKIES as readonly string[]).includes(name)) return true;
  return false;
}
