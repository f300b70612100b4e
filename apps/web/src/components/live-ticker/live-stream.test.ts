// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE } from './live-dom';
import { collectLotIds, liveUrl, MAX_LIVE_LOTS, startLiveStream } from './live-stream';
import { LOT_CHANGE_EVENT } from './live-update';

/** Stands in for the browser's EventSource: records what was opened and lets the test push events. */
class FakeSource extends EventTarget {
  static opened: FakeSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  push(seq: number, data: object) {
    this.dispatchEvent(new MessageEvent('lot', { data: JSON.stringify(data), lastEventId: String(seq) }));
  }
}

const holder = (id: string) =>
  `<article ${LIVE.lotId}="${id}"><p><span ${LIVE.bidAmount}="" ${LIVE.bidsCount}="0" ${LIVE.currency}="USD">$5</span></p></article>`;

const lot = (id: string, amount: number, serverTime = '2030-01-01T00:00:00.000Z') => ({
  _id: id,
  currentBid: { amount },
  bidsCount: 1,
  endedAt: null,
  status: 'Active',
  serverTime,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the live stream client', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    FakeSource.opened = [];
    document.body.innerHTML = '';
  });

  it('collects the distinct lot ids of the page, sorted and capped', () => {
    document.body.innerHTML = holder('b') + holder('a') + holder('b');
    expect(collectLotIds(document)).toEqual(['a', 'b']);
    document.body.innerHTML = Array.from({ length: MAX_LIVE_LOTS + 5 }, (_, i) => holder(`l${i}`)).join('');
    expect(collectLotIds(document)).toHaveLength(MAX_LIVE_LOTS);
    expect(liveUrl(['a b', 'c'])).toBe('/marketplace/api/live?eventLotIds=a%20b,c');
  });

  it('opens one stream for the page, applies each change, follows the server clock and dispatches lotline:lot-change', () => {
    document.body.innerHTML = holder('a') + holder('b');
    const times: number[] = [];
    const details: unknown[] = [];
    document.addEventListener(LOT_CHANGE_EVENT, (e) => details.push((e as CustomEvent).detail));
    stop = startLiveStream(document, {
      onServerTime: (ms) => times.push(ms),
      EventSource: FakeSource as unknown as typeof EventSource,
    });
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/marketplace/api/live?eventLotIds=a,b']);
    FakeSource.opened[0]?.push(7, lot('a', 20_00));
    expect(document.querySelector(`[${LIVE.bidAmount}]`)?.getAttribute(LIVE.bidAmount)).toBe('2000');
    expect(times).toEqual([Date.parse('2030-01-01T00:00:00Z')]);
    expect(details).toEqual([lot('a', 20_00)]);
    // An older change of the same lot (a resend) never undoes a newer one.
    FakeSource.opened[0]?.push(6, lot('a', 10_00));
    expect(document.querySelector(`[${LIVE.bidAmount}]`)?.getAttribute(LIVE.bidAmount)).toBe('2000');
    expect(details).toHaveLength(1);
  });

  it('reopens the stream when the lots on the page change, and opens none for a page without lots', async () => {
    stop = startLiveStream(document, {
      onServerTime: () => {},
      EventSource: FakeSource as unknown as typeof EventSource,
      resubscribeMs: 5,
    });
    expect(FakeSource.opened).toHaveLength(0);
    document.body.insertAdjacentHTML('beforeend', holder('x'));
    await settle();
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/marketplace/api/live?eventLotIds=x']);
    document.body.insertAdjacentHTML('beforeend', holder('y'));
    await settle();
    expect(FakeSource.opened.map((s) => s.url)).toEqual([
      '/marketplace/api/live?eventLotIds=x',
      '/marketplace/api/live?eventLotIds=x,y',
    ]);
    expect(FakeSource.opened[0]?.closed).toBe(true);
    stop();
    expect(FakeSource.opened[1]?.closed).toBe(true);
  });
});
