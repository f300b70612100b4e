import type { BuyNowState } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { dispositionLocations, eventLots, events } from '@lotline/db/schema';
import { allInPrice, buyerFees, LOT_STATUS } from '@lotline/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { lotFeeColumns } from '../lots/lot-fee-columns';
import { publicLotCondition } from '../lots/visibility';
import { activeExemption } from '../orders/create-order';
import { type FeatureOverrides, featureOn } from '../platform/get-feature-flags';

export type { FeatureOverrides };

/**
 * The buy box's state (GET …/buy-now; decision 0045): price, units left,
 * whether the item is on sale by the database clock, and with
 * BUY_NOW_ALL_IN_PRICING on, the viewer's own all-in price and the terms
 * `createOrder` prices by: the same event premium, location tax rate, buyer
 * fees and exemption (no tax for a signed-in buyer holding an active one), so
 * the all-in of one unit is the total of a one-unit order.
 */
export async function getBuyNowState(
  db: Database,
  featureOverrides: FeatureOverrides,
  lotId: string,
  viewerId: string | null,
): Promise<BuyNowState> {
  const [lot] = await db
    .select({
      type: eventLots.type,
      currency: eventLots.currency,
      price: eventLots.buyItNowPrice,
      quantity: eventLots.quantity,
      status: eventLots.status,
      ...lotFeeColumns,
      premiumBps: events.buyersPremiumBps,
      taxRate: dispositionLocations.taxRate,
      taxRegion: dispositionLocations.region,
      open: sql<boolean>`${eventLots.status} = ${LOT_STATUS.Active}
        and (${eventLots.startAt} is null or ${eventLots.startAt} <= now())
        and (${eventLots.endedAt} is null or ${eventLots.endedAt} > now())`,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(eventLots)
    .leftJoin(events, eq(events.id, eventLots.eventId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId))
    .where(and(eq(eventLots.id, lotId), publicLotCondition()));
  if (lot?.type !== 'BuyItNowItem' || lot.price === null) throw AppError.notFound('No such buy-now item');

  const allIn = await featureOn(db, featureOverrides, 'BUY_NOW_ALL_IN_PRICING');
  const taxExempt = viewerId !== null && (await activeExemption(db, viewerId, lot.now, lot.taxRegion)) !== null;
  const terms = {
    buyersPremiumBps: lot.premiumBps ?? 0,
    taxRatePercent: lot.taxRate ?? 0,
    unitFees: buyerFees(lot),
  };
  return {
    eventLotId: lotId,
    currency: lot.currency,
    price: lot.price,
    quantity: lot.quantity,
    open: lot.open,
    allInPrice: allIn ? allInPrice({ ...terms, taxExempt, price: lot.price }) : null,
    taxExempt,
    pricing: allIn ? terms : null,
  };
}
