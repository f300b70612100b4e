import type { RegistrationDecisionBody, SellerRegistration } from '@lotline/contracts';
import { changeBidLimit } from '../registrations/change-bid-limit';
import { type DecideDeps, decideRegistration } from '../registrations/decide-registration';
import { requireOwnEvent } from '../sellers/company-access';
import { readEventRegistration } from './list-event-registrations';

/**
 * The seller console's decision on a registration of its own event: the
 * event is checked first (403 another company's, 404 unknown), then the one
 * use-case the staff route also calls decides, scoped to this event (a
 * registration of another event is 404). The staff routes take staff only
 * (contract §6, decision 0098): these are the seller's.
 */
export async function decideEventRegistration(
  deps: DecideDeps,
  userId: string,
  eventId: string,
  registrationId: string,
  body: RegistrationDecisionBody,
): Promise<SellerRegistration> {
  await requireOwnEvent(deps.db, userId, eventId);
  await decideRegistration(deps, userId, registrationId, body, { eventId });
  return readEventRegistration(deps.db, registrationId);
}

/** The seller console's change of a registration's bid limit, checked and scoped as the decision above. */
export async function changeEventBidLimit(
  deps: DecideDeps,
  userId: string,
  eventId: string,
  registrationId: string,
  bidLimit: number | null,
): Promise<SellerRegistration> {
  await requireOwnEvent(deps.db, userId, eventId);
  await changeBidLimit(deps.db, userId, registrationId, bidLimit, { eventId });
  return readEventRegistration(deps.db, registrationId);
}
