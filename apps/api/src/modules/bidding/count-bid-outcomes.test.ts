import { BID_CODES } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { countBusy, countDecision } from './count-bid-outcomes';

function recorder() {
  const seen: string[] = [];
  return { seen, outcomes: { accepted: () => seen.push('accepted'), refused: (code: string) => seen.push(code) } };
}

const refusal = (code: string) => ({ status: 409, body: { status: 'error', errors: [{ code, message: 'no' }] } });

describe('counting bid decisions', () => {
  it('counts a placed bid as accepted and a refusal by its first error code', () => {
    const { seen, outcomes } = recorder();
    countDecision(outcomes, true, { status: 201, body: { status: 'success', data: {} } });
    countDecision(outcomes, false, refusal(BID_CODES.bidTooLow));
    countDecision(outcomes, false, { status: 409, body: {} });
    countDecision(undefined, true, { status: 201, body: {} });
    expect(seen).toEqual(['accepted', BID_CODES.bidTooLow, 'UNKNOWN']);
  });

  it('counts LOT_BUSY as a refusal, and no other error', () => {
    const { seen, outcomes } = recorder();
    countBusy(outcomes, new AppError(BID_CODES.lotBusy, 'busy', { status: 503 }));
    countBusy(outcomes, new Error('connection lost'));
    countBusy(outcomes, AppError.notFound());
    expect(seen).toEqual([BID_CODES.lotBusy]);
  });
});
