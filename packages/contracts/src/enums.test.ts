import { describe, expect, it } from 'vitest';
import { canonicalLotStatus, EVENT_LOT_STATUSES, INDEX_STATUSES, indexLotStatus } from './enums';

describe('lot statuses', () => {
  it('maps every lower-case index form to one canonical status and back', () => {
    for (const status of EVENT_LOT_STATUSES) {
      expect(canonicalLotStatus(indexLotStatus(status))).toBe(status);
    }
    expect(new Set(INDEX_STATUSES.map(canonicalLotStatus)).size).toBe(INDEX_STATUSES.length);
  });

  it('accepts canonical and index forms and rejects anything else', () => {
    expect(canonicalLotStatus('order-pending')).toBe('OrderPending');
    expect(canonicalLotStatus('Sold')).toBe('Sold');
    expect(canonicalLotStatus('SOLD')).toBeUndefined();
    expect(canonicalLotStatus('')).toBeUndefined();
  });
});
