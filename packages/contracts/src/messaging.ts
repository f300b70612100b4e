import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './constants';
import { pagination } from './envelope';
import { keyParam } from './reads-params';

/**
 * Messages between a buyer and a seller company about an event or a lot
 * (contract §4, spec §5 "Contact Seller flow"; decision 0016). The same body
 * schema validates the web's message forms.
 */

export const MESSAGE_SIDES = ['buyer', 'seller'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** Domain codes of the contact-seller rule (spec §5, §6), answered with 403. */
export const CONTACT_SELLER_CODES = { notVerified: 'NOT_VERIFIED', termsNotAgreed: 'TERMS_NOT_AGREED' } as const;

export const messageText = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, { error: 'Write a message.' })
  .max(MESSAGE_MAX_LENGTH, { error: `A message can be at most ${MESSAGE_MAX_LENGTH} characters long.` });

export const messageBody = z.object({ body: messageText }).strict();
export type MessageBody = z.infer<typeof messageBody>;

export const startConversationBody = z
  .object({
    eventId: keyParam().describe('The event the message is about'),
    eventLotId: keyParam().optional().describe('A lot of that event, when the message is about one lot'),
    body: messageText,
  })
  .strict();
export type StartConversationBody = z.infer<typeof startConversationBody>;

export const conversationIdParams = z.object({ conversationId: keyParam() }).strict();

/** A thread's pages: page 1 holds the newest messages, higher pages older ones (contract §1 pagination). */
export const THREAD_PAGE_SIZE = 50;
export const threadQuery = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(100).default(THREAD_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type ThreadQuery = z.infer<typeof threadQuery>;

/**
 * Marks a conversation read for the caller's side, up to `messageId` (the
 * newest message the reader was shown) or, without it, up to its newest
 * message. A read mark never moves back.
 */
export const markReadBody = z
  .object({ messageId: keyParam().optional().describe('The newest message the reader has seen') })
  .strict();
export type MarkReadBody = z.infer<typeof markReadBody>;

export const markReadResponse = z.object({
  conversationId: z.string(),
  /** The other side's messages still unread after marking. */
  unreadCount: z.number().int().min(0),
});
export type MarkReadResponse = z.infer<typeof markReadResponse>;

/** What a conversation is about: the event, and the lot when there is one. */
export const conversationSubject = z.object({
  /** Null only for an order's thread whose lot was sold outside an event (issue 15). */
  event: z.object({ _id: z.string(), name: z.string() }).nullable(),
  eventLot: z.object({ _id: z.string(), name: z.string(), number: z.string() }).nullable(),
  /** Addition (issue 15, ORDER_CONVERSATION): the order this thread is about, if it is an order's thread. */
  order: z.object({ _id: z.string(), number: z.string() }).nullable(),
});

export const message = z.object({
  _id: z.string(),
  side: z.enum(MESSAGE_SIDES),
  /** The buyer's name, or for the seller side the company's name (never the person's). */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string().describe('ISO 8601 UTC'),
});
export type Message = z.infer<typeof message>;

export const conversationSummary = conversationSubject.extend({
  _id: z.string(),
  company: z.object({ _id: z.string(), name: z.string() }),
  buyer: z.object({ name: z.string() }),
  lastMessage: message,
  unreadCount: z.number().int().min(0),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const inboxResponse = z.object({
  conversations: z.array(conversationSummary),
  totalUnread: z.number().int().min(0),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

export const conversationThread = conversationSubject.extend({
  _id: z.string(),
  company: z.object({ _id: z.string(), name: z.string() }),
  buyer: z.object({ name: z.string() }),
  /** The side the caller is on: buyer, or seller for the company's users. */
  viewerSide: z.enum(MESSAGE_SIDES),
  /** One page of the thread, oldest message first within the page; page 1 is the newest. */
  messages: z.array(message),
  pagination,
});
export type ConversationThread = z.infer<typeof conversationThread>;

export const conversationResponse = z.object({ conversation: conversationThread });

export const sentMessageResponse = z.object({ conversationId: z.string(), message });
export type SentMessageResponse = z.infer<typeof sentMessageResponse>;

export const unreadMessagesResponse = z.object({
  buyer: z.number().int().min(0),
  seller: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type UnreadMessagesResponse = z.infer<typeof unreadMessagesResponse>;
