import type { LotBody, SellerLot } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { publishLotChanges } from '../live/publish-lot-changes';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import { requireOwnLot } from '../sellers/company-access';
import { lotEditKinds, noteLotChange } from './lot-change-notices';
import { lotColumns } from './lot-fields';
import { assertLotEditable } from './lot-locks';
import { readSellerLot } from './lot-view';
import { assertLotComplete, assertNumberFree, lockEvent } from './lot-writes';

/**
 * PUT: replaces every field of one of the user's lots. A draft's lot takes
 * anything valid; after publishing, what bidders rely on is refused (lot-locks.ts).
 * The live stream hears of it (price, quantity) once committed, and the lot's followers by mail
 * (lot-change-notices.ts, decision 0064).
 */
export async function updateLot(db: Database, userId: string, lotId: string, body: LotBody): Promise<SellerLot> {
  const owned = await requireOwnLot(db, userId, lotId);
  if (!owned.eventId) throw AppError.notFound('No such lot.');
  const eventId = owned.eventId;
  const draft = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [lot] = await tx.select().from(eventLots).where(eq(eventLots.id, lotId)).for('update');
    if (!lot) throw AppError.notFound('No such lot.');
    const columns = await lotColumns(tx, event, body, lot);
    await assertNumberFree(tx, eventId, body.number, lotId);
    await assertLotEditable(tx, event, lot, columns);
    await tx
      .update(eventLots)
      .set({ ...columns, changeSeq: nextLotChangeSeq, updatedAt: sql`now()` })
      .where(eq(eventLots.id, lotId));
    await assertLotComplete(tx, event, lotId);
    await noteLotChange(tx, event, lotId, lotEditKinds(lot, columns));
    return event.status === 'draft';
  });
  if (!draft) await publishLotChanges(db, [lotId]);
  return readSellerLot(db, lotId);
}
