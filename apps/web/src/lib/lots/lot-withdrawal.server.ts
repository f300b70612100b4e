import 'server-only';
import { lotWithdrawalResponse } from '@lotline/contracts';
import { apiGet } from '../api/api.server';

/**
 * The lot page's notice when the marketplace withdrew the lot (decision 0081): it replaces every action. Null
 * for any other lot, and when the read fails (the lot's own status already refuses bids; the page still shows).
 */
export async function lotWithdrawnText(lotId: string): Promise<string | null> {
  try {
    const { withdrawal } = await apiGet(
      `/marketplace-api/lots/${encodeURIComponent(lotId)}/withdrawal`,
      {},
      lotWithdrawalResponse,
    );
    return withdrawal ? `Withdrawn by the marketplace: ${withdrawal.reason}` : null;
  } catch (error) {
    console.error(`[lot page] the withdrawal of lot ${lotId} could not be read`, error);
    return null;
  }
}
