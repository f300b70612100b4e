import type { Database } from '@lotline/db';
import { LOT_CHANGES_CHANNEL } from './publish-lot-changes';

export interface LotChangeHandlers {
  /** Lots changed (a notification's ids). */
  changed(lotIds: string[]): void;
  /** Events were paused or resumed (a notification's `eventIds`, decision 0093). */
  eventsChanged?(eventIds: string[]): void;
  /** The connection came back after a loss: notifications sent meanwhile are lost. */
  reconnected(): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export interface LotChangeListener {
  stop(): Promise<void>;
}

/** What we use of PGlite (duck-typed, as lib/jobs/boss-database.ts: apps/api does not depend on PGlite). */
interface PgliteClient {
  exec(text: string): Promise<unknown>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** What we use of a node-postgres pool and its client class. */
interface PgNotification {
  channel: string;
  payload?: string;
}
interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (msg: PgNotification) => void): void;
  on(event: 'error' | 'end', listener: (err?: Error) => void): void;
}
interface PgPool {
  options: Record<string, unknown>;
  Client: new (config: Record<string, unknown>) => PgClient;
}

/** Backoff between reconnection attempts: 100 ms doubling up to 5 s. */
export const RECONNECT_MS = { first: 100, max: 5_000 } as const;

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];

/** A notification's lot ids (`{ids}`) and paused or resumed events (`{eventIds}`); anything else is none. */
function parsePayload(payload: string | undefined): { ids: string[]; eventIds: string[] } {
  try {
    const parsed = JSON.parse(payload ?? '') as { ids?: unknown; eventIds?: unknown };
    return { ids: strings(parsed?.ids), eventIds: strings(parsed?.eventIds) };
  } catch {
    return { ids: [], eventIds: [] };
  }
}

function deliver(handlers: LotChangeHandlers, payload: string | undefined): void {
  const { ids, eventIds } = parsePayload(payload);
  if (ids.length > 0) handlers.changed(ids);
  if (eventIds.length > 0) handlers.eventsChanged?.(eventIds);
}

/**
 * The process's ONE listener on `LOT_CHANGES_CHANNEL` (decision 0039). On
 * PostgreSQL a dedicated connection (not from the pool: LISTEN belongs to a
 * session), reconnected with backoff when lost; on PGlite the instance's own
 * `listen`, which sees every NOTIFY since PGlite serves this process alone.
 */
export async function listenLotChanges(db: Database, handlers: LotChangeHandlers): Promise<LotChangeListener> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (typeof (client as PgliteClient)?.listen === 'function') {
    const unlisten = await (client as PgliteClient).listen(LOT_CHANGES_CHANNEL, (payload) =>
      deliver(handlers, payload),
    );
    return { stop: () => unlisten() };
  }
  if (typeof (client as PgPool)?.Client !== 'function') throw new Error('live: the database client can not LISTEN');
  return listenOnPostgres(client as PgPool, handlers);
}

async function listenOnPostgres(pool: PgPool, handlers: LotChangeHandlers): Promise<LotChangeListener> {
  let stopped = false;
  let current: PgClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay: number = RECONNECT_MS.first;

  const connect = async (): Promise<PgClient> => {
    // The pool's own settings (server, timeouts); a TCP keepalive notices a dead server while idle.
    const pg = new pool.Client({ ...pool.options, keepAlive: true });
    pg.on('notification', (msg) => {
      if (msg.channel === LOT_CHANGES_CHANNEL) deliver(handlers, msg.payload);
    });
    let ready = false;
    let lost = false;
    const onLost = (err?: Error) => {
      // Before LISTEN succeeded, the caller's catch handles the failure.
      if (!ready || lost) return;
      lost = true;
      if (current === pg) current = undefined;
      if (stopped) return;
      handlers.log.warn({ err }, 'live: lost the LISTEN connection; reconnecting');
      void pg.end().catch(() => {});
      scheduleReconnect();
    };
    pg.on('error', onLost);
    pg.on('end', onLost);
    try {
      await pg.connect();
      await pg.query(`LISTEN ${LOT_CHANGES_CHANNEL}`);
    } catch (err) {
      void pg.end().catch(() => {});
      throw err;
    }
    ready = true;
    return pg;
  };

  const scheduleReconnect = () => {
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        const pg = await connect();
        if (stopped) {
          await pg.end();
          return;
        }
        current = pg;
        delay = RECONNECT_MS.first;
        handlers.log.info({}, 'live: LISTEN connection restored');
        handlers.reconnected();
      } catch (err) {
        handlers.log.warn({ err }, 'live: could not reconnect the LISTEN connection');
        delay = Math.min(delay * 2, RECONNECT_MS.max);
        if (!stopped) scheduleReconnect();
      }
    }, delay);
  };

  try {
    current = await connect();
  } catch (err) {
    // The app still serves (current state on connect, heartbeats); changes flow once the listener is back.
    handlers.log.warn({ err }, 'live: could not LISTEN; retrying');
    scheduleReconnect();
  }
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const pg = current;
      current = undefined;
      await pg?.end();
    },
  };
}
