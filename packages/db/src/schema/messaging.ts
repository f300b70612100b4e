import { index, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { events } from './events';
import { eventLots } from './lots';
import { orders } from './orders';
import { users } from './platform';
import { companies } from './sellers';

/*
 * Messages between a buyer and a seller company (issue 5, seventh slice;
 * decision 0016). A conversation is one buyer user and one company about one
 * event, or one lot of it; the seller's users answer as the company.
 */

export const messageSide = pgEnum('message_side', ['buyer', 'seller']);

/**
 * `company_id` is the event's company, copied so that the seller inbox is one
 * index look-up. Starting again about the same subject finds the same row: the
 * unique key treats "no lot" as one value. Each side's read mark is the
 * `created_at` of the newest message that side was shown; later messages of
 * the other side are its unread ones.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null only for an order's thread about a lot sold outside any event (issue 15, ORDER_CONVERSATION). */
    eventId: text('event_id').references(() => events.id, { onDelete: 'cascade' }),
    eventLotId: text('event_lot_id').references(() => eventLots.id, { onDelete: 'cascade' }),
    /** An order's own thread between its buyer and seller (ORDER_CONVERSATION on); null for event and lot threads. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    lastMessageAt: utc('last_message_at').notNull().defaultNow(),
    buyerReadAt: utc('buyer_read_at'),
    sellerReadAt: utc('seller_read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversations_subject_key').on(t.buyerUserId, t.eventId, t.eventLotId, t.orderId).nullsNotDistinct(),
    index('conversations_buyer_last_idx').on(t.buyerUserId, t.lastMessageAt),
    index('conversations_company_last_idx').on(t.companyId, t.lastMessageAt),
  ],
);

/** One message; `author_user_id` is kept for the seller's own records, the buyer sees only the company. */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    side: messageSide('side').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);
