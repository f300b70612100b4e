import type { Executor } from '@lotline/db';
import { companyMembers } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { ownRecord } from '../../lib/own-record';

/**
 * Staff never pay out a company they belong to (decision 0067, four eyes): the money would go to themselves.
 * `403 OWN_RECORD`, nothing changed.
 */
export async function assertNotOwnCompany(tx: Executor, actorId: string, companyId: string): Promise<void> {
  const [member] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, actorId)));
  if (member) throw ownRecord();
}
