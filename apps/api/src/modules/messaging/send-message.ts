import type { SentMessageResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { conversations } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { appendMessage } from './append-message';
import { selectConversations, toMessage } from './conversation-view';
import { type NotifyDeps, notifyOtherSide } from './notify';
import { openConversation } from './participants';

/**
 * A reply in an existing thread by one of its participants: the buyer, or a
 * seller user of the company, who writes as the company. The contact rule was
 * checked when the buyer started the thread; the seller may always answer.
 */
export async function sendMessage(
  deps: NotifyDeps & { db: Database },
  userId: string,
  conversationId: string,
  body: string,
  orderThreads: boolean,
): Promise<SentMessageResponse> {
  const { db } = deps;
  const { conversation, side } = await openConversation(db, userId, conversationId, orderThreads);
  const row = await db.transaction((tx) => appendMessage(tx, conversation.id, side, userId, body));
  const [view] = await selectConversations(db, eq(conversations.id, conversation.id), side, 1);
  if (!view) throw new Error(`Conversation ${conversation.id} vanished after it was written`);
  await notifyOtherSide(deps, view, conversation.buyerUserId, side, body);
  return { conversationId: conversation.id, message: toMessage(row, view) };
}
