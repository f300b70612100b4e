import {
  type ImportError,
  type LotBody,
  lotBody,
  MAX_LOT_PHOTOS,
  SALE_FORMAT_LOT_TYPE,
  UPLOAD_EXTENSIONS,
  uploadExtension,
} from '@lotline/contracts';
import { type Cell, isError, type Lookup, list, money, optional, whole, yesNo } from './import-cells';
import { baseName } from './read-zip';

/** What the rows of one file are checked against (loaded once per preview). */
export interface ImportReferences {
  saleFormat: string;
  categories: Lookup;
  locations: Lookup;
  locationPoints: Map<string, { lat: number; lon: number }>;
  brands: Map<string, string>;
  products: Set<string>;
  takenNumbers: Set<string>;
  /** The ZIP's file names (match keys), or undefined when no ZIP was sent. */
  zipNames: Set<string> | undefined;
}

export type ImportPhoto = { file: string } | { url: string };

/** A valid row: the lot's `event_lots` columns and its photos in file order. */
export interface ImportedRow {
  row: number;
  columns: Omit<LotBody, 'brand'> & { brandId: string | null; lat: number | null; lon: number | null };
  photos: ImportPhoto[];
}

// The lot schema's field names as the template's column names.
const COLUMN_OF: Record<string, string> = { productCategoryId: 'category', dispositionLocationId: 'location' };
const IMAGE_EXTENSIONS = new Set<string>(UPLOAD_EXTENSIONS.image);

/**
 * Checks one data row (`row`: the spreadsheet's number) against the lot schema
 * of decision 0050 and the references; every problem goes to `errors` by
 * column. Answers the row when it has none.
 */
export function readRow(
  cells: Record<string, string>,
  row: number,
  refs: ImportReferences,
  seenNumbers: Map<string, number>,
  errors: ImportError[],
): ImportedRow | undefined {
  const problems = new Map<string, string>();
  const take = <T>(column: string, cell: Cell<T>, fallback: T): T => {
    if (!isError(cell)) return cell;
    problems.set(column, cell.error);
    return fallback;
  };
  const get = (column: string) => cells[column] ?? '';
  const moneyOf = (column: string) => take(column, money(get(column)), null);
  const expectedType = SALE_FORMAT_LOT_TYPE[refs.saleFormat as keyof typeof SALE_FORMAT_LOT_TYPE];
  const brandName = optional(get('brand'));
  const brandId = brandName === null ? null : (refs.brands.get(brandName) ?? null);
  if (brandName !== null && brandId === null) problems.set('brand', `there is no such brand: "${brandName}".`);
  const product = optional(get('catalogProductId'));
  if (product !== null && !refs.products.has(product)) {
    problems.set('catalogProductId', `there is no such catalog product: "${product}".`);
  }
  const locationId = take('location', refs.locations.find(get('location'), 'location of this event'), null);
  const body = {
    number: get('number'),
    name: get('name'),
    description: get('description'),
    productCategoryId: take('category', refs.categories.find(get('category'), 'product category'), null),
    brand: brandName,
    catalogProductId: product,
    quantity: take('quantity', whole(get('quantity'), 1), 1) ?? 1,
    type: optional(get('type')) ?? expectedType,
    startingBid: moneyOf('startingBid'),
    reserveBid: moneyOf('reserveBid'),
    buyItNowPrice: moneyOf('buyItNowPrice'),
    bestOfferEnabled: take('bestOfferEnabled', yesNo(get('bestOfferEnabled')), false),
    managedShipping: take('managedShipping', yesNo(get('managedShipping')), false),
    riggingCost: moneyOf('riggingCost'),
    riggingParty: optional(get('riggingParty')),
    loadingCost: moneyOf('loadingCost'),
    loadingParty: optional(get('loadingParty')),
    shippingCost: moneyOf('shippingCost'),
    shippingParty: optional(get('shippingParty')),
    shippingOptions: list(get('shippingOptions')),
    shippingPackageType: optional(get('shippingPackageType')),
    shippingPackageCount: take('shippingPackageCount', whole(get('shippingPackageCount'), null), null),
    marketDemand: optional(get('marketDemand')),
    forcedLiquidationValue: moneyOf('forcedLiquidationValue'),
    orderlyLiquidationValue: moneyOf('orderlyLiquidationValue'),
    grossBookValue: moneyOf('grossBookValue'),
    netBookValue: moneyOf('netBookValue'),
    transferValue: moneyOf('transferValue'),
    dispositionLocationId: locationId,
  };
  const parsed = lotBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column = COLUMN_OF[field] ?? field;
      // A cell already refused explains itself; the schema's complaint about its stand-in would mislead.
      if (!problems.has(column)) problems.set(column, issue.message);
    }
  }
  if (body.type !== expectedType && !problems.has('type')) {
    problems.set('type', `a lot of a ${refs.saleFormat} event must be a ${expectedType}.`);
  }
  const number = body.number.trim();
  if (number !== '' && !problems.has('number')) {
    const earlier = seenNumbers.get(number);
    if (earlier !== undefined) problems.set('number', `lot number ${number} is also on row ${earlier}.`);
    else if (refs.takenNumbers.has(number))
      problems.set('number', `lot number ${number} is already used in this event.`);
    else seenNumbers.set(number, row);
  }
  const photos = readPhotos(get('photos'), refs.zipNames, problems);
  for (const [column, message] of problems) errors.push({ row, column, message });
  if (problems.size > 0 || !parsed.success) return undefined;
  const { brand: _brand, ...fields } = parsed.data;
  const point = locationId === null ? undefined : refs.locationPoints.get(locationId);
  return { row, columns: { ...fields, brandId, lat: point?.lat ?? null, lon: point?.lon ?? null }, photos };
}

/** The photos cell: ZIP file names (only as match keys) and http(s) URLs, at most MAX_LOT_PHOTOS. */
function readPhotos(text: string, zipNames: Set<string> | undefined, problems: Map<string, string>): ImportPhoto[] {
  const items = list(text);
  if (items.length > MAX_LOT_PHOTOS) {
    problems.set('photos', `a lot can have at most ${MAX_LOT_PHOTOS} photos; this row lists ${items.length}.`);
    return [];
  }
  const photos: ImportPhoto[] = [];
  for (const item of items) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(item)) {
      const url = URL.canParse(item) ? new URL(item) : undefined;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        problems.set('photos', `"${item}" is not an http(s) address.`);
        return [];
      }
      photos.push({ url: url.href });
      continue;
    }
    const name = baseName(item);
    if (!IMAGE_EXTENSIONS.has(uploadExtension(name))) {
      problems.set('photos', `${item} is not a photo (${UPLOAD_EXTENSIONS.image.join(', ')}).`);
      return [];
    }
    if (!zipNames?.has(name)) {
      problems.set('photos', zipNames ? `${item} is not in the ZIP.` : `${item} needs the ZIP of photos: add it.`);
      return [];
    }
    photos.push({ file: name });
  }
  return photos;
}
