import { randomUUID } from 'node:crypto';
import type { EventLocationBody, SellerEventLocation } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { dispositionLocations, eventLots } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireOwnEvent } from '../sellers/company-access';
import { assertLocationsEditable } from './event-locks';
import { toLocation } from './event-view';

/** The disposition locations of an event (spec §3): where its assets sit, with the tax rate of the place. */

export async function addEventLocation(
  db: Database,
  userId: string,
  eventId: string,
  body: EventLocationBody,
): Promise<SellerEventLocation> {
  assertLocationsEditable(await requireOwnEvent(db, userId, eventId));
  const [row] = await db
    .insert(dispositionLocations)
    .values({ id: `loc_${randomUUID()}`, eventId, ...body })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toLocation(row);
}

/** Removes a location nobody uses: a lot of the event placed there keeps it (409) until the lot moves. */
export async function deleteEventLocation(db: Database, userId: string, eventId: string, locationId: string) {
  assertLocationsEditable(await requireOwnEvent(db, userId, eventId));
  await db.transaction(async (tx) => {
    const [location] = await tx
      .select({ id: dispositionLocations.id })
      .from(dispositionLocations)
      .where(and(eq(dispositionLocations.id, locationId), eq(dispositionLocations.eventId, eventId)))
      .for('update');
    if (!location) throw AppError.notFound('No such location of this event.');
    const [used] = await tx
      .select({ number: eventLots.number })
      .from(eventLots)
      .where(eq(eventLots.dispositionLocationId, locationId))
      .limit(1);
    if (used) {
      throw new AppError('CONFLICT', `Lot ${used.number} is at this location: move its lots elsewhere first.`, {
        field: 'locationId',
      });
    }
    await tx.delete(dispositionLocations).where(eq(dispositionLocations.id, locationId));
  });
  return { deleted: true as const };
}
