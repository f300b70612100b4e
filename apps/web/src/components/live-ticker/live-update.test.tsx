// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardFooter } from '../lot-card/card-footer';
import { BELL_MS, BOUNCE_MS, LIVE, tickTimers } from './live-dom';
import { applyLotChange } from './live-update';

const END = Date.parse('2030-01-01T12:00:00Z');
const NOW = Date.parse('2030-01-01T11:00:00Z');

function card(id: string, options: { currency?: string | null; bidAmount?: number | null; count?: number } = {}) {
  const count = options.count ?? 0;
  return renderToStaticMarkup(
    <article {...{ [LIVE.lotId]: id }}>
      <CardFooter
        price={{ label: options.bidAmount ? 'Current bid' : 'Starting bid', text: options.bidAmount ? '$10' : '$5' }}
        bidAmount={options.bidAmount ?? null}
        liveCurrency={options.currency === undefined ? 'USD' : options.currency}
        bidsCount={count}
        bidsText={`${count} bids`}
        timer={{ endsAt: END, statusText: 'ACTIVE' }}
        highlighted={false}
        now={NOW}
      />
    </article>,
  );
}

const change = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  currentBid: { amount: 1_250_00 },
  bidsCount: 3,
  endedAt: '2030-01-01T12:02:00.000Z',
  status: 'Active' as const,
  serverTime: '2030-01-01T11:59:00.000Z',
  paused: false,
  ...over,
});

describe('applyLotChange', () => {
  beforeEach(() => {
    document.body.innerHTML = card('a') + card('b', { bidAmount: 10_00, count: 1 });
  });

  it('writes the price, its label, the bid attributes and count, the extended end and the status of that lot only', () => {
    applyLotChange(document, change('a', { status: 'Sold' }));
    const [a, b] = document.querySelectorAll('article');
    const amount = a?.querySelector(`[${LIVE.bidAmount}]`);
    expect(amount?.textContent).toBe('$1,250');
    expect(amount?.getAttribute(LIVE.bidAmount)).toBe('125000');
    expect(amount?.getAttribute(LIVE.bidsCount)).toBe('3');
    expect(a?.querySelector(`[${LIVE.priceLabel}]`)?.textContent).toBe('Current bid');
    expect(a?.querySelector(`[${LIVE.bidsText}]`)?.textContent).toBe('3 bids');
    const time = a?.querySelector('time');
    expect(time?.getAttribute(LIVE.endsAt)).toBe(String(Date.parse('2030-01-01T12:02:00Z')));
    expect(time?.getAttribute('datetime')).toBe('2030-01-01T12:02:00.000Z');
    expect(time?.getAttribute(LIVE.status)).toBe('SOLD');
    // The other card is untouched.
    expect(b?.querySelector(`[${LIVE.bidAmount}]`)?.getAttribute(LIVE.bidAmount)).toBe('1000');
    expect(b?.querySelector('time')?.getAttribute(LIVE.endsAt)).toBe(String(END));
  });

  it('writes a one-bid count in the singular, and leaves a buy-now price alone', () => {
    document.body.innerHTML = card('c', { currency: null });
    applyLotChange(document, change('c', { bidsCount: 1 }));
    const amount = document.querySelector(`[${LIVE.bidAmount}]`);
    expect(amount?.textContent).toBe('$5');
    expect(amount?.getAttribute(LIVE.bidAmount)).toBe('');
    document.body.innerHTML = card('d');
    applyLotChange(document, change('d', { bidsCount: 1 }));
    expect(document.querySelector(`[${LIVE.bidsText}]`)?.textContent).toBe('1 bid');
  });

  it('changes nothing when the state is the one shown', () => {
    applyLotChange(document, change('a'));
    const before = document.body.innerHTML;
    const observer = new MutationObserver(() => {});
    observer.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    applyLotChange(document, change('a'));
    expect(observer.takeRecords()).toEqual([]);
    expect(document.body.innerHTML).toBe(before);
  });
});

