/**
 * When demo events run, relative to `now`, so the marketplace always has
 * live auctions: past (finalized), live and ending within 48 hours, live and
 * ending this week, live and ending later, upcoming, and drafts. Two classes
 * are relative to the moment of seeding (`clock`) instead, so that a fresh
 * start always has something to watch: `closing-soon` (an auction whose lots
 * close one a minute from 5 minutes on, a buy-now and a tender event ending
 * within half an hour) and `opening-soon` (an auction opening within the hour).
 */
import type { EventStatus } from '@lotline/contracts';
import type { Rng } from './random';
import type { SaleFormat } from './reference/event-texts';
import { DAY_MS, HOUR_MS, MINUTE_MS, roundTime } from './text';

export type TimeClass =
  | 'past'
  | 'closing-soon'
  | 'live-48h'
  | 'live-week'
  | 'live-later'
  | 'opening-soon'
  | 'upcoming'
  | 'draft';

export interface Slot {
  timeClass: TimeClass;
  format: SaleFormat;
  status: EventStatus;
  privateSale: boolean;
}

type Group = [TimeClass, [auction: number, buyNow: number, tender: number], [EventStatus, number][], privates: number];

/** The 60 base events. Larger seeds repeat this mix (see eventCountFor). */
const GROUPS: Group[] = [
  [
    'past',
    [9, 3, 3],
    [
      ['finalized', 13],
      ['view-only', 2],
    ],
    0,
  ],
  ['closing-soon', [1, 1, 1], [['published', 3]], 0],
  ['live-48h', [6, 2, 1], [['published', 9]], 1],
  ['live-week', [7, 3, 2], [['published', 12]], 2],
  ['live-later', [5, 2, 1], [['published', 8]], 1],
  ['opening-soon', [1, 0, 0], [['published', 1]], 0],
  // Upcoming events are mostly view-only previews; a couple are published ahead of opening.
  [
    'upcoming',
    [4, 1, 2],
    [
      ['view-only', 6],
      ['published', 1],
    ],
    1,
  ],
  ['draft', [3, 1, 1], [['draft', 5]], 0],
];

export const BASE_EVENT_COUNT = 60;

/**
 * 60 events up to 3,000 lots, then one more event per 1,000 lots (1M lots ->
 * 1,057 events of ~950 lots), so events keep a realistic size at benchmark scale.
 */
export function eventCountFor(lots: number): number {
  return lots <= 3000 ? BASE_EVENT_COUNT : BASE_EVENT_COUNT + Math.floor((lots - 3000) / 1000);
}

export function buildSlots(rng: Rng): Slot[] {
  const slots: Slot[] = [];
  for (const [timeClass, [a, b, t], statusCounts, privates] of GROUPS) {
    const formats: SaleFormat[] = [
      ...Array<SaleFormat>(a).fill('auction'),
      ...Array<SaleFormat>(b).fill('buy-now'),
      ...Array<SaleFormat>(t).fill('tender'),
    ];
    const statuses = rng.shuffle(statusCounts.flatMap(([status, n]) => Array<EventStatus>(n).fill(status)));
    const privateAt = new Set(rng.sample([...formats.keys()], privates));
    formats.forEach((format, i) => {
      slots.push({ timeClass, format, status: statuses[i] ?? 'published', privateSale: privateAt.has(i) });
    });
  }
  return rng.shuffle(slots);
}

export interface Schedule {
  startAt: number;
  endAt: number;
  createdAt: number;
}

/** How soon after seeding the first lot of the closing-soon auction ends (BIDDING §5: then one a minute). */
export const CLOSING_SOON_FIRST_END_MS = 5 * MINUTE_MS;

/**
 * Times are rounded to 5 minutes, as a person scheduling a sale would; the
 * closing-soon and opening-soon events to the minute after `clock` (the
 * moment of seeding), so that they happen within the first hour of a fresh start.
 */
export function scheduleFor(rng: Rng, slot: Pick<Slot, 'timeClass' | 'format'>, now: number, clock: number): Schedule {
  const r = (ms: number) => roundTime(ms, 5).getTime();
  const minute = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
  let startAt: number;
  let endAt: number;
  switch (slot.timeClass) {
    case 'closing-soon':
      // The auction's lots end 5, 6, 7… minutes after seeding; buy-now and tender lots all at once, a bit later.
      endAt = minute(clock + (slot.format === 'auction' ? CLOSING_SOON_FIRST_END_MS : rng.int(15, 25) * MINUTE_MS));
      startAt = r(now - rng.float(2, 7) * DAY_MS);
      break;
    case 'opening-soon':
      startAt = minute(clock + rng.int(20, 45) * MINUTE_MS);
      endAt = r(startAt + rng.float(5, 14) * DAY_MS);
      break;
    case 'past':
      endAt = r(now - rng.float(1, 80) * DAY_MS);
      startAt = r(endAt - rng.float(7, 21) * DAY_MS);
      break;
    case 'live-48h':
      // Lots close during the 4 hours after endAt (staggered close), so all of them end within 48 hours.
      endAt = r(now + rng.float(6, 43) * HOUR_MS);
      startAt = r(now - rng.float(3, 14) * DAY_MS);
      break;
    case 'live-week':
      endAt = r(now + rng.float(50, 7 * 24 - 1) * HOUR_MS);
      startAt = r(now - rng.float(2, 10) * DAY_MS);
      break;
    case 'live-later':
      endAt = r(now + rng.float(8, 30) * DAY_MS);
      startAt = r(now - rng.float(1, 7) * DAY_MS);
      break;
    case 'upcoming':
      startAt = r(now + rng.float(1, 14) * DAY_MS);
      endAt = r(startAt + rng.float(5, 14) * DAY_MS);
      break;
    case 'draft':
      startAt = r(now + rng.float(10, 30) * DAY_MS);
      endAt = r(startAt + rng.float(7, 14) * DAY_MS);
      break;
  }
  const createdAt = Math.min(startAt - rng.float(2, 10) * DAY_MS, now - rng.float(1, 48) * HOUR_MS);
  return { startAt, endAt, createdAt: Math.round(createdAt) };
}
