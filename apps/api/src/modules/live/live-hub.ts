import type { Executor } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { type LiveConnection, lotEventText } from './live-connection';
import { type LiveLot, lotIdsOfEvents, readLiveLots } from './read-live-lots';

/** The heartbeat: an SSE comment line, ignored by EventSource. */
const HEARTBEAT = Buffer.from(':\n\n');

/** A fan-out (read + writes) longer than this is logged. */
const SLOW_FANOUT_MS = 50;

export interface LiveHubOptions {
  /** Open streams in this process, all clients together. */
  maxConnections: number;
  /** Open streams of one client address. */
  maxConnectionsPerClient: number;
  /** A comment line this often keeps proxies and undici's body timeout from dropping an idle stream (≤ 15 s). */
  heartbeatMs?: number;
  /**
   * At most one read of changed lots per this window: a lone change goes out at once, a burst (a hot lot's
   * bids, a close of many lots) is read and sent together at the window's end.
   */
  coalesceMs?: number;
  log?: { warn(obj: object, msg: string): void };
  /** How lots are read (tests count the reads); `readLiveLots` on the hub's database by default. */
  read?: (lotIds: readonly string[]) => Promise<LiveLot[]>;
  /** The lot ids of paused or resumed events; `lotIdsOfEvents` on the hub's database by default. */
  readEventLots?: (eventIds: readonly string[]) => Promise<string[]>;
}

/**
 * The in-memory fan-out of one API process (decision 0039): which open
 * streams follow which lot. A notification (its ids) is read ONCE per burst,
 * whatever the number of subscribers, and each event's text is built once.
 */
export class LiveHub {
  private readonly byLot = new Map<string, Set<LiveConnection>>();
  private readonly perClient = new Map<string, number>();
  private readonly connections = new Set<LiveConnection>();
  private readonly pending = new Set<string>();
  private readonly pendingEvents = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly read: (lotIds: readonly string[]) => Promise<LiveLot[]>;
  private readonly readEventLots: (eventIds: readonly string[]) => Promise<string[]>;

  constructor(
    db: Executor,
    private readonly options: LiveHubOptions,
  ) {
    this.read = options.read ?? ((ids) => readLiveLots(db, ids));
    this.readEventLots = options.readEventLots ?? ((ids) => lotIdsOfEvents(db, ids));
    this.heartbeat = setInterval(() => {
      for (const connection of this.connections) connection.write(HEARTBEAT);
    }, options.heartbeatMs ?? 10_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.connections.size;
  }

  /** Refuses a new stream over the limits (or once the app is closing), before anything is opened. */
  admit(client: string): void {
    if (this.closed || this.connections.size >= this.options.maxConnections) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Too many live streams are open; try again shortly');
    }
    if ((this.perClient.get(client) ?? 0) >= this.options.maxConnectionsPerClient) {
      throw new AppError('RATE_LIMITED', 'Too many live streams are open from this address');
    }
  }

  add(connection: LiveConnection): void {
    this.connections.add(connection);
    this.perClient.set(connection.client, (this.perClient.get(connection.client) ?? 0) + 1);
    for (const id of connection.lotIds) {
      const set = this.byLot.get(id);
      if (set) set.add(connection);
      else this.byLot.set(id, new Set([connection]));
    }
  }

  /** Frees everything the stream held, at once (its client went away or the app closes). */
  remove(connection: LiveConnection): void {
    if (!this.connections.delete(connection)) return;
    connection.close();
    const left = (this.perClient.get(connection.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(connection.client, left);
    else this.perClient.delete(connection.client);
    for (const id of connection.lotIds) {
      const set = this.byLot.get(id);
      set?.delete(connection);
      if (set?.size === 0) this.byLot.delete(id);
    }
  }

  /** The current state of the stream's lots, sent first (reconnects with Last-Event-ID, and fresh streams). */
  async sendCurrent(connection: LiveConnection): Promise<void> {
    // Oldest change first, so the stream's ids grow without re-encoding.
    const lots = [...(await this.read(connection.lotIds))].sort((a, b) => a.seq - b.seq);
    for (const lot of lots) connection.send(lot, lotEventText(lot));
  }

  /** A notification: these lots changed somewhere. Ids nobody here follows are dropped at once. */
  changed(lotIds: readonly string[]): void {
    for (const id of lotIds) if (this.byLot.has(id)) this.pending.add(id);
    this.schedule();
  }

  /**
   * A notification: these events were paused or resumed (decision 0093). No lot changed, so the hub looks up
   * the events' lots it follows at the next flush and sends their state with the new pause.
   */
  eventsChanged(eventIds: readonly string[]): void {
    if (this.byLot.size === 0) return;
    for (const id of eventIds) this.pendingEvents.add(id);
    this.schedule();
  }

  /** After the listener reconnected: notifications may have been missed, so every followed lot is read again. */
  resync(): void {
    for (const id of this.byLot.keys()) this.pending.add(id);
    this.schedule();
  }

  private schedule(): void {
    if ((this.pending.size === 0 && this.pendingEvents.size === 0) || this.flushTimer || this.flushing) return;
    const wait = Math.max(0, this.lastFlushAt + (this.options.coalesceMs ?? 50) - performance.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.lastFlushAt = performance.now();
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        this.schedule();
      });
    }, wait);
  }

  private async flush(): Promise<void> {
    const eventIds = [...this.pendingEvents];
    this.pendingEvents.clear();
    const started = performance.now();
    let lots: LiveLot[];
    let ids: string[] = [];
    try {
      if (eventIds.length > 0) {
        for (const id of await this.readEventLots(eventIds)) if (this.byLot.has(id)) this.pending.add(id);
      }
      ids = [...this.pending];
      this.pending.clear();
      lots = ids.length > 0 ? await this.read(ids) : [];
    } catch (err) {
      // The database is briefly away: keep the ids for the next try rather than lose the change.
      for (const id of eventIds) this.pendingEvents.add(id);
      for (const id of ids) this.pending.add(id);
      this.options.log?.warn({ err }, 'live: could not read changed lots');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return;
    }
    const read = performance.now();
    let writes = 0;
    for (const lot of lots) {
      const text = lotEventText(lot);
      for (const connection of this.byLot.get(lot.data._id) ?? []) {
        connection.send(lot, text);
        writes++;
      }
    }
    const done = performance.now();
    // An operator (and the fan-out bench) sees when a fan-out holds the event loop long.
    if (done - started > SLOW_FANOUT_MS) {
      const figures = {
        lots: lots.length,
        writes,
        readMs: Math.round(read - started),
        writeMs: Math.round(done - read),
      };
      this.options.log?.warn(figures, 'live: slow fan-out');
    }
  }

  /** Ends every stream and stops the timers (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending.clear();
    this.pendingEvents.clear();
    for (const connection of [...this.connections]) this.remove(connection);
    await this.flushing;
  }
}
