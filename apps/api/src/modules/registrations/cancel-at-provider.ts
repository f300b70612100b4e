import { AppError } from '../../lib/errors';
import type { PaymentProvider } from '../payments/provider';

/**
 * Cancels a hold at the provider, idempotently: a hold the provider says is no
 * longer cancellable (already cancelled by an earlier run, or lapsed) counts
 * as done, so a repeated job or a retry after a crash converges.
 */
export async function cancelAtProvider(provider: PaymentProvider, providerHoldId: string): Promise<void> {
  try {
    await provider.cancelHold(providerHoldId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return;
    throw err;
  }
}
