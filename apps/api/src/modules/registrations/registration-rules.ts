import { REGISTRATION_CODES } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { bidderTermsAgreements, eventLots, events, paymentCustomers, paymentMethods, users } from '@lotline/db/schema';
import { buyerBlocker } from '@lotline/domain';
import { pastSql } from '@lotline/domain/lot-lifecycle-sql';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { requireVisibleEvent, scope } from '../account/bidder-terms';
import { paymentDeclined } from '../payments/provider';

export interface RegistrableEvent {
  id: string;
  name: string;
  depositAmount: number | null;
  depositCurrency: string | null;
  approvalRequired: boolean;
}

/**
 * An event is closed for registration when it is finalized or when every one
 * of its lots is over (past, or its effective end reached by the database clock).
 */
const closedSql = (): SQL =>
  or(
    eq(events.status, 'finalized'),
    sql`not exists (select 1 from ${eventLots} where ${eventLots.eventId} = ${events.id} and not (${or(
      pastSql(eventLots),
      sql`coalesce(${eventLots.endedAt} <= now(), false)`,
    )}))`,
  ) as SQL;

/**
 * BIDDING §6, in the contract's order: the event exists and buyers may see it
 * (404), it is not closed (EVENT_CLOSED), the user is verified (spec §4, the
 * stored flag the account slice keeps current) and agreed to this event's
 * bidder terms in force.
 */
export async function requireRegistrableEvent(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<RegistrableEvent> {
  await requireVisibleEvent(db, eventId);
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      depositAmount: events.bidDepositAmount,
      depositCurrency: events.bidDepositCurrency,
      approvalRequired: events.registrationApprovalRequired,
      closed: closedSql(),
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw AppError.notFound('No such event.');
  if (event.closed)
    throw new AppError(REGISTRATION_CODES.eventClosed, 'This event has closed: registration is over.', { status: 409 });
  const [user] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
  const verified = user?.verified ?? false;
  const [agreement] = verified
    ? await db.select({ id: bidderTermsAgreements.id }).from(bidderTermsAgreements).where(scope(userId, eventId))
    : [];
  const blocker = buyerBlocker({ verified, agreedToTerms: agreement !== undefined });
  if (blocker === 'unverified')
    throw new AppError(
      REGISTRATION_CODES.notVerified,
      'Complete the verification of your account before you register to bid.',
      {
        status: 403,
      },
    );
  if (blocker === 'terms')
    throw new AppError(
      REGISTRATION_CODES.termsNotAgreed,
      'Agree to the bidder terms of this event before you register to bid.',
      {
        status: 403,
      },
    );
  const { closed: _closed, ...registrable } = event;
  return registrable;
}

export interface HoldCard {
  /** Ours. */
  id: string;
  provider: 'sandbox' | 'stripe';
  providerPaymentMethodId: string;
  customerId: string | undefined;
}

/**
 * The card a deposit is held on: the one named (it must be the user's), else
 * the default. No card at all is a refusal the person fixes by adding one (402).
 */
export async function chooseCard(
  db: Executor,
  userId: string,
  providerName: 'sandbox' | 'stripe',
  paymentMethodId: string | undefined,
  noCardMessage = 'Add a card to your account to place the deposit.',
): Promise<HoldCard> {
  const [card] = await db
    .select({
      id: paymentMethods.id,
      provider: paymentMethods.provider,
      providerPaymentMethodId: paymentMethods.providerPaymentMethodId,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        paymentMethodId === undefined ? eq(paymentMethods.isDefault, true) : eq(paymentMethods.id, paymentMethodId),
      ),
    );
  if (!card && paymentMethodId !== undefined)
    throw new AppError('NOT_FOUND', 'No such card in your account.', { field: 'paymentMethodId' });
  if (!card) throw paymentDeclined(noCardMessage);
  if (card.provider !== providerName)
    throw paymentDeclined('This card was saved with another payment provider. Add it again to use it.');
  return { ...card, customerId: await customerOf(db, userId, providerName) };
}

export async function customerOf(db: Executor, userId: string, provider: 'sandbox' | 'stripe') {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.customerId;
}
