import type { ServerResponse } from 'node:http';
import { MAX_BUFFERED_BYTES } from './live-connection';

/** At most this many web processes follow one API process's page changes (each holds one stream). */
export const MAX_PAGE_CHANGE_STREAMS = 64;

/** A comment line this often proves an idle stream alive (the web process drops one silent for 3 × this). */
export const PAGE_CHANGES_HEARTBEAT_MS = 10_000;

/**
 * The page cache's invalidations (decision 0103): every web process keeps one stream of
 * `GET /internal/page-changes` open, and each NOTIFY this API process receives on the lot-changes channel is
 * passed on as one SSE event, `changes`, data `{lots: [ids], events: [ids]}` (a lot's change: its price, count,
 * end, status, anything its `change_seq` moves for; an event's publication, pause or resume, which also ends
 * every browse and seller page). `ready` opens the stream;
 * `reset` follows a lost LISTEN connection (notifications sent meanwhile are lost: the web process empties its
 * cache). The payload is ids only, read by no one else: nothing here reads the database.
 */
export class PageChangeFeed {
  private readonly streams = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = PAGE_CHANGES_HEARTBEAT_MS) {
    this.heartbeat = setInterval(() => this.write(': alive\n\n'), heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** False when the process follows as many streams as it takes. */
  admits(): boolean {
    return this.streams.size < MAX_PAGE_CHANGE_STREAMS;
  }

  add(res: ServerResponse): void {
    this.streams.add(res);
    res.write('event: ready\ndata: {}\n\n');
    res.on('close', () => this.streams.delete(res));
  }

  changed(lots: readonly string[], events: readonly string[] = []): void {
    if (lots.length === 0 && events.length === 0) return;
    this.write(`event: changes\ndata: ${JSON.stringify({ lots, events })}\n\n`);
  }

  reset(): void {
    this.write('event: reset\ndata: {}\n\n');
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.streams) res.end();
    this.streams.clear();
  }

  private write(text: string): void {
    for (const res of this.streams) {
      res.write(text);
      // A reader this far behind has stale pages anyway: dropped, it reconnects and starts from an empty cache.
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
    }
  }
}
