import { BID_CODES, type PlaceBidBody } from '@lotline/contracts';
import { AppError } from '../../lib/errors';
import { formatMoney } from './lot-columns';

/**
 * BIDDING §8: what a bid commits to is its maximum, else its amount, and that may not pass the
 * registration's limit (`403 BID_LIMIT`, the message naming the limit in the lot's currency).
 */
export function assertWithinLimit(body: PlaceBidBody, limit: number | undefined, currency: string): void {
  if (limit === undefined) return;
  if ((body.maxAmount ?? body.amount) <= limit) return;
  throw new AppError(BID_CODES.bidLimit, `Your bid limit for this event is ${formatMoney(limit, currency)}.`, {
    status: 403,
    field: body.maxAmount === undefined ? 'amount' : 'maxAmount',
  });
}
