import type { ServerResponse } from 'node:http';
import type { Executor } from '@lotline/db';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors';
import { LiveConnection, MAX_BUFFERED_BYTES } from './live-connection';
import { LiveHub } from './live-hub';
import type { LiveLot } from './read-live-lots';

/** A response that keeps what was written; `stuck` makes it stop draining (a client that does not read). */
function fakeResponse(stuck = false) {
  const res = {
    written: [] as string[],
    ended: false,
    writableLength: 0,
    write(text: string) {
      res.written.push(text);
      if (stuck) res.writableLength += text.length;
      return true;
    },
    end() {
      res.ended = true;
    },
  };
  return res;
}

const lot = (id: string, seq: number, pauses = 0): LiveLot => ({
  seq,
  pauses,
  data: { _id: id, currentBid: null, bidsCount: seq, endedAt: null, status: 'Active', serverTime: '', paused: false },
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LiveHub', () => {
  let hub: LiveHub;
  afterEach(() => hub.close());

  function hubWith(state: Map<string, number>, reads: string[][], coalesceMs = 40) {
    return new LiveHub({} as Executor, {
      maxConnections: 3,
      maxConnectionsPerClient: 2,
      coalesceMs,
      heartbeatMs: 60_000,
      read: async (ids) => {
        reads.push([...ids]);
        return ids.filter((id) => state.has(id)).map((id) => lot(id, state.get(id) ?? 0));
      },
    });
  }

  it('sends a lone change at once and reads a burst once, only for followed lots, never going back', async () => {
    const state = new Map([
      ['a', 1],
      ['b', 1],
    ]);
    const reads: string[][] = [];
    hub = hubWith(state, reads);
    const res = fakeResponse();
    const connection = new LiveConnection(res as unknown as ServerResponse, 'ip', ['a', 'b']);
    hub.add(connection);
    state.set('a', 2);
    hub.changed(['a', 'nobody-follows-this']);
    await wait(10);
    expect(reads).toEqual([['a']]);
    expect(res.written.join('')).toContain('id: 2\nevent: lot\n');
    // A burst inside the window: one read at its end, the latest state only.
    for (let seq = 3; seq <= 6; seq++) {
      state.set('a', seq);
      state.set('b', seq);
      hub.changed(['a', 'b']);
    }
    await wait(80);
    expect(reads).toHaveLength(2);
    expect([...(reads[1] ?? [])].sort()).toEqual(['a', 'b']);
    // The same or an older change is not sent again (a resync after a lost listener re-reads everything).
    const before = res.written.length;
    hub.resync();
    await wait(80);
    expect(reads).toHaveLength(3);
    expect(res.written).toHaveLength(before);
  });

  it('sends ids that only grow on a stream: the current state oldest change first, a lower seq under the last id', async () => {
    const state = new Map([
      ['a', 9],
      ['b', 4],
    ]);
    hub = hubWith(state, []);
    const res = fakeResponse();
    const connection = new LiveConnection(res as unknown as ServerResponse, 'ip', ['a', 'b']);
    hub.add(connection);
    await hub.sendCurrent(connection);
    // b's change 7 was committed after a's change 9 was sent: it goes out with id 9, not 7.
    state.set('b', 7);
    hub.changed(['b']);
    await wait(10);
    const ids = res.written
      .join('')
      .match(/^id: \d+$/gm)
      ?.map((line) => Number(line.slice(4)));
    expect(ids).toEqual([4, 9, 9]);
    expect(String(res.written.at(-1))).toContain('"bidsCount":7');
  });

  it('fans a pause or resume of an event out to its followed lots, at the same change, once per pause version', async () => {
    const pauses = { n: 0 };
    const reads: string[][] = [];
    hub = new LiveHub({} as Executor, {
      maxConnections: 3,
      maxConnectionsPerClient: 2,
      coalesceMs: 10,
      heartbeatMs: 60_000,
      read: async (ids) => {
        reads.push([...ids]);
        return ids.map((id) => lot(id, 5, pauses.n));
      },
      readEventLots: async (eventIds) => (eventIds.includes('ev') ? ['a', 'b', 'not-followed'] : []),
    });
    const res = fakeResponse();
    const connection = new LiveConnection(res as unknown as ServerResponse, 'ip', ['a']);
    hub.add(connection);
    await hub.sendCurrent(connection);
    expect(res.written).toHaveLength(1);
    pauses.n = 1;
    hub.eventsChanged(['ev']);
    await wait(30);
    // Only the followed lot is read; its change is the same, its pause newer: sent, under the same id.
    expect(reads.at(-1)).toEqual(['a']);
    expect(res.written).toHaveLength(2);
    expect(String(res.written[1])).toMatch(/^id: 5\n/);
    // The same pause version again (another process's repeat, a resync) is not sent twice.
    hub.eventsChanged(['ev']);
    await wait(30);
    expect(res.written).toHaveLength(2);
    pauses.n = 2;
    hub.eventsChanged(['other', 'ev']);
    await wait(30);
    expect(res.written).toHaveLength(3);
  });

  it('refuses over the per-client and the process limits, and frees a stream at once', () => {
    hub = hubWith(new Map(), []);
    const open = (client: string) => {
      hub.admit(client);
      const c = new LiveConnection(fakeResponse() as unknown as ServerResponse, client, ['a']);
      hub.add(c);
      return c;
    };
    const first = open('x');
    open('x');
    expect(() => hub.admit('x')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }) as AppError);
    open('y');
    expect(() => hub.admit('z')).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) as AppError);
    hub.remove(first);
    expect(hub.size).toBe(2);
    expect(() => hub.admit('x')).not.toThrow();
  });

  it('ends every stream when the app closes, and opens no new one after', async () => {
    hub = hubWith(new Map(), []);
    const res = fakeResponse();
    hub.add(new LiveConnection(res as unknown as ServerResponse, 'x', ['a']));
    await hub.close();
    expect(res.ended).toBe(true);
    expect(hub.size).toBe(0);
    expect(() => hub.admit('y')).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) as AppError);
  });

  it('closes a stream whose client stops reading', () => {
    hub = hubWith(new Map(), []);
    const res = fakeResponse(true);
    const connection = new LiveConnection(res as unknown as ServerResponse, 'ip', ['a']);
    const text = 'x'.repeat(64 * 1024);
    for (let seq = 1; seq <= 5; seq++) connection.send(lot('a', seq), text);
    expect(res.ended).toBe(true);
    expect(res.written.length).toBe(Math.ceil((MAX_BUFFERED_BYTES + 1) / text.length));
  });
});
