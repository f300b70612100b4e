import type { Database } from '@lotline/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../../modules/identity/auth';
import { AppError } from '../errors';
import { CROSS_SITE_MESSAGE } from '../same-origin';
import { authorizeOwnUserPath, authorizeUserPath, type RequiredRole, requireRole } from './authorize';
import type { RateLimiter, RatePolicy } from './rate-limit';
import { findSessionUser, type SessionUser } from './session';
import type { SessionCache } from './session-cache';

/**
 * Who may call a route, declared in its options (`config: access({…})`) and
 * enforced by the one preHandler below (decision 0033). The checks run in a
 * fixed order, the order every handler followed by hand before: session (401),
 * `{userId}` (403), role (403), cross-site GET (403), then the rate limit (429),
 * so a refused request is never counted.
 */
export type RouteAccess =
  /** Anyone; `request.sessionUser` is the signed-in user or null. */
  | { session: 'optional' }
  | {
      session: 'required';
      /** `read`: the `:userId` path parameter is the signed-in user, or the caller is an admin; `own`: exactly the signed-in user. */
      userPath?: 'read' | 'own';
      /** A role the signed-in user must hold; `forbidden` is the 403 message when it differs from the default. */
      role?: RequiredRole;
      forbidden?: string;
      /** A GET that spends something (quota, a limit): refused when the browser says another site asked (Sec-Fetch-Site). */
      crossSite?: 'refuse';
      /** Counted per signed-in user once every other check has passed. */
      rateLimit?: RatePolicy;
      /**
       * The count runs beside the handler instead of before it: the handler gets it as
       * `request.rateLimitHit` and must not change anything before it resolved (a refusal rejects it with
       * 429). For a bid, which takes its place in its lot's queue meanwhile (bidding/lot-batches.ts).
       */
      rateLimitBeside?: true;
    };

/**
 * Fastify infers a route's `config` type from the literal, so a misspelt key
 * there would pass; `access()` takes the option as a parameter, where it does
 * not, and the brand makes `config.access` accept only what `access()` built.
 */
declare const checked: unique symbol;
type CheckedAccess = RouteAccess & { readonly [checked]: true };

/** A route's `config`: `config: access({ session: 'required', userPath: 'own', rateLimit: POLICIES.… })`. */
export const access = (spec: RouteAccess) => ({ access: spec as CheckedAccess });

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: CheckedAccess;
  }
  interface FastifyRequest {
    /** The signed-in user on a route with `session: 'optional'` or `'required'`, else null. */
    sessionUser: SessionUser | null;
    /** The signed-in user on a route with `session: 'required'`; reading it anywhere else is a programming error. */
    readonly user: SessionUser;
    /** On a route with `rateLimitBeside`: the rate limit's count, under way (rejects with 429 RATE_LIMITED). */
    readonly rateLimitHit: Promise<void>;
  }
}

export interface AccessDeps {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  sessions: SessionCache;
}

/** Registers the request decorations and the one preHandler; call once on the root app, before the routes. */
export function registerAccess(app: FastifyInstance, deps: AccessDeps): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      if (!this.sessionUser) throw new Error(`${this.routeOptions.url} reads request.user without session: 'required'`);
      return this.sessionUser;
    },
  });
  app.decorateRequest('rateLimitHit', {
    getter(this: FastifyRequest) {
      const hit = rateLimitHits.get(this);
      if (!hit) throw new Error(`${this.routeOptions.url} reads request.rateLimitHit without rateLimitBeside`);
      return hit;
    },
  });
  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access) await enforceAccess(deps, access, request, reply);
  });
}

async function enforceAccess(deps: AccessDeps, access: RouteAccess, request: FastifyRequest, reply: FastifyReply) {
  const user = await findSessionUser(deps.auth, request, reply, deps.sessions);
  request.sessionUser = user;
  if (access.session === 'optional') return;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  if (access.userPath) {
    const pathUserId = (request.params as { userId?: unknown }).userId;
    if (typeof pathUserId !== 'string') throw new Error(`${request.routeOptions.url} has userPath but no :userId`);
    if (access.userPath === 'own') authorizeOwnUserPath(user.id, pathUserId);
    else await authorizeUserPath(deps.db, user.id, pathUserId);
  }
  if (access.role) await requireRole(deps.db, user.id, access.role, access.forbidden);
  if (access.crossSite === 'refuse' && request.headers['sec-fetch-site'] === 'cross-site') {
    throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
  }
  if (!access.rateLimit) return;
  if (!access.rateLimitBeside) {
    await deps.limiter.hit(access.rateLimit, user.id);
    return;
  }
  const hit = deps.limiter.hit(access.rateLimit, user.id);
  // Handled here too: a handler that fails before it awaits the count leaves no unhandled rejection.
  hit.catch(() => {});
  rateLimitHits.set(request, hit);
}

/** The counts under way of the requests on `rateLimitBeside` routes. */
const rateLimitHits = new WeakMap<FastifyRequest, Promise<void>>();
