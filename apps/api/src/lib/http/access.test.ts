import { users } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Auth } from '../../modules/identity/auth';
import { registerErrorHandling } from '../error-handler';
import { access, type RouteAccess, registerAccess } from './access';
import { RateLimiter, type RatePolicy } from './rate-limit';
import { SessionCache } from './session-cache';

/**
 * The one preHandler (decision 0033) on a tiny app: each route declares an
 * access option and answers the user the hook put on the request. The session
 * is faked: the cookie `session=<id>` is that user, no cookie a visitor.
 */

const fakeAuth = {
  api: {
    async getSession({ headers }: { headers: Headers }) {
      const id = /session=([\w-]+)/.exec(headers.get('cookie') ?? '')?.[1];
      const user = id ? { id, email: `${id}@example.com`, name: id, emailVerified: true } : undefined;
      const session = { expiresAt: new Date(Date.now() + 86_400_000) };
      return { headers: new Headers(), response: user ? { user, session } : null };
    },
  },
} as unknown as Auth;

const writes: RatePolicy = { name: 'test-write', limit: 2, windowMs: 60_000, baseBlockMs: 60_000, maxBlockMs: 60_000 };

const ROUTES: Record<string, RouteAccess> = {
  '/signed-in': { session: 'required' },
  '/optional': { session: 'optional' },
  '/users/:userId/read': { session: 'required', userPath: 'read' },
  '/users/:userId/own': { session: 'required', userPath: 'own', rateLimit: writes },
  '/staff': { session: 'required', role: 'staff', forbidden: 'Only Lotline staff can review this.' },
  '/admin': { session: 'required', role: 'admin' },
  '/spends': { session: 'required', crossSite: 'refuse', rateLimit: { ...writes, name: 'test-spend' } },
};

describe('the access preHandler', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    cleanup = database.cleanup;
    await database.db.insert(users).values([
      { id: 'pat', email: 'pat@example.com', name: 'Pat' },
      { id: 'sam', email: 'sam@example.com', name: 'Sam' },
      { id: 'stan', email: 'stan@example.com', name: 'Stan', roles: ['staff'] },
      { id: 'ada', email: 'ada@example.com', name: 'Ada', roles: ['admin'] },
    ]);
    app = Fastify();
    registerErrorHandling(app);
    registerAccess(app, {
      db: database.db,
      auth: fakeAuth,
      limiter: new RateLimiter(database.db),
      // Never trusted (no LISTEN): every request asks the fake library.
      sessions: new SessionCache({ ttlMs: 0, maxEntries: 0 }),
    });
    for (const [url, spec] of Object.entries(ROUTES)) {
      app.route({
        method: ['GET', 'POST'],
        url,
        config: access(spec),
        handler: async (request) => ({ user: spec.session === 'required' ? request.user.id : request.sessionUser?.id }),
      });
    }
    app.get('/no-access', async (request) => ({ user: request.user.id }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await cleanup();
  });

  const call = (url: string, as?: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...headers, ...(as ? { cookie: `session=${as}` } : {}) } });
  const error = (res: { json(): { errors: [{ code: string; message: string }] } }) => res.json().errors[0];

  it('answers 401 without a session and puts the signed-in user on the request', async () => {
    const visitor = await call('/signed-in');
    expect(visitor.statusCode).toBe(401);
    expect(error(visitor)).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    const signedIn = await call('/signed-in', 'pat');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ user: 'pat' });
  });

  it('lets a visitor through an optional session, with sessionUser null', async () => {
    expect((await call('/optional')).json()).toEqual({});
    expect((await call('/optional', 'sam')).json()).toEqual({ user: 'sam' });
  });

  it('userPath read: the user themself or an admin; anyone else 403, and no session 401 first', async () => {
    expect((await call('/users/pat/read', 'pat')).statusCode).toBe(200);
    expect((await call('/users/pat/read', 'ada')).json()).toEqual({ user: 'ada' });
    const other = await call('/users/pat/read', 'stan');
    expect(other.statusCode).toBe(403);
    expect(error(other)).toMatchObject({ code: 'FORBIDDEN', message: 'You can only see your own account.' });
    expect((await call('/users/pat/read')).statusCode).toBe(401);
  });

  it('userPath own: not even an admin; refused requests are not counted; then 429 after 403 checks', async () => {
    const admin = await call('/users/sam/own', 'ada');
    expect(admin.statusCode).toBe(403);
    expect(error(admin)).toMatchObject({ code: 'FORBIDDEN', message: 'You can only change your own account.' });
    // Refused by authorisation: these must not spend sam's allowance.
    for (let i = 0; i < 3; i++) expect((await call('/users/ada/own', 'sam')).statusCode).toBe(403);
    expect((await call('/users/sam/own', 'sam')).statusCode).toBe(200);
    expect((await call('/users/sam/own', 'sam')).statusCode).toBe(200);
    const limited = await call('/users/sam/own', 'sam');
    expect(limited.statusCode).toBe(429);
    expect(error(limited).code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // While blocked: no session is still 401 and another user's path still 403, before the limit.
    expect((await call('/users/sam/own')).statusCode).toBe(401);
    expect((await call('/users/ada/own', 'sam')).statusCode).toBe(403);
  });

  it('role: staff includes admins; the route may name its own 403 message', async () => {
    const buyer = await call('/staff', 'pat');
    expect(buyer.statusCode).toBe(403);
    expect(error(buyer)).toMatchObject({ code: 'FORBIDDEN', message: 'Only Lotline staff can review this.' });
    expect((await call('/staff', 'stan')).statusCode).toBe(200);
    expect((await call('/staff', 'ada')).statusCode).toBe(200);
    expect((await call('/staff')).statusCode).toBe(401);
    const staff = await call('/admin', 'stan');
    expect(staff.statusCode).toBe(403);
    expect(error(staff)).toMatchObject({ code: 'FORBIDDEN', message: 'Only a Lotline admin can do this.' });
    expect((await call('/admin', 'ada')).statusCode).toBe(200);
  });

  it('crossSite refuse: 401 first, then 403 for another site, and such a request is not counted', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect((await call('/spends', undefined, crossSite)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const res = await call('/spends', 'pat', crossSite);
      expect(res.statusCode).toBe(403);
      expect(error(res).message).toBe('This request must come from the Lotline site itself.');
    }
    expect((await call('/spends', 'pat', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('a route that reads request.user without declaring a session fails loudly', async () => {
    expect((await call('/no-access', 'pat')).statusCode).toBe(500);
  });

  it('types the option: a misspelt key or value, or an unchecked literal, does not compile', () => {
    // Never called: tsc checks the route options as a route would declare them.
    const declare = (on: FastifyInstance) => [
      // @ts-expect-error `userpath` is not an access option
      on.get('/a', { config: access({ session: 'required', userpath: 'own' }) }, async () => ({})),
      // @ts-expect-error `mine` is not a userPath
      on.get('/b', { config: access({ session: 'required', userPath: 'mine' }) }, async () => ({})),
      // @ts-expect-error an optional session cannot authorise a path
      on.get('/c', { config: access({ session: 'optional', userPath: 'read' }) }, async () => ({})),
      // @ts-expect-error config.access takes only what access() built
      on.get('/d', { config: { access: { session: 'required' } } }, async () => ({})),
    ];
    expect(declare).toBeTypeOf('function');
  });
});
