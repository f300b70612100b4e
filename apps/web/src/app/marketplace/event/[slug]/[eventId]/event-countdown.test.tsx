// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOT_CHANGE_EVENT } from '../../../../../lib/bidding/live-changes';
import { mount, setUpDomForms, shown } from '../../../../../test/dom-form';
import { EventCountdown } from './event-countdown';

setUpDomForms();

const MINUTE = 60_000;
const END = Date.parse('2026-12-01T17:30:00Z');
const SERVER_NOW = END - 120 * MINUTE;

/** A `lot` event of the live stream, as the live client dispatches it on the document. */
const lotChange = (id: string, endedAt: string | null) =>
  act(() => {
    document.dispatchEvent(
      new CustomEvent(LOT_CHANGE_EVENT, {
        detail: { _id: id, currentBid: null, bidsCount: 1, endedAt, status: 'Active', serverTime: '' },
      }),
    );
  });

describe('the event countdown', () => {
  beforeEach(() => {
    // The browser's clock is an hour off the server's: the countdown follows the server's.
    vi.useFakeTimers({ now: SERVER_NOW + 60 * MINUTE });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts to the end it is given, and follows a lot the live stream reports extended past it', () => {
    mount(<EventCountdown endsAt={END} status="published" serverNow={SERVER_NOW} />);
    const countdown = () => shown().querySelector('[data-testid="event-countdown"]')?.textContent;
    expect(countdown()).toBe('2:00:00');
    // A soft close moved a lot 5 minutes past the event's last end.
    lotChange('lot_7', new Date(END + 5 * MINUTE).toISOString());
    expect(countdown()).toBe('2:05:00');
    // An earlier end (another lot closing as scheduled) or none changes nothing.
    lotChange('lot_3', new Date(END - 30 * MINUTE).toISOString());
    lotChange('lot_4', null);
    expect(countdown()).toBe('2:05:00');
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(countdown()).toBe('2:04:00');
  });
});
