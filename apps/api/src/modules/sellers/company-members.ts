import type { Executor } from '@lotline/db';
import { companyMembers, users } from '@lotline/db/schema';
import { and, arrayContains, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * Who answers for a seller company: its members, counted only while the user
 * has the role `seller` (decision 0016). Conversations, the console and the
 * seller's lists all ask here.
 */

/** The companies a user answers for: memberships, counted only while the user has the seller role. */
export async function sellerCompanyIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.userId, userId), arrayContains(users.roles, ['seller'])));
  return rows.map((r) => r.companyId);
}

/** The seller inbox is for seller users only. */
export async function requireSellerCompanies(db: Executor, userId: string): Promise<string[]> {
  const ids = await sellerCompanyIds(db, userId);
  if (ids.length === 0) throw new AppError('FORBIDDEN', 'Only the users of a seller company have a seller inbox.');
  return ids;
}

/** The e-mail addresses of a company's seller users (who are told of a buyer's message). */
export async function sellerEmails(db: Executor, companyId: string): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), arrayContains(users.roles, ['seller'])));
}
