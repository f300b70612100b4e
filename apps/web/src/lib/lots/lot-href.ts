import type { EventLotSource } from '@lotline/contracts';
import type { LegacyLot } from './legacy-lot';
import { slugify } from './slugify';

/** Used when a title has no ASCII letters or digits, so the path never has an empty segment. */
const FALLBACK_SLUG = 'lot';

function bidPath(title: string, id: string): string {
  return `/marketplace/bid/${slugify(title) || FALLBACK_SLUG}/${encodeURIComponent(id)}`;
}

/**
 * Lot detail route (spec §2): /marketplace/bid/{slug of title}/{lot id}.
 * Event-service lots use the name slug and the marketplace-2 id, else the
 * parent id, else their own id.
 */
export function eventLotHref(lot: Pick<EventLotSource, '_id' | 'mp2Id' | 'parentId' | 'name'>): string {
  return bidPath(lot.name, lot.mp2Id ?? lot.parentId ?? lot._id);
}

/** Legacy lots slug their SEO title (spec §2), falling back to the title. */
export function legacyLotHref(lot: Pick<LegacyLot, 'id' | 'title' | 'title_seo'>): string {
  return bidPath(lot.title_seo || lot.title, String(lot.id));
}

export function lotHref(input: { lot?: LegacyLot; eventLot?: EventLotSource }): string {
  if (input.eventLot) return eventLotHref(input.eventLot);
  if (input.lot) return legacyLotHref(input.lot);
  throw new Error('Either lot or eventLot is required');
}
