import type { LegacyLotStatus } from '@lotline/contracts';

/**
 * A lot from the legacy catalogue (spec §3 "Legacy lot"), only the fields a
 * card reads. Amounts are integer minor units like everywhere else.
 */
export interface LegacyLot {
  id: string | number;
  title: string;
  title_seo?: string | null;
  number?: string | null;
  status: LegacyLotStatus;
  photos?: { url: string }[] | null;
  photo_url?: string | null;
  ended_at?: string | null;
  listing_price?: number | null;
  currency?: { name: string } | null;
  company?: { display_name?: string | null; name: string } | null;
  address_string?: string | null;
  mode?: 'lot';
  auction?: { type: string } | null;
  auctionLotBidsCount?: number | null;
  ars_event_lot_id?: string | null;
}
