import { describe, expect, it } from 'vitest';
import { bidChanged, ENDING_NOW_TEXT, timerParts, timerText, timerTone } from './timer';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const later = (d: number, h: number, m: number, s = 0) => NOW + ((d * 24 + h) * 60 + m) * 60_000 + s * 1000;

describe('timerParts', () => {
  it('splits the remaining time', () => {
    expect(timerParts(later(2, 3, 4, 5), NOW)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });
  it('never goes below zero', () => {
    expect(timerParts(NOW - 5000, NOW)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('timerText', () => {
  it('shows the D/H/M parts', () => {
    expect(timerText(later(2, 3, 4, 59), NOW, 'ACTIVE')).toBe('2d 3h 4m');
    expect(timerText(later(0, 0, 1), NOW, 'ACTIVE')).toBe('0d 0h 1m');
  });
  it("says 'Ending Now!' when days, hours and minutes are all 0", () => {
    expect(ENDING_NOW_TEXT).toBe('Ending Now!');
    expect(timerText(later(0, 0, 0, 59), NOW, 'ACTIVE')).toBe('Ending Now!');
  });
  it('shows the upper-case status once ended', () => {
    expect(timerText(NOW, NOW, 'ACTIVE')).toBe('ACTIVE');
    expect(timerText(NOW - 1, NOW, 'SOLD')).toBe('SOLD');
  });
});

describe('timerTone', () => {
  it('is red when highlighted or with no whole day left, else amber', () => {
    expect(timerTone(later(3, 0, 0), NOW, false)).toBe('amber');
    expect(timerTone(later(3, 0, 0), NOW, true)).toBe('red');
    expect(timerTone(later(0, 23, 59), NOW, false)).toBe('red');
    expect(timerTone(later(1, 0, 0), NOW, false)).toBe('amber');
  });
});

describe('bidChanged', () => {
  it('notices a new bid or a new count', () => {
    expect(bidChanged({ amount: 100, count: 1 }, { amount: 100, count: 1 })).toBe(false);
    expect(bidChanged({ amount: 100, count: 1 }, { amount: 200, count: 2 })).toBe(true);
    expect(bidChanged({ amount: null, count: 0 }, { amount: 100, count: 0 })).toBe(true);
    expect(bidChanged({ amount: 100, count: 1 }, { amount: 100, count: 2 })).toBe(true);
  });
});
