import { BID_CODES, type PlaceBidBody } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { registrations } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { formatMoney } from './lot-columns';

/**
 * The bid limits on the registrations of the batch's bidders for the lot's event (decision 0080), read
 * FOR SHARE after the lot's lock: a staff or seller change of a limit (registration row FOR UPDATE) either
 * committed first and is the limit applied, or waits for this bid's commit and then sees its maximum (the
 * lowering check in registrations/change-bid-limit.ts). Every registration row of those bidders is
 * locked, not only those with a limit, so a first limit set meanwhile is not missed.
 */
export async function lockBidLimits(
  tx: Executor,
  eventId: string | null,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (eventId === null || userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: registrations.userId, limit: registrations.bidLimitMinor })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.userId, [...userIds])))
    .for('share');
  return new Map(rows.flatMap((r) => (r.limit === null ? [] : [[r.userId, r.limit] as const])));
}

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
