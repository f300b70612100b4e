import 'server-only';
import {
  type CompaniesResponse,
  companiesResponse,
  type FillerSection,
  fillerSectionsResponse,
  type LotCard,
  type LotFallbackResponse,
  lotCardsResponse,
  lotFallbackResponse,
  recentlyViewedResponse,
} from '@lotline/contracts';
import { cookies } from 'next/headers';
import type { z } from 'zod';
import { LOTS_VIEWED_COOKIE } from '../lots/lots-viewed';
import { apiGet } from './api.server';
import type { ApiQuery } from './url';

/**
 * The browse page's secondary reads: fillers, fallbacks, similar lots,
 * recently viewed and featured sellers. None of them may take the page down:
 * a failure is logged and the section is left out (the results still show).
 */
async function optional<S extends z.ZodType>(path: string, query: ApiQuery, schema: S): Promise<z.output<S> | null> {
  try {
    return await apiGet(path, query, schema);
  } catch (error) {
    console.error(`[browse] ${path} failed; the section is left out`, error);
    return null;
  }
}

export async function fetchFillerSections(productCategory?: string): Promise<FillerSection[]> {
  const answer = await optional(
    '/marketplace/api/cms/filler-sections',
    { 'product-category': productCategory },
    fillerSectionsResponse,
  );
  return answer?.sections ?? [];
}

/** After an empty search: past, popular or nothing (GET search/lots/fallback with the page's own parameters). */
export async function fetchLotFallback(
  params: Record<string, string | undefined>,
): Promise<LotFallbackResponse | null> {
  return optional('/marketplace/api/search/lots/fallback', params, lotFallbackResponse);
}

export async function fetchSimilarLots(productCategory: string): Promise<LotCard[]> {
  const answer = await optional(
    '/marketplace/api/search/lots/similar',
    { 'product-category': productCategory },
    lotCardsResponse,
  );
  return answer?.lots ?? [];
}

/** A cookie written with encodeURIComponent reads back encoded when the framework leaves it so; JSON never starts with '%'. */
function decodedCookie(value: string): string {
  if (!value.startsWith('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The `lots_viewed` cookie's ids, passed through as they are; the API takes the first 4 and drops hidden lots. */
export async function fetchRecentlyViewed(): Promise<LotCard[]> {
  const raw = (await cookies()).get(LOTS_VIEWED_COOKIE)?.value;
  if (!raw) return [];
  const answer = await optional(
    '/marketplace/api/lots/recently-viewed',
    { ids: decodedCookie(raw) },
    recentlyViewedResponse,
  );
  return answer?.eventLots ?? [];
}

export async function fetchFeaturedSellers(): Promise<CompaniesResponse['companies']> {
  const answer = await optional('/marketplace/api/companies/featured', {}, companiesResponse);
  return answer?.companies ?? [];
}
