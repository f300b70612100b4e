import { describe, expect, it } from 'vitest';
import { applyProxyBid, type ProxyLotState } from './proxy-bid';

// Amounts in cents: $1,000 = 100_000 (increment $50 = 5_000 from $1,000; $25 = 2_500 from $500).
const fresh: ProxyLotState = { startingBid: 100_000, price: null, leaderId: null, leaderMax: null, reserve: null };
const led = (price: number, leaderMax: number, reserve: number | null = null): ProxyLotState => ({
  ...fresh,
  price,
  leaderId: 'L',
  leaderMax,
  reserve,
});

describe('the proxy rule (BIDDING §3)', () => {
  it('refuses a first bid below the starting bid and names the minimum (rule 1)', () => {
    expect(applyProxyBid(fresh, { bidderId: 'N', amount: 99_999, currentMax: null })).toEqual({
      accepted: false,
      code: 'BID_TOO_LOW',
      minimum: 100_000,
    });
  });

  it('lets the first bid lead at its amount, whatever its maximum (rule 3)', () => {
    const r = applyProxyBid(fresh, { bidderId: 'N', amount: 100_000, maxAmount: 300_000, currentMax: null });
    expect(r).toMatchObject({ accepted: true, price: 100_000, leaderId: 'N', leaderMax: 300_000, reserveMet: null });
    expect(r.accepted && r.rows).toEqual([
      { userId: 'N', kind: 'bid', amount: 100_000, maxAmount: 300_000, priceAfter: 100_000 },
    ]);
  });

  it('refuses a bid below price + inc(price) once someone bid (rule 1, §2)', () => {
    expect(applyProxyBid(led(100_000, 100_000), { bidderId: 'N', amount: 104_999, currentMax: null })).toMatchObject({
      code: 'BID_TOO_LOW',
      minimum: 105_000,
    });
  });

  it('takes the lead at one increment above the old maximum, after an auto row for the old leader (rule 4)', () => {
    const r = applyProxyBid(led(100_000, 150_000), {
      bidderId: 'N',
      amount: 105_000,
      maxAmount: 200_000,
      currentMax: null,
    });
    expect(r).toMatchObject({ accepted: true, price: 155_000, leaderId: 'N', outbidUserId: 'L' });
    expect(r.accepted && r.rows).toEqual([
      { userId: 'L', kind: 'auto', amount: 150_000, maxAmount: null, priceAfter: 150_000 },
      { userId: 'N', kind: 'bid', amount: 155_000, maxAmount: 200_000, priceAfter: 155_000 },
    ]);
  });

  it('never prices the new leader above their maximum nor below their amount (rule 4)', () => {
    expect(applyProxyBid(led(100_000, 150_000), { bidderId: 'N', amount: 151_000, currentMax: null })).toMatchObject({
      price: 151_000,
    });
    expect(
      applyProxyBid(led(100_000, 150_000), { bidderId: 'N', amount: 105_000, maxAmount: 152_000, currentMax: null }),
    ).toMatchObject({ price: 152_000 });
  });

  it('has no auto row when the old leader had no room above the price', () => {
    const r = applyProxyBid(led(100_000, 100_000), { bidderId: 'N', amount: 105_000, currentMax: null });
    expect(r.accepted && r.rows.map((row) => row.kind)).toEqual(['bid']);
  });

  it('keeps the leader when the maximum is below theirs, answering one increment above (rule 4)', () => {
    const r = applyProxyBid(led(100_000, 200_000), {
      bidderId: 'N',
      amount: 110_000,
      maxAmount: 120_000,
      currentMax: null,
    });
    expect(r).toMatchObject({ accepted: true, price: 125_000, leaderId: 'L', leaderMax: 200_000, outbidUserId: null });
    expect(r.accepted && r.rows).toEqual([
      { userId: 'N', kind: 'bid', amount: 120_000, maxAmount: 120_000, priceAfter: 120_000 },
      { userId: 'L', kind: 'auto', amount: 125_000, maxAmount: null, priceAfter: 125_000 },
    ]);
  });

  it('gives a tie to the earlier maximum, at that maximum', () => {
    expect(applyProxyBid(led(100_000, 200_000), { bidderId: 'N', amount: 200_000, currentMax: null })).toMatchObject({
      leaderId: 'L',
      price: 200_000,
    });
  });

  it('lets the leader raise their maximum without moving the price (rule 1 exception)', () => {
    const r = applyProxyBid(led(100_000, 150_000), {
      bidderId: 'L',
      amount: 105_000,
      maxAmount: 180_000,
      currentMax: 150_000,
    });
    expect(r).toMatchObject({ accepted: true, price: 100_000, leaderId: 'L', leaderMax: 180_000 });
    expect(r.accepted && r.rows).toEqual([
      { userId: 'L', kind: 'bid', amount: 100_000, maxAmount: 180_000, priceAfter: 100_000 },
    ]);
  });

  it('refuses a leader’s maximum that does not exceed theirs (rules 1 and 2)', () => {
    for (const maxAmount of [150_000, 120_000]) {
      expect(
        applyProxyBid(led(100_000, 150_000), { bidderId: 'L', amount: 105_000, maxAmount, currentMax: 150_000 }),
      ).toEqual({ accepted: false, code: 'MAX_BELOW_CURRENT', currentMax: 150_000 });
    }
  });

  it('moves the price to the reserve when the leader’s maximum reaches it (rule 5)', () => {
    const first = applyProxyBid(
      { ...fresh, reserve: 250_000 },
      {
        bidderId: 'N',
        amount: 100_000,
        maxAmount: 300_000,
        currentMax: null,
      },
    );
    expect(first).toMatchObject({ price: 250_000, reserveMet: true });
    const below = applyProxyBid({ ...fresh, reserve: 250_000 }, { bidderId: 'N', amount: 100_000, currentMax: null });
    expect(below).toMatchObject({ price: 100_000, reserveMet: false });
    const raised = applyProxyBid(led(100_000, 150_000, 250_000), {
      bidderId: 'L',
      amount: 100_000,
      maxAmount: 260_000,
      currentMax: 150_000,
    });
    expect(raised).toMatchObject({ price: 250_000, reserveMet: true });
    const kept = applyProxyBid(led(100_000, 300_000, 250_000), { bidderId: 'N', amount: 105_000, currentMax: null });
    expect(kept).toMatchObject({ leaderId: 'L', price: 250_000, reserveMet: true });
  });

  it('reads the event’s increment table', () => {
    const increments = [{ from: 0, increment: 1_000 }];
    expect(
      applyProxyBid({ ...led(100_000, 100_000), increments }, { bidderId: 'N', amount: 100_500, currentMax: null }),
    ).toMatchObject({ code: 'BID_TOO_LOW', minimum: 101_000 });
  });
});
