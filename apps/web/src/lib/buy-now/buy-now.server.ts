import 'server-only';
import { type BuyNowState, buyNowState } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';

/** The buy box's state with the viewer's session (their own all-in: none with an active tax exemption); null if unreadable. */
export async function loadBuyNow(lotId: string): Promise<BuyNowState | null> {
  const answer = await callApi<unknown>(
    'GET',
    `/marketplace/api/event/event-lots/${encodeURIComponent(lotId)}/buy-now`,
  );
  const parsed = buyNowState.safeParse(answer.data);
  if (!parsed.success) {
    if (answer.ok || answer.status >= 500) console.error(`[buy box] lot ${lotId} state unreadable`, answer.error);
    return null;
  }
  return parsed.data;
}