describe('with the page ticker', () => {
  afterEach(() => vi.useRealTimers());

  it('bounces the price for 500 ms and rings the bell for 5 s when a change arrives', async () => {
    const { announceBidChange } = await import('./live-dom');
    vi.useFakeTimers();
    const timers = { set: setTimeout, clear: clearTimeout };
    const observer = new MutationObserver((records) => {
      for (const r of records) if (r.target instanceof HTMLElement) announceBidChange(r.target, timers);
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: [LIVE.bidAmount] });
    applyLotChange(document, change('b'));
    await Promise.resolve();
    const amount = document.querySelectorAll('article')[1]?.querySelector(`[${LIVE.bidAmount}]`);
    const bell = document.querySelectorAll('article')[1]?.querySelector('svg[aria-label="New bid"]')?.parentElement;
    expect(amount?.getAttribute(LIVE.bouncing)).toBe('true');
    expect(bell?.getAttribute(LIVE.ringing)).toBe('true');
    vi.advanceTimersByTime(BOUNCE_MS);
    expect(amount?.hasAttribute(LIVE.bouncing)).toBe(false);
    expect(bell?.getAttribute(LIVE.ringing)).toBe('true');
    vi.advanceTimersByTime(BELL_MS - BOUNCE_MS);
    expect(bell?.hasAttribute(LIVE.ringing)).toBe(false);
    observer.disconnect();
  });

  it('rings the lot page’s own bell too: its price block is a live holder, not an article', async () => {
    const { announceBidChange } = await import('./live-dom');
    // The lot page: the price block inside a page that also shows other lots' cards.
    document.body.innerHTML = `<main><div ${LIVE.lotId}="p">${card('p').replace(/^<article[^>]*>|<\/article>$/g, '')}</div>${card('q')}</main>`;
    const timers = { set: setTimeout, clear: clearTimeout };
    const amount = document.querySelector<HTMLElement>(`div[${LIVE.lotId}="p"] [${LIVE.bidAmount}]`);
    announceBidChange(amount as HTMLElement, timers);
    const ringing = [...document.querySelectorAll(`[${LIVE.ringing}]`)];
    expect(ringing).toHaveLength(1);
    expect(ringing[0]?.closest(`[${LIVE.lotId}]`)?.getAttribute(LIVE.lotId)).toBe('p');
  });
});

describe('a paused event (decision 0093)', () => {
  const time = () => document.querySelector('time');

  it("says a lot's timer is paused when its event is paused, and counts to the moved end when it resumes", () => {
    document.body.innerHTML = card('a');
    tickTimers(document, NOW);
    expect(time()?.textContent).toBe('0d 1h 0m');
    applyLotChange(document, change('a', { paused: true, endedAt: '2030-01-01T12:00:00.000Z' }));
    tickTimers(document, NOW + 10 * 60_000);
    expect(time()?.textContent).toBe('Bidding paused');
    expect(time()?.parentElement?.dataset.tone).toBeUndefined();
    // The resume moved the end by the 10 minutes paused: the hour left at the pause is left again.
    applyLotChange(document, change('a', { paused: false, endedAt: '2030-01-01T12:10:00.000Z' }));
    tickTimers(document, NOW + 10 * 60_000);
    expect(time()?.textContent).toBe('0d 1h 0m');
    expect(time()?.parentElement?.dataset.tone).toBe('red');
  });

  it('renders a paused timer as paused on the server, with the end the live stream resumes from', () => {
    const html = renderToStaticMarkup(
      <CardFooter
        price={null}
        bidAmount={null}
        bidsCount={0}
        bidsText={null}
        timer={{ endsAt: END, statusText: 'ACTIVE', paused: true }}
        highlighted
        now={NOW}
      />,
    );
    document.body.innerHTML = html;
    expect(time()?.textContent).toBe('Bidding paused');
    expect(time()?.getAttribute(LIVE.endsAt)).toBe(String(END));
    expect(time()?.parentElement?.dataset.tone).toBeUndefined();
  });
});
