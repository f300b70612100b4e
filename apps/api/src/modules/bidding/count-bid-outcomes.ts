import { BID_CODES } from '@lotline/contracts';
import { isAppError } from '../../lib/errors';
import type { IdempotentAnswer } from '../../lib/http/idempotency';
import type { BidOutcomes } from '../../lib/metrics/metrics';

/**
 * The metrics of the engine's decisions (decision 0095), counted after the batch's commit: a placed
 * bid is accepted, a refusal by its error code. A retry answered from its key's stored answer decided
 * nothing and is not counted; nor is a batch that failed (its bids are decided again, alone).
 */
export function countDecision(outcomes: BidOutcomes | undefined, placed: boolean, answer: IdempotentAnswer): void {
  if (!outcomes) return;
  if (placed) {
    outcomes.accepted();
    return;
  }
  const code = (answer.body as { errors?: { code?: unknown }[] }).errors?.[0]?.code;
  outcomes.refused(typeof code === 'string' ? code : 'UNKNOWN');
}

/** A bid refused before any decision because too many wait for its lot (503 LOT_BUSY). */
export function countBusy(outcomes: BidOutcomes | undefined, error: unknown): void {
  if (outcomes && isAppError(error) && error.code === BID_CODES.lotBusy) outcomes.refused(error.code);
}
