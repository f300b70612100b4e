// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { LOT_CHANGE_EVENT } from '../bidding/live-changes';
import { watchLotChanges } from './watch-lot-changes';

const shownState = {
  currentBid: { amount: 100_000 },
  bidsCount: 1,
  endedAt: '2030-01-01T12:00:00.000Z',
  status: 'Active',
};
const report = (detail: unknown) => document.dispatchEvent(new CustomEvent(LOT_CHANGE_EVENT, { detail }));

describe('watchLotChanges', () => {
  it('refreshes on a new state of a shown lot only, and stops when cleaned up', () => {
    const refresh = vi.fn();
    const stop = watchLotChanges(document, () => ({ lot_1: shownState }), refresh);
    // A fresh stream resends what the page shows: nothing to read.
    report({ _id: 'lot_1', ...shownState, serverTime: '' });
    // Another page's lot, and garbage, are ignored.
    report({ _id: 'lot_2', ...shownState, bidsCount: 5 });
    report(null);
    expect(refresh).not.toHaveBeenCalled();
    report({ _id: 'lot_1', ...shownState, currentBid: { amount: 110_000 }, bidsCount: 2 });
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    report({ _id: 'lot_1', ...shownState, status: 'Sold' });
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
