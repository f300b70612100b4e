import type { Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { sellerCompanyIds } from '../messaging/participants';

/**
 * Who may act for a company in the seller console (issue 16): its members
 * with the role `seller`. Everyone else is refused with 403 (a buyer, another
 * company's user); an id that names nothing is 404. The console's every seller
 * endpoint goes through one of these before it reads or writes.
 */

const notYours = () => new AppError('FORBIDDEN', 'You are not a user of the company this belongs to.');

/** The companies the user answers for; 403 for a user of none (a buyer has no seller console). */
async function consoleCompanies(db: Executor, userId: string): Promise<string[]> {
  const ids = await sellerCompanyIds(db, userId);
  if (ids.length === 0) throw new AppError('FORBIDDEN', 'Only the users of a seller company have a seller console.');
  return ids;
}

/** The user answers for `companyId` (403 otherwise). */
export async function requireCompanyMember(db: Executor, userId: string, companyId: string): Promise<void> {
  const companyIds = await consoleCompanies(db, userId);
  if (!companyIds.includes(companyId)) throw notYours();
}

export type EventRow = typeof events.$inferSelect;

/** An event of one of the user's companies: 404 when there is no such event, 403 when it is another company's. */
export async function requireOwnEvent(db: Executor, userId: string, eventId: string): Promise<EventRow> {
  const companyIds = await consoleCompanies(db, userId);
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw AppError.notFound('No such event.');
  if (!companyIds.includes(event.companyId)) throw notYours();
  return event;
}

export type LotRow = typeof eventLots.$inferSelect;

/** A lot of one of the user's companies (by the lot's company): 404 when there is no such lot, 403 when it is another company's. */
export async function requireOwnLot(db: Executor, userId: string, lotId: string): Promise<LotRow> {
  const companyIds = await consoleCompanies(db, userId);
  const [lot] = await db.select().from(eventLots).where(eq(eventLots.id, lotId));
  if (!lot) throw AppError.notFound('No such lot.');
  if (!companyIds.includes(lot.companyId)) throw notYours();
  return lot;
}
