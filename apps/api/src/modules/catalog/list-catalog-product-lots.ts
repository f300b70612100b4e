import type { EventLotQueryField, EventLotsResponse, QueryObject } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { catalogProducts, eventLots } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { PageRequest } from '../../lib/pagination';
import { listEventLots } from '../events/list-event-lots';
import type { FeatureOverrides } from '../platform/get-feature-flags';

export interface ListCatalogProductLotsInput extends PageRequest {
  esQuery?: QueryObject<EventLotQueryField> | undefined;
}

/**
 * The lots of one catalog product (the catalog product page, spec §2): the
 * public event lots linked to it, with the same query object, order and card
 * fields as GET /marketplace/api/event/event-lots. An unknown product is 404,
 * not an empty page, so the page can answer 404 too.
 */
export async function listCatalogProductLots(
  db: Database,
  uniqueName: string,
  input: ListCatalogProductLotsInput,
  flags: FeatureOverrides,
): Promise<EventLotsResponse> {
  const [product] = await db
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(eq(catalogProducts.uniqueName, uniqueName))
    .limit(1);
  if (!product) throw AppError.notFound('Catalog product not found');
  return listEventLots(db, { ...input, scope: eq(eventLots.catalogProductId, product.id) }, flags);
}
