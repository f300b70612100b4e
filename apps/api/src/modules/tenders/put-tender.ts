import type { FeatureFlag } from '@lotline/contracts';
import { BID_CODES, REGISTRATION_CODES, type TenderBody } from '@lotline/contracts';
import { lotPagePath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { eventLots, users } from '@lotline/db/schema';
import { isOpenNow } from '@lotline/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { readBidFacts } from '../bidding/bid-facts';
import { selectBiddingLots } from '../bidding/lot-columns';
import { saveOwnTender } from '../bidding/sealed-tenders';
import { publicLotCondition } from '../lots/visibility';

import type { Mailer } from '../mail/mailer';
import { tenderReceivedMail } from '../mail/templates/tenders';
import { assertNotOwnLot } from '../sellers/own-lot';

export interface TenderDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  /** The deployment's flag overrides (config.featureOverrides): the order e-mails' invoice follows them. */
  featureOverrides?: Partial<Record<FeatureFlag, boolean>>;
}

export const tenderPath = (lotId: string) => `/marketplace/api/event/event-lots/${lotId}/tender`;

const notOpen = () => new AppError(BID_CODES.lotNotOpen, 'This lot is not open for tenders.', { status: 409 });

/**
 * PUT …/tender (contract §5): places or replaces the caller's one sealed
 * tender on an open TenderLot. Under the lot's row lock the database clock
 * decides "open" (the lot clock's close takes the same lock, so no tender
 * slips in after `closed_at`). The tenderer must be verified and registered
 * for the event as bidding requires (approved, deposit held or not required).
 * The "tender received" mail goes to the tenderer only, in the transaction.
 */
export function putTender(
  deps: TenderDeps,
  input: { userId: string; lotId: string; body: TenderBody; idempotencyKey: string | undefined },
): Promise<IdempotentAnswer> {
  const { userId, lotId, body } = input;
  const request = { userId, key: input.idempotencyKey, scope: `PUT ${tenderPath(lotId)}`, body };
  return withIdempotency(deps.db, request, async (tx) => {
    const [lot] = await selectBiddingLots(tx)
      .where(and(eq(eventLots.id, lotId), publicLotCondition()))
      .for('update', { of: eventLots });
    if (!lot) throw AppError.notFound('No such lot.');
    const facts = await readBidFacts(tx, lot, userId);
    const times = {
      status: lot.status,
      startAt: lot.startAt?.getTime() ?? null,
      endedAt: lot.endedAt?.getTime() ?? null,
    };
    if (lot.type !== 'TenderLot' || !isOpenNow(times, facts.now)) throw notOpen();
    const [user] = await tx
      .select({ verified: users.verified, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.verified)
      throw new AppError(
        REGISTRATION_CODES.notVerified,
        'Complete the verification of your account before you tender.',
        {
          status: 403,
        },
      );
    await assertNotOwnLot(tx, userId, lot, 'tender');
    if (!facts.registered)
      throw new AppError(BID_CODES.notRegistered, 'Register for this event before you submit a tender.', {
        status: 403,
      });
    const saved = await saveOwnTender(tx, { lotId, userId, amount: body.amount, currency: lot.currency });
    const [number] = await tx.select({ number: eventLots.number }).from(eventLots).where(eq(eventLots.id, lotId));
    const about = {
      number: number?.number ?? '',
      name: lot.name,
      currency: lot.currency,
      url: `${deps.publicOrigin}${lotPagePath(lotId)}`,
    };
    const mail = tenderReceivedMail(user, about, {
      replaced: saved.replaced,
      closesAt: lot.endedAt,
    });
    await deps.mailer.send(mail, { tx });
    const tender = { amount: saved.amount, updatedAt: saved.updatedAt.toISOString() };
    return { status: 200, body: { status: 'success', data: { tender } } };
  });
}
