import { IMPORT_COLUMN_NAMES, IMPORT_COLUMNS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { brands, dispositionLocations, eventLots, lotPhotos } from '@lotline/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { requireOwnEvent } from '../sellers/company-access';

/** A cell a spreadsheet would run as a formula; papaparse's own pattern (`….*$`) misses cells with a line break. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The template and the export share one writer (decision 0051): the
 * template's columns in order, money in major units, and every cell that a
 * spreadsheet would run as a formula (= + - @, tab, CR) prefixed with '.
 */
export function toCsv(rows: string[][]): string {
  return `\uFEFF${Papa.unparse([IMPORT_COLUMN_NAMES, ...rows], { escapeFormulae: FORMULA_START, newline: '\r\n' })}\r\n`;
}

/** The template: the header and one example row (the allowed values are GET /seller/import/columns). */
export const templateCsv = () => toCsv([IMPORT_COLUMNS.map((c) => c.example)]);

const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
const yesNo = (on: boolean) => (on ? 'yes' : 'no');

/**
 * An event's lots in the template's columns, in sequence order, so the file
 * imports into another event: the location as "city, region", photos as
 * absolute URLs of this site.
 */
export async function exportLotsCsv(db: Database, userId: string, eventId: string, origin: string): Promise<string> {
  await requireOwnEvent(db, userId, eventId);
  const lots = await db
    .select({
      lot: eventLots,
      brand: brands.uniqueName,
      city: dispositionLocations.city,
      region: dispositionLocations.region,
    })
    .from(eventLots)
    .leftJoin(brands, eq(brands.id, eventLots.brandId))
    .leftJoin(dispositionLocations, eq(dispositionLocations.id, eventLots.dispositionLocationId))
    .where(eq(eventLots.eventId, eventId))
    .orderBy(asc(eventLots.sequence));
  const ids = lots.map((l) => l.lot.id);
  const photos = new Map<string, string[]>();
  if (ids.length > 0) {
    const rows = await db
      .select({ lotId: lotPhotos.lotId, url: lotPhotos.url })
      .from(lotPhotos)
      .where(inArray(lotPhotos.lotId, ids))
      .orderBy(asc(lotPhotos.lotId), asc(lotPhotos.position));
    for (const p of rows)
      photos.set(p.lotId, [...(photos.get(p.lotId) ?? []), p.url.startsWith('/') ? `${origin}${p.url}` : p.url]);
  }
  return toCsv(
    lots.map(({ lot, brand, city, region }) => {
      const cells: Record<string, string> = {
        number: lot.number,
        name: lot.name,
        description: lot.description,
        category: lot.productCategoryId ?? '',
        brand: brand ?? '',
        catalogProductId: lot.catalogProductId ?? '',
        quantity: String(lot.quantity),
        type: lot.type,
        startingBid: major(lot.startingBid),
        reserveBid: major(lot.reserveBid),
        buyItNowPrice: major(lot.buyItNowPrice),
        bestOfferEnabled: yesNo(lot.bestOfferEnabled),
        managedShipping: yesNo(lot.managedShipping),
        riggingCost: major(lot.riggingCost),
        riggingParty: lot.riggingParty ?? '',
        loadingCost: major(lot.loadingCost),
        loadingParty: lot.loadingParty ?? '',
        shippingCost: major(lot.shippingCost),
        shippingParty: lot.shippingParty ?? '',
        shippingOptions: (lot.shippingOptions ?? []).join(';'),
        shippingPackageType: lot.shippingPackageType ?? '',
        shippingPackageCount: lot.shippingPackageCount === null ? '' : String(lot.shippingPackageCount),
        marketDemand: lot.marketDemand ?? '',
        forcedLiquidationValue: major(lot.forcedLiquidationValue),
        orderlyLiquidationValue: major(lot.orderlyLiquidationValue),
        grossBookValue: major(lot.grossBookValue),
        netBookValue: major(lot.netBookValue),
        transferValue: major(lot.transferValue),
        location: city ? `${city}, ${region}` : '',
        photos: (photos.get(lot.id) ?? []).join(';'),
      };
      return IMPORT_COLUMN_NAMES.map((name) => cells[name] ?? '');
    }),
  );
}

/** The template as a workbook: "Lots" (header and example row) and "Allowed values" (one column per enumeration). */
export async function templateXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const lots = book.addWorksheet('Lots');
  lots.addRow([...IMPORT_COLUMN_NAMES]);
  lots.addRow(IMPORT_COLUMNS.map((c) => c.example));
  lots.getRow(1).font = { bold: true };
  const allowed = book.addWorksheet('Allowed values');
  const enumerations = IMPORT_COLUMNS.filter((c) => c.allowed);
  allowed.addRow(enumerations.map((c) => c.name));
  allowed.getRow(1).font = { bold: true };
  const longest = Math.max(...enumerations.map((c) => c.allowed?.length ?? 0));
  for (let i = 0; i < longest; i++) allowed.addRow(enumerations.map((c) => c.allowed?.[i] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}
