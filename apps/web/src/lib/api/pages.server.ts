import 'server-only';
import {
  type CatalogProduct,
  catalogProductResponse,
  companyResponse,
  type EventLotsResponse,
  type EventSearchResponse,
  eventLotsResponse,
  eventSearchResponse,
  type LotSearchResponse,
  lotSearchResponse,
  type ProductCategoriesResponse,
  productCategoriesResponse,
  type SellerCompany,
} from '@lotline/contracts';
import { LOT_STATUS } from '@lotline/domain';
import type { PageParams } from '../browse/page-params';
import { apiGet } from './api.server';
import { ApiError } from './errors';
import { fetchEventLots } from './event-lots.server';
import type { ApiQuery } from './url';

/** The API's answer, or null when it says the thing does not exist (the page then answers 404). */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Only lots a buyer can still act on are listed on the seller and catalog pages. */
const ACTIVE = { field: 'status', op: 'eq', value: LOT_STATUS.Active } as const;

export function fetchCompany(id: string): Promise<SellerCompany | null> {
  return orNull(
    apiGet(`/marketplace/api/companies/${encodeURIComponent(id)}`, {}, companyResponse).then((d) => d.company),
  );
}

/** The seller's current events (GET companies/:id/events), ending soonest first. */
export function fetchCompanyEvents(id: string, pageSize: number): Promise<EventSearchResponse> {
  return apiGet(
    `/marketplace/api/companies/${encodeURIComponent(id)}/events`,
    { 'page-size': pageSize },
    eventSearchResponse,
  );
}

/** The seller's active lots: the contract's event-lots read with companyId (contract §3). */
export function fetchCompanyLots(id: string, { page, pageSize }: PageParams): Promise<EventLotsResponse> {
  return fetchEventLots({
    pageNumber: page,
    pageSize,
    esQuery: { operator: 'and', params: [{ field: 'companyId', op: 'eq', value: id }, ACTIVE] },
  });
}

export function fetchCatalogProduct(uniqueName: string): Promise<CatalogProduct | null> {
  return orNull(
    apiGet(`/marketplace/api/catalog/products/${encodeURIComponent(uniqueName)}`, {}, catalogProductResponse).then(
      (d) => d.catalogProduct,
    ),
  );
}

export function fetchCatalogProductLots(
  uniqueName: string,
  { page, pageSize }: PageParams,
): Promise<EventLotsResponse> {
  return apiGet(
    `/marketplace/api/catalog/products/${encodeURIComponent(uniqueName)}/lots`,
    { pageNumber: page, pageSize, esQuery: { operator: 'and', params: [ACTIVE] } },
    eventLotsResponse,
  );
}

/** The active top-level categories with their listed-lot counts (contract §3 product-categories/regular). */
export async function fetchTopCategories(): Promise<ProductCategoriesResponse['productCategories']> {
  const data = await apiGet(
    '/marketplace/api/category/product-categories/regular',
    {
      pageSize: 50,
      pageNumber: 1,
      query: {
        operator: 'and',
        params: [
          { field: 'parentId', op: 'exists', value: false },
          { field: 'status', op: 'eq', value: 'active' },
        ],
      },
    },
    productCategoriesResponse,
  );
  return data.productCategories;
}

/** One row of lot cards from the browse search (GET search/lots) with the browse page's own parameters. */
export function fetchLotRow(params: ApiQuery): Promise<LotSearchResponse> {
  return apiGet('/marketplace/api/search/lots', params, lotSearchResponse);
}
