import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followPageChanges, tagsOfChanges } from './change-feed.mjs';

/** The page cache's invalidations from a stand-in for the API's `/internal/page-changes` stream (decision 0103). */

let server: http.Server;
let origin: string;
const streams: ServerResponse[] = [];
let answer = 200;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url !== '/internal/page-changes' || answer !== 200) {
      response.writeHead(answer === 200 ? 404 : answer).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: ready\ndata: {}\n\n');
    streams.push(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

function fakeCache() {
  const seen: string[][] = [];
  return {
    live: false,
    clears: 0,
    seen,
    clear() {
      this.clears++;
    },
    invalidate(tags: readonly string[]) {
      seen.push([...tags]);
    },
  };
}
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((done) => setTimeout(done, 10));
  expect(ok()).toBe(true);
};

describe('followPageChanges', () => {
  it('serves once the stream is open, drops what each change names, and stops serving when the stream is lost', async () => {
    const cache = fakeCache();
    const feed = followPageChanges(cache, origin, { log: () => {} });
    await until(() => cache.live);
    const stream = streams.at(-1) as ServerResponse;
    stream.write(': alive\n\nevent: changes\ndata: {"lots":["lot_1","lot_2"],"events":[]}\n\n');
    stream.write('event: changes\r\ndata: {"lots":[],"events":["evt_1"]}\r\n\r\n');
    await until(() => cache.seen.length === 2);
    expect(cache.seen).toEqual([
      ['lot:lot_1', 'lot:lot_2'],
      ['event:evt_1', 'catalog'],
    ]);
    const clears = cache.clears;
    stream.write('event: reset\ndata: {}\n\n');
    await until(() => cache.clears === clears + 1);
    // The API goes: nothing is served from before, until a new stream opens.
    answer = 503;
    stream.end();
    await until(() => !cache.live);
    expect(cache.clears).toBeGreaterThan(clears + 1);
    answer = 200;
    await until(() => cache.live);
    await feed.stop();
    expect(cache.live).toBe(false);
  });

  it('takes a silent stream for lost', async () => {
    const cache = fakeCache();
    const feed = followPageChanges(cache, origin, { log: () => {}, silenceMs: 100 });
    await until(() => cache.live);
    await until(() => !cache.live);
    await feed.stop();
  });
});

describe('tagsOfChanges', () => {
  it('reads the lots and events of a change, and nothing from anything else', () => {
    expect(tagsOfChanges('{"lots":["a",1,""],"events":["e"]}')).toEqual(['lot:a', 'event:e', 'catalog']);
    // A lot's change (a bid) leaves the browse and seller pages to their short lifetime.
    expect(tagsOfChanges('{"lots":["a"],"events":[]}')).toEqual(['lot:a']);
    expect(tagsOfChanges('not json')).toEqual([]);
    expect(tagsOfChanges('{"lots":"a"}')).toEqual([]);
  });
});
