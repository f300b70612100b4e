import { randomUUID } from 'node:crypto';
import { CONTACT_SELLER_CODES, type SentMessageResponse, type StartConversationBody } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { bidderTermsAgreements, conversations, eventLots, users } from '@lotline/db/schema';
import { buyerBlocker } from '@lotline/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireVisibleEvent, scope } from '../account/bidder-terms';
import { publicLotCondition } from '../lots/visibility';
import { sellerCompanyIds } from '../sellers/company-members';
import { appendMessage } from './append-message';
import { selectConversations, toMessage } from './conversation-view';
import { type NotifyDeps, notifyOtherSide } from './notify';

/**
 * Contact Seller (spec §5, §6): a verified user who has agreed to the event's
 * bidder terms writes to the event's company about the event or one of its
 * lots. Writing again about the same subject continues the same thread.
 */
export async function startConversation(
  deps: NotifyDeps & { db: Database },
  userId: string,
  input: StartConversationBody,
): Promise<SentMessageResponse & { created: boolean }> {
  const { db } = deps;
  const event = await requireVisibleEvent(db, input.eventId);
  const eventLotId = input.eventLotId ?? null;
  if (eventLotId !== null) await requireLotOfEvent(db, event.id, eventLotId);
  await requireContactRule(db, userId, event.id);
  if ((await sellerCompanyIds(db, userId)).includes(event.companyId))
    throw new AppError('FORBIDDEN', 'This event is your own company’s; answer buyers from the seller inbox.');

  const { conversationId, created, row } = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversations)
      .values({
        id: `cnv_${randomUUID()}`,
        buyerUserId: userId,
        companyId: event.companyId,
        eventId: event.id,
        eventLotId,
      })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    let id = inserted[0]?.id;
    if (!id) {
      const [existing] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.buyerUserId, userId),
            eq(conversations.eventId, event.id),
            eventLotId === null ? isNull(conversations.eventLotId) : eq(conversations.eventLotId, eventLotId),
            // An order's own thread (ORDER_CONVERSATION) is another subject, never this one.
            isNull(conversations.orderId),
          ),
        );
      if (!existing) throw new AppError('CONFLICT', 'The conversation could not be started. Try again.');
      id = existing.id;
    }
    const message = await appendMessage(tx, id, 'buyer', userId, input.body);
    return { conversationId: id, created: inserted.length > 0, row: message };
  });

  const [view] = await selectConversations(db, eq(conversations.id, conversationId), 'buyer', 1);
  if (!view) throw new Error(`Conversation ${conversationId} vanished after it was written`);
  await notifyOtherSide(deps, view, userId, 'buyer', input.body);
  return { conversationId, message: toMessage(row, view), created };
}

/** Spec §5: verified (`users.verified`), then agreed to this event's bidder terms in force. */
async function requireContactRule(db: Executor, userId: string, eventId: string): Promise<void> {
  const [user] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
  const verified = user?.verified ?? false;
  // The terms are only looked up once verified: the first blocker is the one answered.
  const agreedToTerms = verified && (await hasAgreedToTerms(db, userId, eventId));
  const blocker = buyerBlocker({ verified, agreedToTerms });
  if (blocker === 'unverified')
    throw new AppError(
      CONTACT_SELLER_CODES.notVerified,
      'Complete the verification of your account before you contact a seller.',
      { status: 403 },
    );
  if (blocker === 'terms')
    throw new AppError(
      CONTACT_SELLER_CODES.termsNotAgreed,
      'Agree to the bidder terms of this event before you contact the seller.',
      { status: 403 },
    );
}

async function hasAgreedToTerms(db: Executor, userId: string, eventId: string): Promise<boolean> {
  const [agreement] = await db
    .select({ id: bidderTermsAgreements.id })
    .from(bidderTermsAgreements)
    .where(scope(userId, eventId))
    .limit(1);
  return agreement !== undefined;
}

/** A lot the buyer can see, of this event; any other id answers as unknown. */
async function requireLotOfEvent(db: Executor, eventId: string, eventLotId: string): Promise<void> {
  const [lot] = await db
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(and(eq(eventLots.id, eventLotId), eq(eventLots.eventId, eventId), publicLotCondition()));
  if (!lot) throw new AppError('NOT_FOUND', 'No such lot in this event.', { field: 'eventLotId' });
}
