// Live-stream subscribers for scale:test: each reads `lot` events of GET /marketplace/api/live as a browser's
// EventSource does, and when its stream ends or fails (its API process was killed) reconnects through the balancer
// with `Last-Event-ID`, as EventSource does after the stream's `retry:` delay.
import { setTimeout as sleep } from 'node:timers/promises';

/** A stream silent for longer than this is dead (the API sends a comment line at least every 15 s). */
const SILENT_MS = 35_000;

export class Subscribers {
  #origin;
  #streams = [];
  #closed = false;
  #reconnects = 0;
  #updates = 0;

  constructor(origin) {
    this.#origin = origin;
  }

  /** Opens `count` streams on `lotId`; resolves when each has had its first answer (or failed to). */
  async open(count, lotId) {
    const firsts = [];
    for (let i = 0; i < count; i++) {
      const stream = { lastId: undefined, bidsCount: undefined, connected: false, abort: undefined };
      this.#streams.push(stream);
      firsts.push(new Promise((resolve) => this.#run(stream, lotId, resolve)));
      // A few at a time: a thousand TLS handshakes at once would only measure the handshakes.
      if (i % 50 === 49) await sleep(50);
    }
    await Promise.all(firsts);
  }

  connected() {
    return this.#streams.filter((s) => s.connected).length;
  }

  reconnects() {
    return this.#reconnects;
  }

  /** The lot updates received so far, over every stream. */
  updates() {
    return this.#updates;
  }

  /** Waits until every stream shows `bidsCount`; resolves to how many do when it stops waiting. */
  async waitForBidsCount(bidsCount, ms) {
    const until = Date.now() + ms;
    const count = () => this.#streams.filter((s) => s.bidsCount === bidsCount).length;
    while (count() < this.#streams.length && Date.now() < until) await sleep(200);
    return count();
  }

  close() {
    this.#closed = true;
    for (const stream of this.#streams) stream.abort?.abort();
  }

  async #run(stream, lotId, onFirst) {
    let first = true;
    while (!this.#closed) {
      const abort = new AbortController();
      stream.abort = abort;
      try {
        const headers = stream.lastId === undefined ? {} : { 'last-event-id': String(stream.lastId) };
        const res = await fetch(`${this.#origin}/marketplace/api/live?eventLotIds=${lotId}`, {
          headers,
          signal: abort.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`live stream answered ${res.status}`);
        stream.connected = true;
        if (first) onFirst();
        first = false;
        await this.#read(stream, res.body, abort);
      } catch {
        // Ended, refused or cut: reconnect below, as EventSource does.
      }
      if (first) {
        first = false;
        onFirst();
      }
      if (this.#closed) return;
      this.#reconnects++;
      await sleep(300 + Math.random() * 700);
    }
  }

  async #read(stream, body, abort) {
    const decoder = new TextDecoder();
    let buffer = '';
    let watchdog = setTimeout(() => abort.abort(), SILENT_MS);
    try {
      for await (const chunk of body) {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => abort.abort(), SILENT_MS);
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          this.#event(stream, buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } finally {
      clearTimeout(watchdog);
    }
  }

  #event(stream, block) {
    let id;
    let data;
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = Number(line.slice(4));
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (data === undefined) return;
    this.#updates++;
    if (id !== undefined) stream.lastId = id;
    stream.bidsCount = JSON.parse(data).bidsCount;
  }
}
