import type { OfferStatus, OfferView } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { offers } from '@lotline/db/schema';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { requireSellerCompanies } from '../sellers/company-members';
import { effectiveOfferStatus, listOfferViews } from './offer-view';

/** The buyer's offers (optionally on one lot): open ones first, then newest first. */
export function listMyOffers(db: Executor, userId: string, lotId?: string): Promise<OfferView[]> {
  const mine = eq(offers.buyerUserId, userId);
  return listOfferViews(db, lotId === undefined ? mine : (and(mine, eq(offers.lotId, lotId)) as SQL), false);
}

/** The offers on the lots of the companies the user answers for (seller users only: 403 otherwise); open first. */
export async function listSellerOffers(db: Executor, userId: string, status?: OfferStatus): Promise<OfferView[]> {
  const companyIds = await requireSellerCompanies(db, userId);
  const theirs = inArray(offers.companyId, companyIds);
  return listOfferViews(
    db,
    status === undefined ? theirs : (and(theirs, eq(effectiveOfferStatus, status)) as SQL),
    true,
  );
}
