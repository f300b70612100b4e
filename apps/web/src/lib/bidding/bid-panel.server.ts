import 'server-only';
import { type Me, paymentMethodsResponse } from '@lotline/contracts';
import type { z } from 'zod';
import { callApi } from '../auth/api-call.server';
import { biddingPath, bidHistoryPath, paymentMethodsPath, registrationPath } from './api-paths';
import { type BidPanelData, type GateKind, isEventRegistered } from './panel-state';
import { biddingState, bidHistory, registration } from './shapes';

/** Rows of the price history the panel shows before "Show more bids". */
export const HISTORY_PAGE_SIZE = 5;

async function read<S extends z.ZodType>(path: string, schema: S, label: string): Promise<z.output<S> | null> {
  const answer = await callApi<unknown>('GET', path);
  const parsed = answer.ok ? schema.safeParse(answer.data) : null;
  if (parsed?.success) return parsed.data;
  console.error(`[bid panel] ${label} could not be read (HTTP ${answer.status} ${answer.error?.code ?? 'bad body'})`);
  return null;
}

/** The lot's bidding state alone (the offer box reads its `terms`), or null when it cannot be read. */
export const loadBiddingState = (eventLotId: string) =>
  read(biddingPath(eventLotId), biddingState, 'the bidding state');

export async function loadBidPanel(
  user: Me | null,
  lot: { eventLotId: string; eventId: string | null },
  gate: GateKind,
): Promise<BidPanelData> {
  const [bidding, history, registered] = await Promise.all([
    loadBiddingState(lot.eventLotId),
    read(bidHistoryPath(lot.eventLotId, HISTORY_PAGE_SIZE), bidHistory, 'the bid history'),
    // Registration is asked about only once the person is verified: before, the panel shows the missing steps.
    user && lot.eventId && gate !== 'visitor' && gate !== 'unverified'
      ? read(registrationPath(user.id, lot.eventId), registration.nullable(), 'the registration')
      : null,
  ]);
  const cards =
    user && gate !== 'visitor' && gate !== 'unverified' && !isEventRegistered(registered)
      ? ((await read(paymentMethodsPath(user.id), paymentMethodsResponse, 'the payment methods')) ?? [])
      : [];
  return { bidding, history, registration: registered, cards };
}
