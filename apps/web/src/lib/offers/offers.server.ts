import 'server-only';
import { type OfferView, offersResponse } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';

/** The offer lists, read with the person's cookies (decision 0046). */
export type LoadedOffers = { ok: true; offers: OfferView[] } | { ok: false; status: number; message: string };

async function load(path: string): Promise<LoadedOffers> {
  const answer = await callApi<unknown>('GET', path);
  if (!answer.ok)
    return { ok: false, status: answer.status, message: answer.error?.message ?? 'Could not load offers.' };
  const parsed = offersResponse.safeParse(answer.data);
  return parsed.success
    ? { ok: true, offers: parsed.data.offers }
    : { ok: false, status: 500, message: 'The offers could not be read. Try again in a moment.' };
}

/** The buyer's own offers, optionally on one lot. */
export const loadMyOffers = (userId: string, lotId?: string) =>
  load(
    `/marketplace-api/users/${encodeURIComponent(userId)}/offers${lotId ? `?eventLotId=${encodeURIComponent(lotId)}` : ''}`,
  );

/** The offers on the seller's companies' lots. */
export const loadSellerOffers = () => load('/marketplace-api/seller/offers');
