import type { MessageSide } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { conversations } from '@lotline/db/schema';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { sellerCompanyIds } from '../sellers/company-members';

/**
 * Who may read and write a conversation (decision 0016): its buyer, and the
 * seller users (role `seller`) who are members of its company. Everyone else
 * is told it does not exist.
 */

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * The conversations the messaging routes show: an order's own thread only while ORDER_CONVERSATION is on
 * (issue 15: "With ORDER_CONVERSATION on, an order has its own message thread"). Switched off, the threads
 * of orders are kept but neither listed, counted, read nor answered, as if they did not exist.
 */
export function shownConversations(orderThreads: boolean): SQL | undefined {
  return orderThreads ? undefined : isNull(conversations.orderId);
}

/**
 * The conversation and the caller's side in it, or NOT_FOUND for anyone who is not a participant, and
 * for an order's thread while order threads are off.
 */
export async function openConversation(
  db: Executor,
  userId: string,
  conversationId: string,
  orderThreads: boolean,
): Promise<{ conversation: ConversationRow; side: MessageSide }> {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), shownConversations(orderThreads)));
  if (conversation) {
    if (conversation.buyerUserId === userId) return { conversation, side: 'buyer' };
    if ((await sellerCompanyIds(db, userId)).includes(conversation.companyId)) return { conversation, side: 'seller' };
  }
  throw AppError.notFound('No such conversation.');
}
