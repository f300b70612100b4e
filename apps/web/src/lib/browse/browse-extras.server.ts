import 'server-only';
import type { FillerSection, LotCard, SellerCompany } from '@lotline/contracts';
import {
  fetchFeaturedSellers,
  fetchFillerSections,
  fetchLotFallback,
  fetchRecentlyViewed,
  fetchSimilarLots,
} from '../api/browse-extras.server';
import type { WatchState } from '../watchlist/watch-state';
import { loadWatchStates } from '../watchlist/watch-states.server';
import { type Banner, type FallbackKind, infoBanners } from './info-banners';
import { firstValue, type RawSearchParams } from './search-params';

/** The browse parameters the fallback search takes (GET search/lots/fallback). */
const FALLBACK_PARAMS = [
  'sale-format',
  'status',
  'ending-date',
  'keyword',
  'product-category',
  'manufacturer',
  'geo-distance',
  'geo-lat',
  'geo-lon',
] as const;

export interface BrowseExtras {
  /** The server's clock for every card of the page (decision 0019). */
  now: number;
  banners: Banner[];
  fallback: { kind: FallbackKind; lots: LotCard[] } | null;
  similar: LotCard[];
  fillers: FillerSection[];
  recentlyViewed: LotCard[];
  sellers: SellerCompany[];
  /** Each card's watch toggle, from one wishlist look-up of every lot on the page. */
  watchOf: (documentId: string) => WatchState;
}

/** The reads that do not depend on the results, started before the results' own read so the two overlap. */
export interface BrowseReads {
  params: RawSearchParams;
  category: string | undefined;
  fillers: Promise<FillerSection[]>;
  similar: Promise<LotCard[]>;
  recentlyViewed: Promise<LotCard[]>;
  sellers: Promise<SellerCompany[]>;
}

export function startBrowseReads(params: RawSearchParams): BrowseReads {
  const category = firstValue(params['product-category']) || undefined;
  return {
    params,
    category,
    fillers: fetchFillerSections(category),
    similar: category ? fetchSimilarLots(category) : Promise.resolve([]),
    recentlyViewed: fetchRecentlyViewed(),
    sellers: fetchFeaturedSellers(),
  };
}

/**
 * Everything the browse page shows around its results (spec §2): the info
 * banners, the empty-search fallback row, similar lots of the category, the
 * filler sections, recently viewed and the featured sellers, plus the watch
 * state of every lot card on the page (one wishlist look-up).
 */
export async function loadBrowseExtras({
  reads,
  resultsCount,
  resultIds,
  returnTo,
}: {
  reads: BrowseReads;
  resultsCount: number;
  resultIds: string[];
  returnTo: string;
}): Promise<BrowseExtras> {
  const now = Date.now();
  const { params, category } = reads;
  const keyword = firstValue(params.keyword)?.trim() || undefined;
  const fallbackQuery = Object.fromEntries(FALLBACK_PARAMS.map((key) => [key, firstValue(params[key]) || undefined]));
  const [fillers, fallback, similar, recentlyViewed, sellers] = await Promise.all([
    reads.fillers,
    resultsCount === 0 ? fetchLotFallback(fallbackQuery) : Promise.resolve(null),
    reads.similar,
    reads.recentlyViewed,
    reads.sellers,
  ]);
  const banners = infoBanners({
    keyword,
    category,
    resultsCount,
    fallbackKind: fallback?.kind ?? null,
    saleFormat: firstValue(params['sale-format']),
    soldFiller: fillers.some((s) => s.type === 'sold'),
    categoryFillers: similar.length > 0 || fillers.length > 0,
  });
  const shown = [
    ...resultIds,
    ...(fallback?.lots ?? []).map((l) => l._id),
    ...similar.map((l) => l._id),
    ...fillers.flatMap((s) => (s.lots ?? []).map((l) => l._id)),
    ...recentlyViewed.map((l) => l._id),
  ];
  const watchOf = await loadWatchStates(shown, returnTo);
  return { now, banners, fallback, similar, fillers, recentlyViewed, sellers, watchOf };
}
