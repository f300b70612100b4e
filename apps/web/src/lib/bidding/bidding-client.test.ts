import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBidding, isUnsettled, newIdempotencyKey, postBid, postRegistration } from './bidding-client';

const lot = {
  eventLotId: 'lot_1',
  type: 'AuctionLot',
  status: 'Active',
  currency: 'USD',
  startingBid: 100_000,
  currentBid: { amount: 125_000 },
  bidsCount: 3,
  minimumBid: 130_000,
  reserveMet: null,
  endedAt: '2026-11-24T12:30:00.000Z',
  serverTime: '2026-11-24T12:00:00.000Z',
  increments: [{ from: 0, increment: 500 }],
  presets: [250_000, 500_000],
  terms: { buyersPremiumBps: 1_000, taxRate: 8.25, buyerFees: [{ kind: 'rigging', amount: 25_000 }] },
  you: { registered: true, biddingStatus: 'winning', maxBidAmount: 150_000 },
};

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the panel’s API calls', () => {
  it('reads GET bidding from the contract path, dates as ms', async () => {
    const fetch = answer(200, { status: 'success', data: lot });
    vi.stubGlobal('fetch', fetch);
    const result = await fetchBidding('lot/1');
    expect(fetch).toHaveBeenCalledWith(
      '/marketplace/api/event/event-lots/lot%2F1/bidding',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
    expect(result).toMatchObject({
      ok: true,
      data: {
        minimumBid: 130_000,
        endedAt: Date.parse(lot.endedAt),
        serverTime: Date.parse(lot.serverTime),
        terms: lot.terms,
      },
    });
  });

  it('refuses a bidding state without the terms a bid is priced with', async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'success', data: { ...lot, terms: undefined } }));
    expect(await fetchBidding('lot_1')).toMatchObject({ ok: false, code: 'INTERNAL' });
    for (const fee of [
      { kind: 'rigging', amount: '250' },
      { kind: 'storage', amount: 250 },
    ]) {
      const badFee = { ...lot.terms, buyerFees: [fee] };
      vi.stubGlobal('fetch', answer(200, { status: 'success', data: { ...lot, terms: badFee } }));
      expect(await fetchBidding('lot_1'), JSON.stringify(fee)).toMatchObject({ ok: false, code: 'INTERNAL' });
    }
  });

  it('posts a bid with its Idempotency-Key and reads the lot as the bid left it', async () => {
    const fetch = answer(201, {
      status: 'success',
      data: { bid: { _id: 'b1', amount: 130_000, maxAmount: 200_000, createdAt: lot.serverTime }, lot },
    });
    vi.stubGlobal('fetch', fetch);
    const result = await postBid('lot_1', { amount: 130_000, maxAmount: 200_000 }, 'key-1');
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/marketplace/api/event/event-lots/lot_1/bids');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
    expect(JSON.parse(init.body as string)).toEqual({ amount: 130_000, maxAmount: 200_000 });
    expect(result).toMatchObject({ ok: true, status: 201, data: { bid: { _id: 'b1' } } });
  });

  it('keeps the API’s refusal: code, message and field', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, {
        status: 'error',
        errors: [{ code: 'BID_TOO_LOW', message: 'Your bid must be at least $1,300', field: 'amount' }],
      }),
    );
    expect(await postBid('lot_1', { amount: 1 }, 'k')).toEqual({
      ok: false,
      status: 409,
      code: 'BID_TOO_LOW',
      message: 'Your bid must be at least $1,300',
      field: 'amount',
    });
  });

  it('tells a lost connection (status 0) from an answer, and never trusts a body it cannot read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await postRegistration('u1', 'ev1', {}, 'k')).toMatchObject({ ok: false, status: 0, code: 'NETWORK' });
    vi.stubGlobal('fetch', answer(200, { status: 'success', data: { auctionId: 'ev1' } }));
    expect(await postRegistration('u1', 'ev1', {}, 'k')).toMatchObject({ ok: false, code: 'INTERNAL' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    expect(await fetchBidding('lot_1')).toMatchObject({ ok: false, status: 502, code: 'INTERNAL' });
  });

  it('counts no answer and server failures as unsettled (retry with the same key), refusals as settled', () => {
    expect([0, 500, 502, 503].map(isUnsettled)).toEqual([true, true, true, true]);
    expect([200, 201, 400, 401, 403, 409, 429].map(isUnsettled)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('makes a new key for every attempt, within the contract’s 1-255 characters', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
