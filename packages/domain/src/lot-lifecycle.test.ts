import { describe, expect, it } from 'vitest';
import {
  auctionCloseTransition,
  EVENT_LOT_STATUSES,
  type EventLotStatus,
  isActive,
  isBiddable,
  isOpenNow,
  isOpenOrUpcoming,
  isOver,
  isPast,
  isSold,
  isUpcoming,
  LOT_STATUS,
  LOT_TRANSITIONS,
  ORDER_STATUSES,
  PAST_STATUSES,
  SOLD_STATUSES,
  SOLD_VIEW_STATUSES,
  statusesLeadingTo,
  transitionBetween,
} from './lot-lifecycle';

describe('lot transitions', () => {
  // Every allowed move, written out: a change to LOT_TRANSITIONS must change this table too.
  const allowed: [EventLotStatus, EventLotStatus, string][] = [
    ['Pending', 'Active', 'open'],
    ['Active', 'Ended', 'end'],
    ['Active', 'Sold', 'sell'],
    ['Ended', 'Sold', 'sell'],
    ['Active', 'Unsold', 'pass'],
    ['Ended', 'Unsold', 'pass'],
    ['Sold', 'OrderPending', 'order'],
    ['OrderPending', 'OrderPaid', 'pay'],
    ['OrderPending', 'OrderCancelled', 'cancelOrder'],
    ['OrderCancelled', 'Sold', 'resell'],
    ['Sold', 'Active', 'restock'],
    ['Sold', 'Ended', 'restockEnded'],
    ['Pending', 'Unsold', 'withdraw'],
  ];
  // Moves that share their two statuses with an earlier one (transitionBetween names the first).
  const alsoAllowed: [EventLotStatus, EventLotStatus, string][] = [['Active', 'Unsold', 'withdraw']];

  it.each(allowed)('%s → %s is %s', (from, to, name) => {
    expect(transitionBetween(from, to)).toBe(name);
  });

  it('allows no other move between any two statuses', () => {
    for (const from of EVENT_LOT_STATUSES)
      for (const to of EVENT_LOT_STATUSES) {
        const expected = allowed.find(([f, t]) => f === from && t === to)?.[2];
        expect(transitionBetween(from, to), `${from} → ${to}`).toBe(expected);
      }
    const count = Object.values(LOT_TRANSITIONS).reduce((n, t) => n + t.from.length, 0);
    expect(count).toBe(allowed.length + alsoAllowed.length);
    for (const [from, to, name] of alsoAllowed) {
      const move = LOT_TRANSITIONS[name as keyof typeof LOT_TRANSITIONS];
      expect([move.from.includes(from as never), move.to], name).toEqual([true, to]);
    }
  });

  it.each([
    [{ leaderUserId: null, reserveMet: null }, 'pass'],
    [{ leaderUserId: null, reserveMet: false }, 'pass'],
    [{ leaderUserId: 'u1', reserveMet: null }, 'sell'],
    [{ leaderUserId: 'u1', reserveMet: true }, 'sell'],
    [{ leaderUserId: 'u1', reserveMet: false }, 'end'],
  ] as const)('closing an auction lot with %j is %s (BIDDING §7)', (lot, transition) => {
    expect(auctionCloseTransition(lot)).toBe(transition);
  });

  it.each([
    ['Active', ['Pending', 'Sold']],
    ['Sold', ['Active', 'Ended', 'OrderCancelled']],
    ['Pending', []],
    ['OrderPaid', ['OrderPending']],
    ['Ended', ['Active', 'Sold']],
  ] as const)('statusesLeadingTo(%s) is %j', (to, froms) => {
    expect(statusesLeadingTo(to)).toEqual(froms);
  });

  it('a paid lot leads nowhere; a cancelled one only back to Sold, for the runner-up (BIDDING §8)', () => {
    for (const to of EVENT_LOT_STATUSES) {
      expect(transitionBetween('OrderPaid', to)).toBeUndefined();
      expect(transitionBetween('OrderCancelled', to)).toBe(to === 'Sold' ? 'resell' : undefined);
    }
  });

  it('names each status after itself', () => {
    for (const status of EVENT_LOT_STATUSES) expect(LOT_STATUS[status]).toBe(status);
  });
});

describe('status sets', () => {
  it('are the spec §5 lists', () => {
    expect([...ORDER_STATUSES].sort()).toEqual(['OrderCancelled', 'OrderPaid', 'OrderPending']);
    expect([...SOLD_STATUSES].sort()).toEqual(['OrderCancelled', 'OrderPaid', 'OrderPending', 'Sold']);
    expect([...PAST_STATUSES].sort()).toEqual([
      'Ended',
      'OrderCancelled',
      'OrderPaid',
      'OrderPending',
      'Sold',
      'Unsold',
    ]);
    // Sold-only: the past statuses without Unsold (Ended stays, as spec §5 lists it).
    expect([...SOLD_VIEW_STATUSES].sort()).toEqual(['Ended', 'OrderCancelled', 'OrderPaid', 'OrderPending', 'Sold']);
  });
});

describe('status predicates', () => {
  // status, upcoming, active, openOrUpcoming, past, sold
  const table = [
    ['Pending', true, false, true, false, false],
    ['Active', false, true, true, false, false],
    ['Ended', false, false, false, true, false],
    ['Sold', false, false, false, true, true],
    ['Unsold', false, false, false, true, false],
    ['OrderPending', false, false, false, true, true],
    ['OrderPaid', false, false, false, true, true],
    ['OrderCancelled', false, false, false, true, true],
    // Legacy lots: Paused is neither open nor past.
    ['Paused', false, false, false, false, false],
  ] as const;
  it.each(table)(
    '%s: upcoming %s, active %s, open or upcoming %s, past %s, sold %s',
    (status, up, act, ou, past, sold) => {
      expect([isUpcoming(status), isActive(status), isOpenOrUpcoming(status), isPast(status), isSold(status)]).toEqual([
        up,
        act,
        ou,
        past,
        sold,
      ]);
    },
  );
});

describe('time predicates', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const later = now + 60_000;
  const earlier = now - 60_000;

  it.each([
    ['Active', later, false],
    ['Active', now, true],
    ['Active', earlier, true],
    ['Active', null, false],
    ['Pending', later, false],
    ['Ended', later, true],
    ['Sold', null, true],
    ['Unsold', later, true],
  ] as const)('isOver(%s, ends %s) is %s: status or end time', (status, endedAt, over) => {
    expect(isOver({ status, endedAt }, now)).toBe(over);
  });

  it('isPast trusts the status only, unlike isOver', () => {
    expect(isPast('Active')).toBe(false);
    expect(isOver({ status: 'Active', endedAt: earlier }, now)).toBe(true);
  });

  it.each([
    ['Active', null, later, true],
    ['Active', earlier, later, true],
    ['Active', now, later, true],
    ['Active', later, null, false],
    ['Active', null, null, true],
    ['Active', null, now, false],
    ['Active', null, earlier, false],
    ['Pending', null, later, false],
    ['Sold', null, later, false],
  ] as const)('isOpenNow(%s, starts %s, ends %s) is %s', (status, startAt, endedAt, open) => {
    expect(isOpenNow({ status, startAt, endedAt }, now)).toBe(open);
  });

  it.each([
    [1, true],
    [5, true],
    [0, false],
  ])('isBiddable with quantity %i is %s', (quantity, biddable) => {
    expect(isBiddable({ status: 'Active', startAt: null, endedAt: later, quantity }, now)).toBe(biddable);
    expect(isBiddable({ status: 'Ended', startAt: null, endedAt: later, quantity }, now)).toBe(false);
  });
});
