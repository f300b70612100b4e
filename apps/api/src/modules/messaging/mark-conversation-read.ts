import type { MarkReadResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { conversations, messages } from '@lotline/db/schema';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { unreadBy } from './conversation-view';
import { openConversation } from './participants';

/**
 * Marks a conversation read for the caller's side, up to the message the
 * reader was shown (`messageId`) or else its newest message. The mark is that
 * message's time, not "now": a message stored after the reader's page was
 * built stays unread. It only moves forward.
 */
export async function markConversationRead(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string | undefined,
  orderThreads: boolean,
): Promise<MarkReadResponse> {
  const { conversation, side } = await openConversation(db, userId, conversationId, orderThreads);
  const [upTo] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(
      messageId === undefined
        ? eq(messages.conversationId, conversation.id)
        : and(eq(messages.conversationId, conversation.id), eq(messages.id, messageId)),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (messageId !== undefined && !upTo) {
    throw AppError.validation('No such message in this conversation.', 'messageId');
  }
  if (upTo) {
    // greatest() ignores NULL and keeps a later mark set by a concurrent read.
    const column = side === 'buyer' ? conversations.buyerReadAt : conversations.sellerReadAt;
    const moved = sql`greatest(${column}, ${upTo.createdAt.toISOString()}::timestamptz)`;
    await db
      .update(conversations)
      .set(side === 'buyer' ? { buyerReadAt: moved } : { sellerReadAt: moved })
      .where(eq(conversations.id, conversation.id));
  }
  const [unread] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.conversationId, conversation.id), unreadBy(side)));
  return { conversationId: conversation.id, unreadCount: unread?.n ?? 0 };
}
