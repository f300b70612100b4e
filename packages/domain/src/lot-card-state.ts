import type { LotType } from '@lotline/contracts/enums';
import { type AnyLotStatus, isActive, isOpenOrUpcoming, isSold, LOT_STATUS } from './lot-lifecycle';

/** Spec §4 card states; null for a lot that is still on sale. */
export type CardState = 'SOLD' | 'UNAVAILABLE' | 'ENDED' | null;

const BUY_NOW: LotType = 'BuyItNowItem';

/**
 * Spec §4: SOLD when sold or (event lots) an order status; UNAVAILABLE for a
 * buy-now lot that is not active; ENDED when sold or unsold (SOLD wins), and
 * for the event-lot status `Ended` (closed without a sale being recorded yet).
 */
export function cardState(status: AnyLotStatus, type: LotType): CardState {
  if (isSold(status)) return 'SOLD';
  if (type === BUY_NOW && !isActive(status)) return 'UNAVAILABLE';
  if (status === LOT_STATUS.Unsold || status === LOT_STATUS.Ended) return 'ENDED';
  return null;
}

/** Spec §4: a timer only for active lots; a buy-now lot also needs an end in the future (ms since the epoch). */
export function showsTimer(status: AnyLotStatus, type: LotType, endsAt: number, now: number): boolean {
  return isActive(status) && (type !== BUY_NOW || endsAt > now);
}

/**
 * Nothing can be done about the lot any more: a card state (sold, ended,
 * unavailable), or a status that is neither on sale nor about to be (a legacy
 * lot's Paused, say). The lot page's Bidding box reads it.
 */
export function isClosed(status: AnyLotStatus, type: LotType): boolean {
  return cardState(status, type) !== null || !isOpenOrUpcoming(status);
}
