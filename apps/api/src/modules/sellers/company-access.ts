import type { Executor } from '@lotline/db';
import { eventLots, events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { sellerCompanyIds } from './company-members';
import { assertConsoleWriteAllowed } from './console-writes';

/**
 * Who may act for a company in the seller console (issue 16): its members
 * with the role `seller`. Everyone else is refused with 403 (a buyer, another
 * company's user); an id that names nothing is 404. The console's every seller
 * endpoint goes through one of these before it reads or writes; a write of a
 * suspended company is refused here too (403 COMPANY_SUSPENDED, console-writes.ts).
 */

const notYours = () => new AppError('FORBIDDEN', 'You are not a user of the company this belongs to.');

/** The companies the user answers for; 403 for a user of none (a buyer has no seller console). */
export async function consoleCompanies(db: Executor, userId: string): Promise<string[]> {
  const ids = await sellerCompanyIds(db, userId);
  if (ids.length === 0) throw new AppError('FORBIDDEN', 'Only the users of a seller company have a seller console.');
  return ids;
}

/** The user answers for `companyId` (403 otherwise). */
export async function requireCompanyMember(db: Executor, userId: string, companyId: string): Promise<void> {
  const companyIds = await consoleCompanies(db, userId);
  if (!companyIds.includes(companyId)) throw notYours();
  await assertConsoleWriteAllowed(db, companyId);
}

export type EventRow = typeof events.$inferSelect;

/** An event of one of the user's companies: 404 when there is no such event, 403 when it is another company's. */
export async function requireOwnEvent(db: Executor, userId: string, eventId: string): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  return requireOwnRow(db, userId, event, 'No such event.');
}

/**
 * A thing another module read by its id (an order, an offer, a lot…): 404 when
 * `row` is undefined, 403 when it belongs to a company the user does not answer
 * for. Decision 0054: the seller routes answer 403 for another company's id.
 */
export async function requireOwnRow<T extends { companyId: string }>(
  db: Executor,
  userId: string,
  row: T | undefined,
  missing: string,
): Promise<T> {
  const companyIds = await consoleCompanies(db, userId);
  if (!row) throw AppError.notFound(missing);
  if (!companyIds.includes(row.companyId)) throw notYours();
  await assertConsoleWriteAllowed(db, row.companyId);
  return row;
}

export type LotRow = typeof eventLots.$inferSelect;

/** A lot of one of the user's companies (by the lot's company): 404 when there is no such lot, 403 when it is another company's. */
export async function requireOwnLot(db: Executor, userId: string, lotId: string): Promise<LotRow> {
  const [lot] = await db.select().from(eventLots).where(eq(eventLots.id, lotId));
  return requireOwnRow(db, userId, lot, 'No such lot.');
}
