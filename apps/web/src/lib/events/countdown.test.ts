import { describe, expect, it } from 'vitest';
import { countdownText, laterEnd } from './countdown';

const S = 1000;
const H = 3600 * S;
const D = 24 * H;
const end = Date.UTC(2026, 11, 1, 12);
const at = (left: number) => end - left;

describe('countdownText (spec §4 event countdown)', () => {
  it("shows 'Nd Nh' at one day or more", () => {
    expect(countdownText(end, at(D), 'published')).toBe('1d 0h');
    expect(countdownText(end, at(3 * D + 5 * H + 59 * 60 * S), 'published')).toBe('3d 5h');
    expect(countdownText(end, at(40 * D), 'view-only')).toBe('40d 0h');
  });

  it('shows hours, minutes and seconds below one day', () => {
    expect(countdownText(end, at(D - 1), 'published')).toBe('23:59:59');
    expect(countdownText(end, at(H + 2 * 60 * S + 3 * S), 'published')).toBe('1:02:03');
    expect(countdownText(end, at(59 * S), 'published')).toBe('0:00:59');
    expect(countdownText(end, at(1), 'published')).toBe('0:00:00');
  });

  it("at zero shows 'Ending' for a published event, else 'Event Ended'", () => {
    expect(countdownText(end, end, 'published')).toBe('Ending');
    expect(countdownText(end, at(-H), 'published')).toBe('Ending');
    expect(countdownText(end, end, 'finalized')).toBe('Event Ended');
    expect(countdownText(end, at(-D), 'view-only')).toBe('Event Ended');
  });
});

describe('laterEnd (the countdown follows the event’s last lot)', () => {
  it('moves to a lot’s effective end reported later than the one counted to: a soft close extended it', () => {
    expect(laterEnd(end, new Date(end + 2 * 60 * S).toISOString())).toBe(end + 2 * 60 * S);
    expect(laterEnd(end, end + 1)).toBe(end + 1);
  });

  it('keeps its end for an earlier, equal, missing or unreadable one: the event ends when its last lot does', () => {
    expect(laterEnd(end, new Date(end - H).toISOString())).toBe(end);
    expect(laterEnd(end, end)).toBe(end);
    expect(laterEnd(end, null)).toBe(end);
    expect(laterEnd(end, 'soon')).toBe(end);
  });
});
