import { randomUUID } from 'node:crypto';
import { payoutReference } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { assertNotOwnCompany } from '../../lib/own-record';
import { recordAudit } from '../audit/record-audit';
import { insertManualPayout } from './change-payout';
import { lockDueOrder, payoutAmounts, RELEASE_RULE, type ReleaseRule } from './payout-due';

export interface ManualPayoutInput {
  orderId: string;
  /** The bank transfer's reference, as the bank confirmed it. */
  reference: string;
  /** The staff member who made the transfer and records it. */
  actorId: string;
}

/**
 * Staff record the bank transfer they made to the seller for a due order (decision 0079): the amount is the
 * order's net, never typed. In the caller's transaction: the order's row lock, the release rule, then the
 * payout (`paid`) and its audit entry `payout.record`. A second record for the same order, at once or later,
 * is refused (409: already paid out), as is a record while the release job's Stripe transfer is in progress.
 * Answers the payout's id.
 */
export async function recordManualPayout(
  tx: Executor,
  input: ManualPayoutInput,
  rule: ReleaseRule = RELEASE_RULE,
): Promise<string> {
  const reference = payoutReference.safeParse(input.reference);
  if (!reference.success) {
    throw AppError.validation(reference.error.issues[0]?.message ?? 'Give the bank transfer reference.', 'reference');
  }
  const due = await lockDueOrder(tx, input.orderId, rule);
  await assertNotOwnCompany(tx, input.actorId, due.companyId);
  const payoutId = `po_${randomUUID()}`;
  const amounts = payoutAmounts(due.net);
  await insertManualPayout(tx, {
    id: payoutId,
    orderId: due.orderId,
    companyId: due.companyId,
    ...amounts,
    reference: reference.data,
    createdByUserId: input.actorId,
  });
  await recordAudit(tx, {
    actorId: input.actorId,
    action: 'payout.record',
    targetType: 'order',
    targetId: due.orderId,
    before: null,
    after: {
      payoutId,
      method: 'manual',
      amount: amounts.amount,
      currency: amounts.currency,
      reference: reference.data,
    },
  });
  return payoutId;
}
