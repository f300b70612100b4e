import type { MessageSide } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companyMembers, conversations, users } from '@lotline/db/schema';
import { and, arrayContains, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * Who may read and write a conversation (decision 0016): its buyer, and the
 * seller users (role `seller`) who are members of its company. Everyone else
 * is told it does not exist.
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

export type ConversationRow = typeof conversations.$inferSelect;

/** The conversation and the caller's side in it, or NOT_FOUND for anyone who is not a participant. */
export async function openConversation(
  db: Executor,
  userId: string,
  conversationId: string,
): Promise<{ conversation: ConversationRow; side: MessageSide }> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (conversation) {
    if (conversation.buyerUserId === userId) return { conversation, side: 'buyer' };
    if ((await sellerCompanyIds(db, userId)).includes(conversation.companyId)) return { conversation, side: 'seller' };
  }
  throw AppError.notFound('No such conversation.');
}

/** The e-mail addresses of a company's seller users (who are told of a buyer's message). */
export async function sellerEmails(db: Executor, companyId: string): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), arrayContains(users.roles, ['seller'])));
}
