import type { AwardAnswer } from '@lotline/contracts';
import { LOT_STATUS } from '@lotline/domain';
import { AppError } from '../../lib/errors';
import { type IdempotentAnswer, withIdempotency } from '../../lib/http/idempotency';
import { sealedTendersOf } from '../bidding/sealed-tenders';
import { publishLotChanges } from '../live/publish-lot-changes';
import { changeLotStatus } from '../lots/change-lot-status';
import { createOrder } from '../orders/create-order';
import { depositToApply } from '../orders/payment/auction-order';
import { settleAuctionOrder } from '../orders/payment/settle-auction-order';
import type { PaymentProvider } from '../payments/provider';
import { requireOwnRow } from '../sellers/company-access';
import { announceOutcome } from './announce-outcome';
import { lockTenderLot } from './award-window';
import type { TenderDeps } from './put-tender';

export interface AwardDeps extends TenderDeps {
  provider: PaymentProvider;
}

export const awardPath = (lotId: string) => `/marketplace-api/seller/lots/${lotId}/award`;

const conflict = (message: string) => new AppError('CONFLICT', message, { status: 409 });

/**
 * POST …/seller/lots/{id}/award (issue 15): the seller awards a closed tender
 * lot to one tender (`sell`, an approved `tender` order at the tender's amount)
 * or to none (`pass`), within the award window (database clock); every
 * tenderer is told. A lot of another company is 403 (decision 0054), an unknown one 404. After the commit the lot
 * is published and the order charged once on the buyer's default card (a
 * decline leaves it pending: the buyer pays from the order page).
 */
export async function awardTender(
  deps: AwardDeps,
  input: { userId: string; lotId: string; tenderId: string | null; idempotencyKey: string | undefined },
): Promise<IdempotentAnswer> {
  const { db } = deps;
  const done = { ran: false, orderId: null as string | null };
  const request = {
    userId: input.userId,
    key: input.idempotencyKey,
    scope: `POST ${awardPath(input.lotId)}`,
    body: { tenderId: input.tenderId },
  };
  const answer = await withIdempotency(db, request, async (tx) => {
    const lot = await requireOwnRow(tx, input.userId, await lockTenderLot(tx, input.lotId), 'No such lot.');
    if (lot.type !== 'TenderLot') throw AppError.notFound('No such tender lot among your company’s lots.');
    if (lot.closedAt === null) throw conflict('The tenders are sealed until the lot closes: award it after the close.');
    if (lot.status !== LOT_STATUS.Ended) throw conflict('This lot has already been decided.');
    if (!lot.inWindow) throw conflict('The award window of this lot has passed.');
    let orderId: string | null = null;
    if (input.tenderId === null) {
      if (!(await changeLotStatus(tx, lot.id, 'pass')).changed) throw conflict('This lot has already been decided.');
      await announceOutcome(tx, deps, lot, null);
    } else {
      const tender = (await sealedTendersOf(tx, [lot.id])).find((t) => t.id === input.tenderId);
      if (!tender || tender.amount === null) throw AppError.notFound('No such tender on this lot.');
      if (!(await changeLotStatus(tx, lot.id, 'sell')).changed) throw conflict('This lot has already been decided.');
      // The tenderer's standing bid deposit for the event counts toward the order (BIDDING §6, issue 25).
      const deposit = await depositToApply(tx, tender.userId, lot.eventId, lot.currency);
      const order = await createOrder(
        tx,
        {
          depositApplied: deposit,
          source: 'tender',
          buyerUserId: tender.userId,
          lotId: lot.id,
          quantity: 1,
          unitPrice: tender.amount,
          approval: 'approved',
          tenderId: tender.id,
          actorUserId: input.userId,
        },
        deps,
      );
      orderId = order.id;
      await announceOutcome(tx, deps, lot, { tenderId: tender.id, orderId });
    }
    Object.assign(done, { ran: true, orderId });
    const status = input.tenderId === null ? LOT_STATUS.Unsold : LOT_STATUS.OrderPending;
    const data: AwardAnswer = { eventLotId: lot.id, status, awardedTenderId: input.tenderId, orderId };
    return { status: 200, body: { status: 'success', data } };
  });
  // Only when this call did the work (not a replay, not a refusal).
  if (done.ran) await publishLotChanges(db, [input.lotId]);
  if (done.ran && done.orderId !== null) {
    try {
      // The deposit captured first, then the rest charged (as for an auction win, decision 0044).
      await settleAuctionOrder({ db, provider: deps.provider, mail: deps }, done.orderId);
    } catch {
      // The award stands: a provider outage leaves the order pending; the winner pays from the order page.
    }
  }
  return answer;
}
