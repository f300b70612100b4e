import type { Auth } from './auth';
import { callAuth } from './auth-errors';

/** Ends the session (its row is deleted) and clears the cookie; without a session it only clears the cookie. */
export async function signOut(auth: Auth, headers: Headers): Promise<Headers> {
  if (!headers.has('cookie')) return new Headers();
  const { headers: out } = await callAuth(() => auth.api.signOut({ headers, returnHeaders: true }));
  return out;
}
