import type { Executor } from '@lotline/db';
import { brands, catalogProducts, dispositionLocations, eventLots, productCategories } from '@lotline/db/schema';
import { eq, inArray } from 'drizzle-orm';
import type { EventRow } from '../sellers/company-access';
import { Lookup } from './import-cells';
import type { ImportReferences } from './import-row';

/**
 * Everything a file's rows are checked against, in a handful of queries
 * (5,000 rows must not mean 20,000 lookups): categories by id and name, the
 * event's locations by id, city and "city, region", the brands and catalog
 * products the file names, and the numbers the event already uses.
 */
export async function loadReferences(
  db: Executor,
  event: EventRow,
  file: { brands: string[]; products: string[] },
  zipNames: Set<string> | undefined,
): Promise<ImportReferences> {
  const [categories, locations, brandRows, productRows, numbers] = await Promise.all([
    db.select({ id: productCategories.id, name: productCategories.name }).from(productCategories),
    db.select().from(dispositionLocations).where(eq(dispositionLocations.eventId, event.id)),
    file.brands.length === 0
      ? []
      : db
          .select({ id: brands.id, uniqueName: brands.uniqueName })
          .from(brands)
          .where(inArray(brands.uniqueName, file.brands)),
    file.products.length === 0
      ? []
      : db.select({ id: catalogProducts.id }).from(catalogProducts).where(inArray(catalogProducts.id, file.products)),
    db.select({ number: eventLots.number }).from(eventLots).where(eq(eventLots.eventId, event.id)),
  ]);
  return {
    saleFormat: event.saleFormat,
    categories: new Lookup(categories.map((c) => ({ id: c.id, names: [c.name] }))),
    locations: new Lookup(locations.map((l) => ({ id: l.id, names: [l.city, `${l.city}, ${l.region}`] }))),
    locationPoints: new Map(locations.map((l) => [l.id, { lat: l.lat, lon: l.lon }])),
    brands: new Map(brandRows.map((b) => [b.uniqueName, b.id])),
    products: new Set(productRows.map((p) => p.id)),
    takenNumbers: new Set(numbers.map((n) => n.number)),
    zipNames,
  };
}
