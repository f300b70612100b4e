import type { InboxResponse, MessageSide } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { conversations, messages } from '@lotline/db/schema';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { selectConversations, toMessage, unreadBy } from './conversation-view';
import { shownConversations } from './participants';

/** The newest conversations an inbox lists; older ones are kept, not shown. */
export const INBOX_LIMIT = 200;

/**
 * An inbox, newest activity first: the buyer's own conversations, or those of
 * the seller user's companies (orders' threads only while they are on). Each
 * with its last message and unread count.
 */
export async function listInbox(
  db: Executor,
  side: MessageSide,
  owner: { buyerUserId: string } | { companyIds: string[] },
  orderThreads: boolean,
): Promise<InboxResponse> {
  const where = and(
    'buyerUserId' in owner
      ? eq(conversations.buyerUserId, owner.buyerUserId)
      : inArray(conversations.companyId, owner.companyIds),
    shownConversations(orderThreads),
  );
  const list = await selectConversations(db, where, side, INBOX_LIMIT);
  if (list.length === 0) return { conversations: [], totalUnread: 0 };
  const last = await db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      id: messages.id,
      side: messages.side,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      inArray(
        messages.conversationId,
        list.map((c) => c._id),
      ),
    )
    .orderBy(asc(messages.conversationId), desc(messages.createdAt), desc(sql`${messages.id}`));
  const lastById = new Map(last.map((m) => [m.conversationId, m]));
  const out: InboxResponse['conversations'] = [];
  for (const c of list) {
    const m = lastById.get(c._id);
    // Every conversation is created with its first message, in one transaction.
    if (m) out.push({ ...c, lastMessage: toMessage(m, c) });
  }
  return { conversations: out, totalUnread: await countUnread(db, side, where) };
}

/** The unread messages of one side over all its conversations (not only the listed ones). */
export async function countUnread(db: Executor, side: MessageSide, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(sql`${where} and ${unreadBy(side)}`);
  return row?.n ?? 0;
}
