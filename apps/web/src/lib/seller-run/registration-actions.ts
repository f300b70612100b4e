'use server';

import { registrationBidLimitBody, registrationDecisionBody, type SellerRegistration } from '@lotline/contracts';
import { revalidatePath } from 'next/cache';
import { callApi } from '../auth/api-call.server';
import { optionalAmount } from '../bidding/amount';
import { sellerEventRegistrationsPath } from './paths';

/** The result shown beside a registration's Approve / Decline forms. */
export interface DecisionState {
  error?: string;
  success?: string;
}

/**
 * Approve (with an optional bid limit) or Decline on /seller/events/{id}/registrations: the contract's
 * schema first, then the API decides (the bidder is e-mailed); the page is
 * read again so the row moves out of the queue.
 */
export async function decideRegistrationAction(_: DecisionState, form: FormData): Promise<DecisionState> {
  const eventId = String(form.get('eventId') ?? '');
  const registrationId = String(form.get('registrationId') ?? '');
  const reason = form.get('reason');
  const limitText = form.get('bidLimit');
  // The bid limit is typed in the event's currency units ("5,000"); the API takes minor units (decision 0080).
  const limit = optionalAmount(typeof limitText === 'string' ? limitText : '', String(form.get('currency') ?? 'USD'));
  if (!limit.ok) return { error: `Bid limit: ${limit.message}` };
  const parsed = registrationDecisionBody.safeParse({
    decision: form.get('decision'),
    ...(typeof reason === 'string' && reason.trim() !== '' ? { reason } : {}),
    ...(limit.amount === null ? {} : { bidLimit: limit.amount }),
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the form.' };
  const answer = await callApi<SellerRegistration>(
    'POST',
    `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/registrations/${encodeURIComponent(registrationId)}/decision`,
    parsed.data,
  );
  if (!answer.ok || !answer.data) {
    return { error: answer.errors[0]?.message ?? 'The decision could not be saved. Try again.' };
  }
  revalidatePath(sellerEventRegistrationsPath(eventId));
  return { success: answer.data.status === 'approved' ? 'Approved.' : 'Declined.' };
}

/**
 * Change an approved registration's bid limit on the same page (decision 0080, 0098): typed in the event's
 * currency units, empty lifts it; the API refuses a limit below a maximum the bidder has standing (409, named).
 */
export async function changeBidLimitAction(_: DecisionState, form: FormData): Promise<DecisionState> {
  const eventId = String(form.get('eventId') ?? '');
  const registrationId = String(form.get('registrationId') ?? '');
  const limitText = form.get('bidLimit');
  const limit = optionalAmount(typeof limitText === 'string' ? limitText : '', String(form.get('currency') ?? 'USD'));
  if (!limit.ok) return { error: `Bid limit: ${limit.message}` };
  const parsed = registrationBidLimitBody.safeParse({ bidLimit: limit.amount });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the form.' };
  const answer = await callApi<SellerRegistration>(
    'PUT',
    `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/registrations/${encodeURIComponent(registrationId)}/bid-limit`,
    parsed.data,
  );
  if (!answer.ok || !answer.data) {
    return { error: answer.errors[0]?.message ?? 'The bid limit could not be saved. Try again.' };
  }
  revalidatePath(sellerEventRegistrationsPath(eventId));
  return { success: answer.data.bidLimit === null ? 'Bid limit removed.' : 'Bid limit saved.' };
}
