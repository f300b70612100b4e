import 'server-only';
import { catalogRedirectResponse } from '@lotline/contracts';
import { apiGet } from '../api/api.server';
import { ApiError } from '../api/errors';

/**
 * The current uniqueName of the catalog product that once had `uniqueName`
 * (renamed, or merged into another by staff: decision 0083), or null when no
 * product had it. The product page answers the former with a permanent
 * redirect, the latter with its 404 page.
 */
export async function fetchCatalogProductRedirect(uniqueName: string): Promise<string | null> {
  try {
    const data = await apiGet(
      `/marketplace/api/catalog/product-redirects/${encodeURIComponent(uniqueName)}`,
      {},
      catalogRedirectResponse,
    );
    return data.uniqueName === uniqueName ? null : data.uniqueName;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
