import { randomUUID } from 'node:crypto';
import type { LotBody, SellerLot } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { publishLotChanges } from '../live/publish-lot-changes';
import { requireOwnEvent } from '../sellers/company-access';
import { lotColumns } from './lot-fields';
import { readSellerLot } from './lot-view';
import {
  alignLotTimes,
  assertLotComplete,
  assertMayAddLot,
  assertNumberFree,
  lockEvent,
  newLotColumns,
  nextSequence,
} from './lot-writes';

/** A new lot, last in the event's order, not yet open (Pending, as every lot of an unopened event). */
export async function createLot(db: Database, userId: string, eventId: string, body: LotBody): Promise<SellerLot> {
  await requireOwnEvent(db, userId, eventId);
  const id = `lot_${randomUUID()}`;
  const { moved, draft } = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    await assertMayAddLot(tx, event);
    const columns = await lotColumns(tx, event, body);
    await assertNumberFree(tx, eventId, body.number);
    await tx.insert(eventLots).values({ id, ...newLotColumns(event, await nextSequence(tx, eventId)), ...columns });
    // A published event's new lot would be public at once without a photo: refused (decision 0050).
    await assertLotComplete(tx, event, id);
    return { moved: await alignLotTimes(tx, event), draft: event.status === 'draft' };
  });
  if (!draft) await publishLotChanges(db, [id, ...moved]);
  return readSellerLot(db, id);
}
