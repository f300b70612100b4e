import 'server-only';
import {
  categoryRedirectResponse,
  type EventSearchResponse,
  eventSearchResponse,
  type LotSearchResponse,
  lotSearchResponse,
  nearestPlaceResponse,
  type Place,
  type ProductCategoryBySlugResponse,
  productCategoryBySlugResponse,
} from '@lotline/contracts';
import { type BrowseState, effectiveSort, lotSearchQuery } from '../browse/state';
import { apiGet } from './api.server';
import { ApiError } from './errors';

/** GET /marketplace/api/search/lots with the facets in the same call. */
export function fetchLotSearch(state: BrowseState): Promise<LotSearchResponse> {
  return apiGet('/marketplace/api/search/lots', { ...lotSearchQuery(state), facets: 'true' }, lotSearchResponse);
}

/** GET /marketplace/api/search/events with the parameters that apply to events. */
export function fetchEventSearch(state: BrowseState): Promise<EventSearchResponse> {
  return apiGet(
    '/marketplace/api/search/events',
    {
      'sale-format': state.saleFormat,
      status: state.status,
      sort: effectiveSort(state),
      keyword: state.keyword,
      page: state.page,
      'page-size': state.pageSize,
    },
    eventSearchResponse,
  );
}

/** A category by slug, or null when there is none (the page then answers 404). */
export async function fetchCategoryBySlug(
  slug: string,
): Promise<ProductCategoryBySlugResponse['productCategory'] | null> {
  try {
    const data = await apiGet(
      `/marketplace/api/category/product-categories/by-slug/${encodeURIComponent(slug)}`,
      {},
      productCategoryBySlugResponse,
    );
    return data.productCategory;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The current slug of the category that once had `slug` (decision 0077), or null when none had it. */
export async function fetchCategoryRedirect(slug: string): Promise<string | null> {
  try {
    const data = await apiGet(
      `/marketplace/api/category/product-categories/redirects/${encodeURIComponent(slug)}`,
      {},
      categoryRedirectResponse,
    );
    return data.slug;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * The place nearest to the URL's coordinates, for the location box's text.
 * Null when there are no coordinates, or nothing is near; a failing lookup
 * leaves the box empty rather than failing the page.
 */
export async function fetchNearestPlace(state: BrowseState): Promise<Place | null> {
  if (state.geoLat === undefined || state.geoLon === undefined) return null;
  try {
    const data = await apiGet(
      '/marketplace/api/places/nearest',
      { lat: state.geoLat, lon: state.geoLon },
      nearestPlaceResponse,
    );
    return data.place;
  } catch (error) {
    console.error('[browse] places/nearest failed', error);
    return null;
  }
}
