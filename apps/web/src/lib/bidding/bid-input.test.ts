import { describe, expect, it } from 'vitest';
import { checkBid, confirmText } from './bid-input';

const rules = { currency: 'USD', minimumBid: 125_000, standingMax: null };

describe('checkBid: a bid', () => {
  it('takes an amount at least the minimum, and an optional maximum at least the amount', () => {
    expect(checkBid('bid', { amount: '1,250', maxAmount: '' }, rules)).toEqual({
      ok: true,
      body: { amount: 125_000 },
    });
    expect(checkBid('bid', { amount: '1300', maxAmount: '2,000.50' }, rules)).toEqual({
      ok: true,
      body: { amount: 130_000, maxAmount: 200_050 },
    });
    expect(checkBid('bid', { amount: '1300', maxAmount: '1300' }, rules)).toEqual({
      ok: true,
      body: { amount: 130_000, maxAmount: 130_000 },
    });
  });

  it('refuses an amount below the minimum bid with the API’s words, under the amount', () => {
    expect(checkBid('bid', { amount: '1249.99', maxAmount: '5000' }, rules)).toEqual({
      ok: false,
      field: 'amount',
      message: 'Your bid must be at least $1,250',
    });
  });

  it('refuses a bad amount or maximum under its own field', () => {
    expect(checkBid('bid', { amount: '', maxAmount: '' }, rules)).toMatchObject({ ok: false, field: 'amount' });
    expect(checkBid('bid', { amount: '1250', maxAmount: 'lots' }, rules)).toMatchObject({
      ok: false,
      field: 'maxAmount',
    });
    expect(checkBid('bid', { amount: '1500', maxAmount: '1400' }, rules)).toEqual({
      ok: false,
      field: 'maxAmount',
      message: 'Your maximum bid must be at least your bid.',
    });
  });

  it('refuses to lower a standing maximum (BIDDING §3 rule 2)', () => {
    const outbid = { ...rules, standingMax: 300_000 };
    expect(checkBid('bid', { amount: '1250', maxAmount: '2000' }, outbid)).toEqual({
      ok: false,
      field: 'maxAmount',
      message: 'Your maximum bid must be above your current maximum of $3,000',
    });
  });
});

describe('checkBid: the leader raises their maximum', () => {
  const leader = { ...rules, standingMax: 200_000 };
  it('sends the new maximum with the minimum bid as the amount, so an outbid "leader" never bids the whole maximum', () => {
    expect(checkBid('raise', { amount: 'ignored', maxAmount: '2,500' }, leader)).toEqual({
      ok: true,
      body: { amount: Math.min(leader.minimumBid, 250_000), maxAmount: 250_000 },
    });
    expect(checkBid('raise', { amount: '', maxAmount: '2,500' }, { ...leader, minimumBid: 130_000 })).toEqual({
      ok: true,
      body: { amount: 130_000, maxAmount: 250_000 },
    });
  });
  it('refuses a maximum that is not above the standing one', () => {
    for (const maxAmount of ['2000', '1500']) {
      expect(checkBid('raise', { amount: '', maxAmount }, leader)).toEqual({
        ok: false,
        field: 'maxAmount',
        message: 'Your maximum bid must be above your current maximum of $2,000',
      });
    }
  });
});

describe('confirmText', () => {
  it('asks to confirm the bid, naming the maximum when there is one', () => {
    expect(confirmText('bid', { amount: 125_000, maxAmount: 200_000 }, 'USD')).toBe(
      'Confirm your bid of $1,250 (maximum $2,000)',
    );
    expect(confirmText('bid', { amount: 125_000 }, 'USD')).toBe('Confirm your bid of $1,250');
    expect(confirmText('bid', { amount: 125_000, maxAmount: 125_000 }, 'USD')).toBe('Confirm your bid of $1,250');
    expect(confirmText('raise', { amount: 250_000, maxAmount: 250_000 }, 'USD')).toBe(
      'Confirm your new maximum of $2,500',
    );
  });
});
