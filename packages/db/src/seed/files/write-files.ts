/**
 * Writes the files the seeded rows link to: demo photos, seller logos and
 * event attachments, under `${filesDir}/demo-photos|demo-logos|demo-attachments`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Catalog } from '../generate-catalog';
import type { Seller } from '../generate-sellers';
import { type PhotoKind, writeDemoPhotos, writeTaggedPhotos } from '../photos';
import { TERM_TEXTS } from '../reference/terms';
import { encodeBlockJpeg } from './jpeg';
import { renderDocx, renderXlsx } from './office';
import { renderPdf } from './pdf';
import { encodePng, type Rgb } from './png';

export interface WrittenFiles {
  photos: number;
  logos: number;
  attachments: number;
}

/** The caption of each kind's photos: its top-level category's name. */
export function photoLabels(catalog: Catalog): Partial<Record<PhotoKind, string>> {
  const labels: Partial<Record<PhotoKind, string>> = {};
  for (const c of catalog.categories) if (c.depth === 0) labels[c.slug as PhotoKind] = c.name;
  return labels;
}

/** The tagged photos of one chunk of lots (each names its lot's number), beside the shared ones. */
export function writeLotTagPhotos(filesDir: string, catalog: Catalog, tags: { kind: PhotoKind; lotNumber: string }[]) {
  return writeTaggedPhotos(join(filesDir, 'demo-photos'), photoLabels(catalog), tags);
}

export async function writeDemoFiles(filesDir: string, catalog: Catalog, sellers: Seller[]): Promise<WrittenFiles> {
  const labels = photoLabels(catalog);
  const photos = await writeDemoPhotos(join(filesDir, 'demo-photos'), labels);

  const logoDir = join(filesDir, 'demo-logos');
  await mkdir(logoDir, { recursive: true });
  await Promise.all(sellers.map((s) => writeFile(join(logoDir, `${s.row.slug}.svg`), s.logoSvg, 'utf8')));

  const attachmentDir = join(filesDir, 'demo-attachments');
  await mkdir(attachmentDir, { recursive: true });
  const files = demoAttachments(catalog);
  await Promise.all(Object.entries(files).map(([name, data]) => writeFile(join(attachmentDir, name), data)));
  return { photos: photos.length, logos: sellers.length, attachments: Object.keys(files).length };
}

function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const csvCell = (value: string | number) =>
  typeof value === 'number' ? String(value) : `"${value.replace(/"/g, '""')}"`;

/** File name -> contents. Every file is small and opens in the usual application. */
export function demoAttachments(catalog: Catalog): Record<string, Buffer> {
  const categoryName = new Map(catalog.categories.map((c) => [c.id, c.name]));
  const brandName = new Map(catalog.brands.map((b) => [b.id, b.name]));
  const table: (string | number)[][] = [['Item', 'Manufacturer', 'Model', 'Year', 'Category']];
  catalog.catalogProducts.slice(0, 40).forEach((p, i) => {
    table.push([
      `${i + 1}. ${p.name}`,
      brandName.get(p.brandId ?? '') ?? '',
      p.modelNumber ?? '',
      p.yearTo ?? p.yearFrom ?? '',
      categoryName.get(p.productCategoryId ?? '') ?? '',
    ]);
  });
  const catalogueLines = table.slice(1, 36).map((row) => `${row[0]} (${row[4]})`);
  const termLines = Object.entries(TERM_TEXTS).flatMap(([type, texts]) => [
    `${type} Terms`,
    ...wrap(texts[0] ?? ''),
    '',
  ]);
  return {
    'auction-catalog.pdf': renderPdf('Sale Catalogue', ['Featured lots in this sale:', '', ...catalogueLines]),
    'terms-and-conditions.pdf': renderPdf('Terms and Conditions of Sale', termLines),
    'inspection-report.pdf': renderPdf('Third-Party Inspection Report', [
      ...wrap(
        'Equipment was inspected under power where possible. Hour meters, serial plates and visible wear were recorded and photographed. Hydraulic leaks, missing guards and non-functional controls are noted per lot.',
      ),
      '',
      'Summary: 92% of inspected items powered on; 6% had minor defects; 2% were not tested.',
    ]),
    'equipment-list.xlsx': renderXlsx('Equipment', table),
    'lot-list.csv': Buffer.from(`${table.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8'),
    'removal-schedule.docx': renderDocx('Removal Schedule and Rigging Instructions', [
      'Removal days: Monday to Friday, 8:00 am to 4:00 pm, by appointment only.',
      'Hand-carry items: days 1-2. Palletised items: days 2-4. Machinery requiring riggers: days 3-10.',
      'Riggers must provide a certificate of insurance naming the seller as additional insured before arriving on site.',
      'Loading dock: 4 dock-height doors and 1 grade-level door; forklift assistance is available for palletised items.',
    ]),
    'site-map.png': encodePng(160, 120, siteMapPixel),
    'facility-overview.jpg': encodeBlockJpeg(20, 12, facilityBlock),
  };
}

/** A plan view: grass, a road, a building with loading docks and a parking area. */
function siteMapPixel(x: number, y: number): Rgb {
  if (y >= 96 && y < 106) return (x >> 3) % 2 === 0 && y === 100 ? [250, 220, 80] : [90, 90, 96];
  if (x >= 20 && x < 110 && y >= 16 && y < 76) {
    if (y >= 70 && (x - 24) % 16 < 8) return [60, 70, 90];
    return [176, 184, 196];
  }
  if (x >= 118 && x < 152 && y >= 30 && y < 90) return (x - 118) % 8 === 0 ? [250, 250, 250] : [130, 130, 136];
  return [150, 196, 120];
}

/** A warehouse under a blue sky, in 8x8 blocks. */
function facilityBlock(bx: number, by: number): Rgb {
  if (by < 4) return by < 2 ? [120, 170, 225] : [160, 200, 240];
  if (by >= 10) return [110, 110, 112];
  if (bx >= 2 && bx < 18) {
    if (by === 4) return [150, 40, 40];
    if (by >= 7 && (bx === 5 || bx === 9 || bx === 13)) return [70, 70, 80];
    return [200, 200, 205];
  }
  return [120, 170, 90];
}
