import { describe, expect, it } from 'vitest';
import { ENDING_DATE_WINDOWS, endingDateApplies, endingDateBound } from './ending-date';

describe('the ending-date rule (spec §4, §5)', () => {
  it.each([
    [undefined, undefined, true],
    ['active', 'auction', true],
    ['upcoming', 'tender', true],
    ['active-and-upcoming', 'all', true],
    ['past', undefined, false],
    ['past', 'auction', false],
    [undefined, 'buy-now', false],
    ['active', 'buy-now', false],
  ] as const)('status %s, sale format %s: applies %s', (status, saleFormat, applies) => {
    expect(endingDateApplies({ status, saleFormat })).toBe(applies);
  });

  it('bounds are now plus 2 days and now plus 7 days', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(ENDING_DATE_WINDOWS).toEqual(['48-hours', 'this-week']);
    expect(endingDateBound(now, '48-hours').toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(endingDateBound(now, 'this-week').toISOString()).toBe('2026-11-27T12:00:00.000Z');
  });
});
