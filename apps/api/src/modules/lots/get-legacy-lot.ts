import type { LegacyLot } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { companies, legacyLotBids, legacyLots } from '@lotline/db/schema';
import { desc, eq } from 'drizzle-orm';

/**
 * A lot of the previous platform (spec §3 "Legacy lot"), with that platform's
 * field names, which the legacy lot page reads. Legacy lots have no hidden
 * flag or draft state: all are public. Undefined when the id is unknown.
 */
export async function getLegacyLot(db: Database, id: string): Promise<LegacyLot | undefined> {
  const [lot] = await db
    .select({
      id: legacyLots.id,
      title: legacyLots.title,
      titleSeo: legacyLots.titleSeo,
      number: legacyLots.number,
      status: legacyLots.status,
      photos: legacyLots.photos,
      photoUrl: legacyLots.photoUrl,
      endedAt: legacyLots.endedAt,
      listingPrice: legacyLots.listingPrice,
      currency: legacyLots.currency,
      companyId: companies.id,
      companySlug: companies.slug,
      companyName: companies.name,
      companyDisplayName: companies.displayName,
      addressString: legacyLots.addressString,
      mode: legacyLots.mode,
      auctionType: legacyLots.auctionType,
      bidsCount: legacyLots.bidsCount,
      arsEventLotId: legacyLots.arsEventLotId,
    })
    .from(legacyLots)
    .leftJoin(companies, eq(companies.id, legacyLots.companyId))
    .where(eq(legacyLots.id, id))
    .limit(1);
  if (!lot) return undefined;
  const bids = await db
    .select({ amount: legacyLotBids.amount, placedAt: legacyLotBids.placedAt })
    .from(legacyLotBids)
    .where(eq(legacyLotBids.legacyLotId, id))
    .orderBy(desc(legacyLotBids.placedAt), desc(legacyLotBids.id));
  return {
    id: lot.id,
    title: lot.title,
    title_seo: lot.titleSeo,
    number: lot.number,
    status: lot.status,
    photos: lot.photos.map((p) => ({ url: p.url })),
    photo_url: lot.photoUrl,
    ended_at: lot.endedAt ? lot.endedAt.toISOString() : null,
    listing_price: lot.listingPrice,
    currency: { name: lot.currency },
    company:
      lot.companyId === null || lot.companySlug === null || lot.companyName === null
        ? null
        : { id: lot.companyId, slug: lot.companySlug, display_name: lot.companyDisplayName, name: lot.companyName },
    address_string: lot.addressString,
    mode: lot.mode,
    auction: { type: lot.auctionType },
    auctionLotBidsCount: lot.bidsCount,
    bids: bids.map((b) => ({ amount: b.amount, placedAt: b.placedAt.toISOString() })),
    ars_event_lot_id: lot.arsEventLotId,
  };
}
