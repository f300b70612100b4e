import { BIDDING_STATUSES } from '@lotline/contracts/enums';
import { describe, expect, it } from 'vitest';
import { MY_BIDS_FILTERS, parseMyBidsStatus } from './my-bids';
import { STATUS_LABELS, statusSentence } from './status-text';

describe('status words', () => {
  it('name every status of BIDDING §4, with a sentence for the open and the closed lot', () => {
    for (const status of BIDDING_STATUSES) {
      expect(STATUS_LABELS[status]).toBeTruthy();
      expect(statusSentence(status, false)).toMatch(/\.$/);
      expect(statusSentence(status, true)).toMatch(/\.$/);
    }
    expect(STATUS_LABELS.outbid).toBe('Outbid');
    expect(statusSentence('won', true)).toBe('You won this lot.');
  });
});

describe('My Bids filter', () => {
  it('offers All and every status a bid can have', () => {
    expect(MY_BIDS_FILTERS.map((f) => f.status)).toEqual([
      null,
      'winning',
      'outbid',
      'reserve-not-met',
      'bid-placed',
      'won',
      'lost',
      'bidded',
    ]);
    expect(MY_BIDS_FILTERS[0]?.label).toBe('All');
  });

  it('reads ?status=, and shows all for anything else', () => {
    expect(parseMyBidsStatus({ status: 'outbid' })).toBe('outbid');
    expect(parseMyBidsStatus({ status: ['won', 'lost'] })).toBe('won');
    expect(parseMyBidsStatus({})).toBeNull();
    expect(parseMyBidsStatus({ status: 'not-participated' })).toBeNull();
    expect(parseMyBidsStatus({ status: 'OUTBID' })).toBeNull();
    expect(parseMyBidsStatus({ status: '' })).toBeNull();
  });
});
