/**
 * Per-event auction settings (BIDDING §1, §5, §6). Most events keep the
 * defaults; the first live public auction events take, one each, every other
 * setting the engine must honour (their own increment table, all lots closing
 * at once, a 30-second stagger, the seller's approval, a longer soft close),
 * so that every seed, however small, has each case open for bids.
 */
import { DEFAULT_SOFT_CLOSE, DEFAULT_STAGGER_SECONDS, type IncrementRow } from '@lotline/domain';
import type { EventPlan, EventRow } from './generate-events';
import { Deck, type Rng } from './random';
import { HOUR_MS } from './text';

/** A finer table than BIDDING §1's default: $1 steps up to $100, $5 to $1,000, $25 to $10,000, then $100. */
export const FINE_INCREMENTS: readonly IncrementRow[] = [
  { from: 0, increment: 100 },
  { from: 10_000, increment: 500 },
  { from: 100_000, increment: 2_500 },
  { from: 1_000_000, increment: 10_000 },
];

/** The staggered close of a large event spans at most this long (1M lots: ~950 per event, 15 s apart). */
export const MAX_CLOSE_SPAN_MS = 4 * HOUR_MS;

type Settings = Pick<
  EventRow,
  | 'incrementTable'
  | 'softCloseWindowSeconds'
  | 'softCloseExtensionSeconds'
  | 'softCloseCapSeconds'
  | 'staggerIntervalSeconds'
  | 'registrationApprovalRequired'
  | 'bidDepositAmount'
>;

const VARIANTS: Partial<Settings>[] = [
  { incrementTable: [...FINE_INCREMENTS] },
  { staggerIntervalSeconds: 0 },
  { staggerIntervalSeconds: 30 },
  { registrationApprovalRequired: true },
  { softCloseWindowSeconds: 300, softCloseExtensionSeconds: 300, softCloseCapSeconds: 1800 },
];

/** Deposits of auction events in minor units; 0 stands for none (about one event in four). */
const AUCTION_DEPOSITS: [number, number][] = [
  [0, 2],
  [25_000, 1],
  [50_000, 1],
  [100_000, 1],
  [250_000, 1],
  [500_000, 1],
];
const TENDER_DEPOSITS = [50_000, 100_000, 150_000, 250_000, 500_000];

/**
 * Sets the auction settings and the deposit on every event row and the
 * stagger on its plan (which the lots' ends follow). Runs after the lots are
 * allocated: a large event's stagger shrinks so its close spans at most 4 hours.
 */
export function applyAuctionSettings(rng: Rng, plans: EventPlan[], rows: EventRow[]): void {
  const deposits = new Deck(rng, AUCTION_DEPOSITS);
  const showcases = plans.filter(
    (p) => p.format === 'auction' && p.timeClass.startsWith('live') && p.status === 'published' && !p.privateSale,
  );
  plans.forEach((plan, i) => {
    const row = rows[i] as EventRow;
    if (row.id !== plan.id) throw new Error(`event rows and plans are out of step at ${plan.id}`);
    const settings: Settings = {
      incrementTable: null,
      softCloseWindowSeconds: DEFAULT_SOFT_CLOSE.windowSeconds,
      softCloseExtensionSeconds: DEFAULT_SOFT_CLOSE.extensionSeconds,
      softCloseCapSeconds: DEFAULT_SOFT_CLOSE.capSeconds,
      // Sealed tenders and buy-now listings close all at once.
      staggerIntervalSeconds: plan.format === 'auction' ? DEFAULT_STAGGER_SECONDS : 0,
      registrationApprovalRequired: false,
      bidDepositAmount: plan.format === 'tender' ? rng.pick(TENDER_DEPOSITS) : null,
    };
    if (plan.format === 'auction') {
      const deposit = deposits.draw();
      Object.assign(settings, { bidDepositAmount: deposit === 0 ? null : deposit }, VARIANTS[showcases.indexOf(plan)]);
      const span = Math.floor(MAX_CLOSE_SPAN_MS / 1000 / Math.max(1, plan.lotCount - 1));
      settings.staggerIntervalSeconds = Math.min(settings.staggerIntervalSeconds ?? DEFAULT_STAGGER_SECONDS, span);
    }
    Object.assign(row, settings);
    plan.staggerSeconds = settings.staggerIntervalSeconds ?? 0;
  });
}
