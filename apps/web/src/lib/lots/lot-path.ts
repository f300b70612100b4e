import type { LotResponse } from '@lotline/contracts';
import { eventLotHref, LOT_ROUTE_PREFIX, legacyLotHref } from '../routes';

export interface LotPathParts {
  slug: string;
  lotId: string;
}

/**
 * The slug and id of a lot detail path, decoded; null for any other path
 * (more or fewer segments, an empty one, or broken percent-encoding).
 */
export function parseLotPath(pathname: string): LotPathParts | null {
  if (!pathname.startsWith(LOT_ROUTE_PREFIX)) return null;
  const segments = pathname.slice(LOT_ROUTE_PREFIX.length).split('/');
  if (segments.length !== 2) return null;
  try {
    const [slug, lotId] = segments.map((s) => decodeURIComponent(s));
    return slug && lotId ? { slug, lotId } : null;
  } catch {
    return null;
  }
}

/**
 * The one URL of a lot (spec §2): event lots use the name slug and the
 * marketplace-2 id, else the parent id, else the item id; legacy lots slug
 * their SEO title. The id a lot is reached by may be any of the three, so the
 * canonical one comes from the lot, never from the request.
 */
export function lotCanonicalPath(lot: LotResponse): string {
  return lot.kind === 'event-lot' ? eventLotHref(lot.lot._source) : legacyLotHref(lot.lot);
}

/** Whether a requested path is already the canonical one (compared decoded, so `%7E` and `~` are the same). */
export function isCanonicalLotPath(requested: LotPathParts, canonicalPath: string): boolean {
  const canonical = parseLotPath(canonicalPath);
  return canonical !== null && canonical.slug === requested.slug && canonical.lotId === requested.lotId;
}
