import { type ApiErrorItem, type LotBody, SALE_FORMAT_LOT_TYPE } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { brands, catalogProducts, dispositionLocations, productCategories } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { EventRow, LotRow } from '../sellers/company-access';

/**
 * The lot form's fields as `event_lots` columns, with every reference checked
 * (decision 0050): the category and catalog product exist, the brand is a
 * known uniqueName, the location is one of THIS event's, and the type is the
 * one the event's sale format sells (the seed's rule and the browse filter's:
 * auction → AuctionLot, buy-now → BuyItNowItem, tender → TenderLot). Every
 * problem is a 400 naming its field, all at once.
 */
export async function lotColumns(tx: Executor, event: EventRow, body: LotBody, current?: LotRow) {
  const problems: ApiErrorItem[] = [];
  const bad = (field: string, message: string) => problems.push({ code: 'VALIDATION_FAILED', field, message });
  const expected = SALE_FORMAT_LOT_TYPE[event.saleFormat as keyof typeof SALE_FORMAT_LOT_TYPE];
  // The quantity is the units left (orders count it down): 0 only when a sold-out lot keeps it.
  if (body.quantity < 1 && body.quantity !== current?.quantity) bad('quantity', 'The quantity must be at least 1.');
  if (body.type !== expected) bad('type', `A lot of a ${event.saleFormat} event must be a ${expected}.`);
  const [category, brand, product, location] = await Promise.all([
    body.productCategoryId === null
      ? undefined
      : tx
          .select({ id: productCategories.id })
          .from(productCategories)
          .where(eq(productCategories.id, body.productCategoryId)),
    body.brand === null
      ? undefined
      : tx.select({ id: brands.id }).from(brands).where(eq(brands.uniqueName, body.brand)),
    body.catalogProductId === null
      ? undefined
      : tx
          .select({ id: catalogProducts.id })
          .from(catalogProducts)
          .where(eq(catalogProducts.id, body.catalogProductId)),
    body.dispositionLocationId === null
      ? undefined
      : tx
          .select({ id: dispositionLocations.id, lat: dispositionLocations.lat, lon: dispositionLocations.lon })
          .from(dispositionLocations)
          .where(
            and(eq(dispositionLocations.id, body.dispositionLocationId), eq(dispositionLocations.eventId, event.id)),
          ),
  ]);
  if (category?.length === 0) bad('productCategoryId', 'There is no such product category.');
  if (brand?.length === 0) bad('brand', 'There is no such brand.');
  if (product?.length === 0) bad('catalogProductId', 'There is no such catalog product.');
  if (location?.length === 0) bad('dispositionLocationId', 'The location must be one of this event’s locations.');
  const [first, ...more] = problems;
  if (first) throw new AppError(first.code, first.message, { status: 400, field: first.field, more });
  const { brand: _brand, ...fields } = body;
  return {
    ...fields,
    brandId: brand?.[0]?.id ?? null,
    lat: location?.[0]?.lat ?? null,
    lon: location?.[0]?.lon ?? null,
  };
}
