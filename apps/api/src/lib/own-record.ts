import type { Executor } from '@lotline/db';
import { companyMembers } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from './errors';

/**
 * Staff never act on their own records (decision 0067): approving, cancelling
 * or refunding an order they bought, marking its wire received, deciding their
 * own registration or reviewing their own tax exemption is for another staff
 * member (four eyes). `403 OWN_RECORD`, nothing changed.
 */
export const OWN_RECORD = 'OWN_RECORD';

export const ownRecord = () => new AppError(OWN_RECORD, 'Another staff member must do this.', { status: 403 });

/** Throws `OWN_RECORD` when the actor is the record's owner (its buyer, registrant or applicant). */
export function assertNotOwnRecord(actorId: string, ownerId: string): void {
  if (actorId === ownerId) throw ownRecord();
}

/**
 * Throws `OWN_RECORD` when the actor is a member (owner or staff) of the company: staff never pay out, cancel or
 * refund an order of a company they belong to, as its money would be their own (decisions 0067, 0079, 0091).
 */
export async function assertNotOwnCompany(tx: Executor, actorId: string, companyId: string): Promise<void> {
  const [member] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, actorId)));
  if (member) throw ownRecord();
}
