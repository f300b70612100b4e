import 'server-only';
import type { Me } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';
import { loadBidPanel } from '../bidding/bid-panel.server';
import type { GateKind } from '../bidding/panel-state';
import { readYourTender, tenderPath, type YourTender } from './tender-client';

export type TenderBoxData = Awaited<ReturnType<typeof loadBidPanel>> & { tender: YourTender | null };

/** The tender box's first reads: the bid panel's (state, registration, cards) and the person's own tender. */
export async function loadTenderBox(
  user: Me | null,
  lot: { eventLotId: string; eventId: string | null },
  gate: GateKind,
): Promise<TenderBoxData> {
  const [panel, own] = await Promise.all([
    loadBidPanel(user, lot, gate),
    user ? callApi<unknown>('GET', tenderPath(lot.eventLotId)) : null,
  ]);
  return { ...panel, tender: own?.ok ? readYourTender(own.data) : null };
}
