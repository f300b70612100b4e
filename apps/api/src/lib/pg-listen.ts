import type { Database } from '@lotline/db';

export interface ChannelHandlers {
  /** A notification's payload. */
  notified(payload: string | undefined): void;
  /** The connection is lost: notifications sent from now until `reconnected` are lost. */
  lost?(): void;
  /** The connection came back after a loss (or after a failed first LISTEN). */
  reconnected(): void;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export interface ChannelListener {
  stop(): Promise<void>;
}

/** What we use of PGlite (duck-typed, as lib/jobs/boss-database.ts: apps/api does not depend on PGlite). */
interface PgliteClient {
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

/**
 * LISTENs on one channel for the process (decisions 0039, 0100). On PostgreSQL
 * a dedicated connection (not from the pool: LISTEN belongs to a session),
 * reconnected with backoff when lost; on PGlite the instance's own `listen`,
 * which sees every NOTIFY since PGlite serves this process alone. Resolves once
 * listening, or, on PostgreSQL, after a failed first try (then `reconnected`
 * says when it listens). `name` prefixes the log lines.
 */
export async function listenChannel(
  db: Database,
  channel: string,
  name: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (typeof (client as PgliteClient)?.listen === 'function') {
    const unlisten = await (client as PgliteClient).listen(channel, (payload) => handlers.notified(payload));
    return { stop: () => unlisten() };
  }
  if (typeof (client as PgPool)?.Client !== 'function') throw new Error(`${name}: the database client can not LISTEN`);
  return listenOnPostgres(client as PgPool, channel, name, handlers);
}

async function listenOnPostgres(
  pool: PgPool,
  channel: string,
  name: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  let stopped = false;
  let current: PgClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay: number = RECONNECT_MS.first;

  const connect = async (): Promise<PgClient> => {
    // The pool's own settings (server, timeouts); a TCP keepalive notices a dead server while idle.
    const pg = new pool.Client({ ...pool.options, keepAlive: true });
    pg.on('notification', (msg) => {
      if (msg.channel === channel) handlers.notified(msg.payload);
    });
    let ready = false;
    let lost = false;
    const onLost = (err?: Error) => {
      // Before LISTEN succeeded, the caller's catch handles the failure.
      if (!ready || lost) return;
      lost = true;
      if (current === pg) current = undefined;
      if (stopped) return;
      handlers.lost?.();
      handlers.log.warn({ err }, `${name}: lost the LISTEN connection; reconnecting`);
      void pg.end().catch(() => {});
      scheduleReconnect();
    };
    pg.on('error', onLost);
    pg.on('end', onLost);
    try {
      await pg.connect();
      await pg.query(`LISTEN ${channel}`);
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
        handlers.log.info({}, `${name}: LISTEN connection restored`);
        handlers.reconnected();
      } catch (err) {
        handlers.log.warn({ err }, `${name}: could not reconnect the LISTEN connection`);
        delay = Math.min(delay * 2, RECONNECT_MS.max);
        if (!stopped) scheduleReconnect();
      }
    }, delay);
  };

  try {
    current = await connect();
  } catch (err) {
    handlers.lost?.();
    handlers.log.warn({ err }, `${name}: could not LISTEN; retrying`);
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
