import type { ConversationThread } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { conversations, messages } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { selectConversations, toMessage } from './conversation-view';
import { openConversation } from './participants';

/**
 * A thread for one of its participants, oldest message first. Reading marks
 * it read for the caller's side, up to the newest message shown (not "now":
 * a message stored while this answer was built stays unread).
 */
export async function getConversation(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<ConversationThread> {
  const { conversation, side } = await openConversation(db, userId, conversationId);
  const [view] = await selectConversations(db, eq(conversations.id, conversation.id), side, 1);
  if (!view) throw new Error(`Conversation ${conversation.id} vanished while being read`);
  const rows = await db
    .select({ id: messages.id, side: messages.side, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const newest = rows.at(-1)?.createdAt;
  const mark = side === 'buyer' ? conversation.buyerReadAt : conversation.sellerReadAt;
  if (newest && (!mark || newest > mark)) {
    await db
      .update(conversations)
      .set(side === 'buyer' ? { buyerReadAt: newest } : { sellerReadAt: newest })
      .where(eq(conversations.id, conversation.id));
  }
  const { unreadCount: _, ...subject } = view;
  return { ...subject, viewerSide: side, messages: rows.map((m) => toMessage(m, view)) };
}
