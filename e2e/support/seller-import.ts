import { crc32 } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { PNG } from './seller-lots';

/**
 * Bulk import through the console's import page (decision 0051), for the
 * seller journey (the one browser test of the import page; the import's rules
 * are apps/api's seller-import tests): a ZIP of photos and a sheet made here
 * (no binary fixture, no ZIP library in e2e).
 */

/** A ZIP of stored (uncompressed) files. */
export function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface ImportSheet {
  /** How many lots the sheet holds. */
  lots: number;
  /** The start of every lot's name ("… 1", "… 2", …). */
  namePrefix: string;
  /** The city of one of the event's locations. */
  location: string;
  /** A product category's name or id (publishing needs one; a draft does not). */
  category?: string;
}

/** The sheet under the template's header; `badRow` (its spreadsheet row, the header is row 1) gets a negative starting bid. */
export function sheet(header: string, of: ImportSheet, badRow?: number): Buffer {
  const columns = header.split(',');
  const rows = Array.from({ length: of.lots }, (_, i) => {
    const cells: Record<string, string> = {
      number: `IMP-${i + 1}`,
      name: `${of.namePrefix} ${i + 1}`,
      startingBid: i + 2 === badRow ? '-5' : `${100 + i}.00`,
      location: of.location,
      category: of.category ?? '',
      photos: `p${i % 10}.png`,
    };
    return columns.map((c) => cells[c] ?? '').join(',');
  });
  return Buffer.from([header, ...rows].join('\n'));
}

/**
 * On the event's lots page: opens "Import lots", downloads the template, uploads the sheet with a bad cell
 * in row 8 and a ZIP of photos, reads the error by row and column, uploads the fixed sheet and imports it.
 * Ends on the event's lots page, which lists the imported lots.
 */
export async function importLots(page: Page, eventName: string, of: ImportSheet) {
  await page.getByRole('link', { name: 'Import lots' }).click();
  await expect(page.getByRole('heading', { name: `Import lots into ${eventName}` })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the template (CSV)' }).click();
  const template = await (await downloading).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of template) chunks.push(Buffer.from(chunk));
  const header =
    Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? '';
  expect(header.startsWith('number,name,description,category')).toBe(true);

  const zip = zipOf(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}.png`, PNG])));
  const photos = { name: 'photos.zip', mimeType: 'application/zip', buffer: zip };
  const csv = (buffer: Buffer) => ({ name: 'lots.csv', mimeType: 'text/csv', buffer });
  await page.getByLabel('Sheet (CSV or XLSX)').setInputFiles(csv(sheet(header, of, 8)));
  await page.getByLabel('Photos (ZIP, optional)').setInputFiles(photos);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Row 8, column startingBid: cannot be negative.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Import ${of.lots - 1} lots` })).toBeDisabled();

  await page.getByLabel('Sheet (CSV or XLSX)').setInputFiles(csv(sheet(header, of)));
  await page.getByLabel('Photos (ZIP, optional)').setInputFiles(photos);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('region', { name: `${of.lots} lots to create` })).toBeFocused({ timeout: 30_000 });
  await page.getByRole('button', { name: `Import ${of.lots} lots` }).click();
  await expect(page.getByText(`${of.lots} lots created.`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Imported', exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'See the lots' }).click();
}
