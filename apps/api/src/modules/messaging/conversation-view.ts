import type { Message, MessageSide } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, conversations, eventLots, events, messages, orders, users } from '@lotline/db/schema';
import { desc, eq, type SQL, sql } from 'drizzle-orm';

/**
 * How conversations are shown: the subject (event, lot, or the order of an order's thread), the company under
 * its public name, the buyer's name, and the unread count of one side. The
 * seller side's messages carry the company's name, never the person's.
 */

export const companyName = sql<string>`coalesce(${companies.displayName}, ${companies.name})`;

/**
 * A message of the other side that is newer than this side's read mark. The
 * mark is a message's time as JavaScript held it (milliseconds), while
 * PostgreSQL stores microseconds, so the message's time is compared at the
 * mark's precision: otherwise the newest message read would stay unread.
 */
export function unreadBy(side: MessageSide) {
  const readAt = side === 'buyer' ? conversations.buyerReadAt : conversations.sellerReadAt;
  const other: MessageSide = side === 'buyer' ? 'seller' : 'buyer';
  return sql`${messages.side} = ${other} and (${readAt} is null or date_trunc('milliseconds', ${messages.createdAt}) > ${readAt})`;
}

/** Messages of the other side newer than this side's read mark. */
function unreadOf(side: MessageSide) {
  return sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${unreadBy(side)})`;
}

export async function selectConversations(db: Executor, where: SQL | undefined, side: MessageSide, limit: number) {
  const rows = await db
    .select({
      _id: conversations.id,
      eventId: events.id,
      eventName: events.name,
      lotId: eventLots.id,
      lotName: eventLots.name,
      lotNumber: eventLots.number,
      orderId: orders.id,
      orderNumber: orders.number,
      companyId: companies.id,
      companyName,
      buyerName: users.name,
      unreadCount: unreadOf(side),
    })
    .from(conversations)
    .leftJoin(events, eq(events.id, conversations.eventId))
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .innerJoin(users, eq(users.id, conversations.buyerUserId))
    .leftJoin(eventLots, eq(eventLots.id, conversations.eventLotId))
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r._id,
    event: r.eventId === null || r.eventName === null ? null : { _id: r.eventId, name: r.eventName },
    order: r.orderId === null || r.orderNumber === null ? null : { _id: r.orderId, number: r.orderNumber },
    eventLot:
      r.lotId === null || r.lotName === null || r.lotNumber === null
        ? null
        : { _id: r.lotId, name: r.lotName, number: r.lotNumber },
    company: { _id: r.companyId, name: r.companyName },
    buyer: { name: r.buyerName },
    unreadCount: r.unreadCount,
  }));
}

export type ConversationView = Awaited<ReturnType<typeof selectConversations>>[number];

/** A stored message as the API shows it: the author is the buyer, or the company for the seller side. */
export function toMessage(
  row: { id: string; side: MessageSide; body: string; createdAt: Date },
  names: { buyer: { name: string }; company: { name: string } },
): Message {
  return {
    _id: row.id,
    side: row.side,
    authorName: row.side === 'buyer' ? names.buyer.name : names.company.name,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a conversation is about, as one line (e-mails). */
export function aboutLine(view: Pick<ConversationView, 'event' | 'eventLot' | 'order'>): string {
  if (view.order) return `order ${view.order.number}${view.eventLot ? ` (${view.eventLot.name})` : ''}`;
  const event = view.event?.name ?? '';
  return view.eventLot ? `${view.eventLot.name} (${event})` : event;
}
