import 'server-only';
import { bidderTermsResponse, type Me, verificationState } from '@lotline/contracts';
import { buyerBlocker } from '@lotline/domain';
import type { ContactGate } from '../../components/contact-seller/contact-seller';
import { callApi } from '../auth/api-call.server';
import { missingSteps } from './missing-steps';

/**
 * Spec §5 "Contact Seller flow", decided before the page is sent: signed out,
 * not verified (with the missing steps), verified without this event's terms,
 * or ready to write. The API applies the same rule when the message is sent.
 * The lot page asks the same of lots with no event (`eventId` null): then the
 * site-wide bidder terms count.
 */
export async function contactGate(user: Me | null, eventId: string | null): Promise<ContactGate> {
  if (!user) return { kind: 'visitor' };
  const userPath = `/marketplace-api/users/${encodeURIComponent(user.id)}`;
  // The terms are only asked about once verified: the first blocker is the one shown.
  const agreedToTerms = user.verified && (await hasAgreedToTerms(userPath, eventId));
  const blocker = buyerBlocker({ verified: user.verified, agreedToTerms });
  if (blocker === 'unverified') {
    const answer = await callApi<unknown>('GET', `${userPath}/verification`);
    const state = verificationState.safeParse(answer.data);
    return { kind: 'unverified', steps: state.success ? missingSteps(state.data) : [] };
  }
  return blocker === 'terms' ? { kind: 'terms' } : { kind: 'ready' };
}

async function hasAgreedToTerms(userPath: string, eventId: string | null): Promise<boolean> {
  const answer = await callApi<unknown>('GET', `${userPath}/bidder-terms${termsScope(eventId)}`);
  const agreements = bidderTermsResponse.safeParse(answer.data);
  return agreements.success && agreements.data.length > 0;
}

/** The bidder-terms query for one event, or none for the site-wide terms. */
export const termsScope = (eventId: string | null) => (eventId ? `?eventId=${encodeURIComponent(eventId)}` : '');
