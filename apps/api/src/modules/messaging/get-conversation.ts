import type { ConversationThread, ThreadQuery } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { conversations, messages } from '@lotline/db/schema';
import { count, desc, eq } from 'drizzle-orm';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { selectConversations, toMessage } from './conversation-view';
import { openConversation } from './participants';

/**
 * One page of a thread for one of its participants. Page 1 holds the newest
 * messages; each page lists its messages oldest first, as a thread reads.
 * Reading changes nothing: a thread is marked read by `markConversationRead`
 * (a POST), so a prefetch, a link preview or a retry never clears an unread mark.
 */
export async function getConversation(
  db: Database,
  userId: string,
  conversationId: string,
  page: ThreadQuery,
  orderThreads: boolean,
): Promise<ConversationThread> {
  const { conversation, side } = await openConversation(db, userId, conversationId, orderThreads);
  const [view] = await selectConversations(db, eq(conversations.id, conversation.id), side, 1);
  if (!view) throw new Error(`Conversation ${conversation.id} vanished while being read`);
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: messages.id, side: messages.side, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversation.id)),
  ]);
  const { unreadCount: _, ...subject } = view;
  return {
    ...subject,
    viewerSide: side,
    messages: rows.reverse().map((m) => toMessage(m, view)),
    pagination: paginationOf(page, total?.n ?? 0),
  };
}
