import { describe, expect, it } from 'vitest';
import { monthLabel, staffCreditNoteHref, staffOrderHistoryHref } from './money';

describe('the staff money pages’ helpers (decision 0079)', () => {
  it('name a month in words, in UTC, and leave anything else as it came', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(monthLabel('soon')).toBe('soon');
  });

  it("link an order's staff history and a credit note, escaping the ids", () => {
    expect(staffOrderHistoryHref('ord_1')).toBe('/staff/audit-log?targetType=order&targetId=ord_1');
    expect(staffOrderHistoryHref('a&b')).toBe('/staff/audit-log?targetType=order&targetId=a%26b');
    expect(staffCreditNoteHref('ord_1', 'rf/1')).toBe('/marketplace-api/staff/orders/ord_1/credit-notes/rf%2F1.pdf');
  });
});
