import type { ServerResponse } from 'node:http';
import type { LiveLot } from './read-live-lots';

/** A stream whose unsent output passes this is too slow to follow: it is closed (the browser reconnects). */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * One `lot` event as SSE bytes (contract §5): `id:` is the lot's change_seq.
 * Encoded once per change, then written as is to every stream following the lot.
 */
export function lotEventText(lot: LiveLot, id = lot.seq): Buffer {
  return Buffer.from(`id: ${id}\nevent: lot\ndata: ${JSON.stringify(lot.data)}\n\n`);
}

/**
 * One open live stream. It remembers the last change it sent per lot, so
 * a lot never goes back in time on it whatever order the reads finish in
 * (its own first read and a fan-out), and the same change is never sent twice.
 */
export class LiveConnection {
  /** Per lot, the change and the pause version last sent. */
  private readonly sent = new Map<string, { seq: number; pauses: number }>();
  closed = false;

  constructor(
    private readonly res: ServerResponse,
    readonly client: string,
    readonly lotIds: readonly string[],
  ) {}

  /** The last `id:` this stream sent: contract §5's ids only grow on a stream. */
  private lastId = 0;

  /**
   * Writes the event when it is newer than what this stream has of that lot
   * (a higher change, or the same change and a later pause or resume of its event).
   * Its `id:` is the lot's change_seq, unless the stream already sent a higher
   * id (another lot's later change, or changes committed out of their sequence
   * order): then it repeats that id, re-encoding this one event, so the ids a
   * stream sends never go down and a reconnect's Last-Event-ID is its newest.
   */
  send(lot: LiveLot, text: string | Buffer): void {
    if (this.closed) return;
    // A pause or a resume of the lot's event (no new change_seq) is newer by its pause version. Reads are
    // snapshots, so a later one has neither number lower.
    const last = this.sent.get(lot.data._id);
    if (last && (lot.seq < last.seq || (lot.seq === last.seq && lot.pauses <= last.pauses))) return;
    this.sent.set(lot.data._id, { seq: lot.seq, pauses: lot.pauses });
    if (lot.seq >= this.lastId) {
      this.lastId = lot.seq;
      this.write(text);
    } else {
      this.write(lotEventText(lot, this.lastId));
    }
  }

  write(text: string | Buffer): void {
    if (this.closed) return;
    this.res.write(text);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end();
  }
}
