import { randomUUID } from 'node:crypto';
import type { MessageSide } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { conversations, messages } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Stores one message and moves the conversation on: its last-message time,
 * and the author's side read mark (writing in a thread means having seen it).
 */
export async function appendMessage(
  tx: Executor,
  conversationId: string,
  side: MessageSide,
  authorUserId: string,
  body: string,
) {
  const [row] = await tx
    .insert(messages)
    .values({ id: `msg_${randomUUID()}`, conversationId, authorUserId, side, body })
    .returning({ id: messages.id, side: messages.side, body: messages.body, createdAt: messages.createdAt });
  if (!row) throw new Error('The message insert returned no row');
  const readMark = side === 'buyer' ? { buyerReadAt: row.createdAt } : { sellerReadAt: row.createdAt };
  await tx
    .update(conversations)
    .set({ lastMessageAt: row.createdAt, ...readMark })
    .where(eq(conversations.id, conversationId));
  return row;
}
