import { AppError } from '../../lib/errors';

/**
 * The provider that moves a seller's payout (decision 0079), as `payments/provider.ts` is for buyers' money.
 * One implementation today: Stripe Connect transfers to the company's connected account. Without Stripe there
 * is no provider: staff pay sellers by bank transfer and record it (`record-manual-payout.ts`). Like
 * `payments/`, the port and its adapter import no other module; the use-cases around them do.
 */

export interface TransferRequest {
  /** Minor units, above 0. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The company's connected account (`acct_…`). */
  destination: string;
  /** Ties the transfer to the order's charge at the provider, e.g. the order number `LL-100042`. */
  transferGroup: string;
  /** Ours: the payout's id. Also the idempotency key: asking again answers the transfer already made. */
  reference: string;
}

export interface Transfer {
  /** The provider's transfer id (`tr_…`). */
  id: string;
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface PayoutProvider {
  readonly name: 'stripe';
  /**
   * Moves `amount` to the connected account. A refusal (no such account, not enough balance, a currency the
   * account cannot take) is a `payoutRefused` AppError: nothing moved. Any other error (an outage) leaves the
   * outcome unknown: ask again with the same reference.
   */
  transfer(request: TransferRequest): Promise<Transfer>;
}

export const PAYOUT_REFUSED = 'PAYOUT_REFUSED';

/** The provider said no: nothing was transferred (409, the provider's reason). */
export function payoutRefused(message: string, cause?: unknown): AppError {
  return new AppError(PAYOUT_REFUSED, `The transfer was refused: ${message}`, {
    status: 409,
    ...(cause === undefined ? {} : { cause }),
  });
}

export const isPayoutRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.code === PAYOUT_REFUSED;

export function validateTransfer(request: TransferRequest): void {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw AppError.validation('The amount must be a whole number of minor units above 0.', 'amount');
  }
  if (!/^[A-Z]{3}$/.test(request.currency)) throw AppError.validation('The currency must be an ISO 4217 code.');
  if (!/^acct_[A-Za-z0-9]+$/.test(request.destination)) {
    throw AppError.validation('The destination must be a Stripe connected account id (acct_…).');
  }
}
