import { describe, expect, it } from 'vitest';
import { softCloseEnd, staggeredEnd } from './close-schedule';

const END = Date.UTC(2026, 10, 24, 18);
const MIN = 60_000;

describe('staggered close (BIDDING §5)', () => {
  it('ends lot k at the event end + k × the interval', () => {
    expect(staggeredEnd(END, 0)).toBe(END);
    expect(staggeredEnd(END, 3)).toBe(END + 3 * MIN);
    expect(staggeredEnd(END, 3, 30)).toBe(END + 90_000);
    expect(staggeredEnd(END, 7, 0)).toBe(END);
  });
});

describe('soft close (BIDDING §5)', () => {
  const lot = { effectiveEnd: END, scheduledEnd: END };

  it('leaves the end alone for a bid before the window', () => {
    expect(softCloseEnd(lot, END - 2 * MIN - 1)).toBe(END);
  });

  it('moves the end to bid time + the extension for a bid within the window', () => {
    expect(softCloseEnd(lot, END - 2 * MIN)).toBe(END);
    expect(softCloseEnd(lot, END - MIN)).toBe(END + MIN);
    expect(softCloseEnd(lot, END - 1)).toBe(END + 2 * MIN - 1);
  });

  it('never passes the scheduled end + the cap', () => {
    const late = { effectiveEnd: END + 59 * MIN, scheduledEnd: END };
    expect(softCloseEnd(late, END + 59 * MIN - 1)).toBe(END + 60 * MIN);
    const atCap = { effectiveEnd: END + 60 * MIN, scheduledEnd: END };
    expect(softCloseEnd(atCap, END + 60 * MIN - 1)).toBe(END + 60 * MIN);
  });

  it('reads the event’s own settings', () => {
    const settings = { windowSeconds: 30, extensionSeconds: 60, capSeconds: 300 };
    expect(softCloseEnd(lot, END - 31_000, settings)).toBe(END);
    expect(softCloseEnd(lot, END - 10_000, settings)).toBe(END + 50_000);
  });
});
