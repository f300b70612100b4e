import type { Executor } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import { changeLotStatus, nextLotChangeSeq } from '../lots/change-lot-status';

/**
 * A buy-now item's stock (issue 15). Taking units is one guarded UPDATE: of
 * any number of simultaneous buyers, only those whose units are still there
 * get them, and the quantity never goes below zero (the row lock serialises
 * the writers; the WHERE re-checks after the wait). The last unit sells the
 * item out (`sell`: Active → Sold); units that come back (an order rejected
 * or cancelled) put it on sale again (`restock`) while its end has not come.
 * After its end they leave it Ended with units left (`restockEnded`), as the
 * clock's `end` leaves an item that did not sell out by its end: the clock
 * only ends Active items, so it never comes back for a Sold one.
 * The caller publishes the lot's change after its commit.
 */

/** Takes `quantity` units of an open lot; false when fewer are left (or the lot is not open by the database clock). */
export async function takeStock(tx: Executor, lotId: string, quantity: number): Promise<boolean> {
  const [row] = await tx
    .update(eventLots)
    .set({ quantity: sql`${eventLots.quantity} - ${quantity}`, updatedAt: sql`now()`, changeSeq: nextLotChangeSeq })
    .where(
      and(
        eq(eventLots.id, lotId),
        eq(eventLots.status, LOT_STATUS.Active),
        gte(eventLots.quantity, quantity),
        sql`(${eventLots.startAt} is null or ${eventLots.startAt} <= clock_timestamp())`,
        sql`(${eventLots.endedAt} is null or ${eventLots.endedAt} > clock_timestamp())`,
      ),
    )
    .returning({ left: eventLots.quantity });
  if (!row) return false;
  if (row.left === 0) {
    const sold = await changeLotStatus(tx, lotId, 'sell');
    if (!sold.changed) throw new Error(`lot ${lotId} sold out but could not be marked Sold`);
  }
  return true;
}

/**
 * Gives `quantity` units back. A sold-out item still before its end goes back on sale; one whose end has passed
 * (by the database clock, under the row lock this UPDATE takes) is Ended, and its close recorded (`closed_at`).
 */
export async function returnStock(tx: Executor, lotId: string, quantity: number): Promise<void> {
  const [row] = await tx
    .update(eventLots)
    .set({ quantity: sql`${eventLots.quantity} + ${quantity}`, updatedAt: sql`now()`, changeSeq: nextLotChangeSeq })
    .where(eq(eventLots.id, lotId))
    .returning({
      status: eventLots.status,
      open: sql<boolean>`(${eventLots.endedAt} is null or ${eventLots.endedAt} > clock_timestamp())`,
    });
  if (row?.status !== LOT_STATUS.Sold) return;
  if (row.open) {
    await changeLotStatus(tx, lotId, 'restock');
    return;
  }
  if ((await changeLotStatus(tx, lotId, 'restockEnded')).changed) {
    await tx
      .update(eventLots)
      .set({ closedAt: sql`coalesce(${eventLots.closedAt}, clock_timestamp())` })
      .where(eq(eventLots.id, lotId));
  }
}
