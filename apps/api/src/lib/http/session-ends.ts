import type { Database, Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ChannelListener, listenChannel } from '../pg-listen';
import type { SessionCache } from './session-cache';

/** The channel every API process LISTENs on to forget a user's cached sessions (decision 0100). */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/** A notification's user id; anything else (not JSON, no id, an absurd one) is none. */
export function endedUserId(payload: string | undefined): string | undefined {
  try {
    const { userId } = JSON.parse(payload ?? '') as { userId?: unknown };
    return typeof userId === 'string' && userId.length > 0 && userId.length <= 200 ? userId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells every API process that a session of this user ended or the user
 * changed (sign-out, revocation, password change or reset, disable, a new
 * address). Inside a transaction it is sent at the commit, so with the change.
 */
export async function publishSessionEnded(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${SESSION_ENDED_CHANNEL}, ${JSON.stringify({ userId })})`);
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Forgets the user here at once and tells the other processes. What follows
 * an auth-library write that already committed: a failed NOTIFY is logged, not
 * thrown (the other processes then believe the user at most the cache's TTL).
 */
export function sessionEnds(db: Executor, cache: SessionCache, log: Log) {
  return async (userId: string): Promise<void> => {
    cache.dropUser(userId);
    try {
      await publishSessionEnded(db, userId);
    } catch (err) {
      log.error({ err }, 'session cache: could not NOTIFY an ended session');
    }
  };
}

/**
 * The process's LISTEN on `SESSION_ENDED_CHANNEL`: each notification drops the
 * user's entries. The cache is trusted only while it listens: from the first
 * LISTEN on, off while the connection is lost (the pg client's `error` or
 * `end`), on again (from empty) once it is back; a failed LISTEN leaves it off.
 */
export async function listenSessionEnds(db: Database, cache: SessionCache, log: Log): Promise<ChannelListener> {
  let listening = true;
  const listener = await listenChannel(db, SESSION_ENDED_CHANNEL, 'session cache', {
    notified: (payload) => {
      const userId = endedUserId(payload);
      if (userId) cache.dropUser(userId);
    },
    lost: () => {
      listening = false;
      cache.distrust();
    },
    reconnected: () => {
      listening = true;
      cache.trust();
    },
    log,
  });
  if (listening) cache.trust();
  return {
    async stop() {
      cache.distrust();
      await listener.stop();
    },
  };
}

/**
 * Starts the LISTEN with the app and stops it with it (a cache with no TTL needs none and is never trusted). A
 * LISTEN that cannot start leaves the cache off: every request then asks the database, as without a cache.
 */
export function registerSessionEnds(app: FastifyInstance, db: Database, cache: SessionCache, ttlMs: number): void {
  if (ttlMs <= 0) return;
  let listener: ChannelListener | undefined;
  app.addHook('onReady', async () => {
    try {
      listener = await listenSessionEnds(db, cache, app.log);
    } catch (err) {
      app.log.error({ err }, 'session cache: no LISTEN; sessions are read from the database on every request');
    }
  });
  app.addHook('onClose', async () => listener?.stop());
}
