import type { Database } from '@lotline/db';
import type { RateLimiter } from '../../lib/http/rate-limit';
import type { SessionCache } from '../../lib/http/session-cache';
import type { Auth } from './auth';

/** What the identity use-cases work with. */
export interface IdentityDeps {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  /** The signed-in users this process resolved lately (decision 0100). */
  sessions: SessionCache;
}

/** The caller as the use-cases need it: the library's view of the request, and the client IP. */
export interface Caller {
  headers: Headers;
  ip: string;
}
