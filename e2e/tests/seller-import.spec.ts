import { crc32 } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { auctionEventBody } from '../support/seller-events';
import { signInAt } from '../support/sign-in';
import { apiAs } from './offers-helpers';

/**
 * Bulk import (issue 16; decision 0051): a demo seller downloads the template,
 * uploads a 200-row CSV and a ZIP of photos with one bad cell, reads "Row …,
 * column …", uploads the fixed file, imports, and finds 200 lots on the lots
 * page. Its own event, of a featured seller the lots and events specs leave alone.
 */

const TAKEN = ['prairie-heavy-equipment', 'gulf-coast-asset-recovery'];
const DAY = 86_400_000;
const LOTS = 200;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMwaDiAFTEMLQkAztVcAX2XhiIAAAAASUVORK5CYII=',
  'base64',
);

/** A ZIP of stored (uncompressed) files, written here: no binary fixture, no ZIP library in e2e. */
function zipOf(files: Record<string, Buffer>): Buffer {
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

function sheet(header: string, badRow?: number): Buffer {
  const columns = header.split(',');
  const rows = Array.from({ length: LOTS }, (_, i) => {
    const cells: Record<string, string> = {
      number: `IMP-${i + 1}`,
      name: `Imported pallet ${i + 1}`,
      startingBid: i + 2 === badRow ? '-5' : `${100 + i}.00`,
      location: 'Houston',
      photos: `p${i % 10}.png`,
    };
    return columns.map((c) => cells[c] ?? '').join(',');
  });
  return Buffer.from([header, ...rows].join('\n'));
}

test('a seller imports 200 lots from the template with photos from a ZIP, after fixing the file', async ({
  page,
  baseURL,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'The console is exercised on desktop.');
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
  const anon = await apiAs(origin, 'buyer@example.com');
  const featured = (await (await anon.get('/marketplace/api/companies/featured')).json()).data.companies as {
    _id: string;
    slug: string;
  }[];
  await anon.dispose();
  const company = featured.find((c) => !TAKEN.includes(c.slug));
  expect(company, 'a featured demo seller').toBeTruthy();
  const email = `seller-${company?.slug}@example.com`;
  const seller = await apiAs(origin, email);
  const created = await seller.post('/marketplace-api/seller/events', {
    data: auctionEventBody({
      companyId: company?._id,
      name: 'Imported clearance',
      title: 'Pallets from a Houston warehouse',
      startAt: new Date(Date.now() + 80 * DAY).toISOString(),
      endAt: new Date(Date.now() + 90 * DAY).toISOString(),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = (await created.json()).data._id as string;
  const located = await seller.post(`/marketplace-api/seller/events/${eventId}/locations`, {
    data: { city: 'Houston', region: 'TX', country: 'US', taxRate: 8.25, lat: 29.76, lon: -95.37 },
  });
  expect(located.status(), await located.text()).toBe(201);
  await seller.dispose();

  await signInAt(page, email, `/seller/events/${eventId}/lots`);
  await page.getByRole('link', { name: 'Import lots' }).click();
  await expect(page.getByRole('heading', { name: 'Import lots into Imported clearance' })).toBeVisible();

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
  await page
    .getByLabel('Sheet (CSV or XLSX)')
    .setInputFiles({ name: 'lots.csv', mimeType: 'text/csv', buffer: sheet(header, 8) });
  await page.getByLabel('Photos (ZIP, optional)').setInputFiles(photos);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Row 8, column startingBid: cannot be negative.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Import ${LOTS - 1} lots` })).toBeDisabled();

  await page
    .getByLabel('Sheet (CSV or XLSX)')
    .setInputFiles({ name: 'lots.csv', mimeType: 'text/csv', buffer: sheet(header) });
  await page.getByLabel('Photos (ZIP, optional)').setInputFiles(photos);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('region', { name: `${LOTS} lots to create` })).toBeFocused({ timeout: 30_000 });
  await page.getByRole('button', { name: `Import ${LOTS} lots` }).click();
  await expect(page.getByText(`${LOTS} lots created.`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Imported', exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'See the lots' }).click();
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(LOTS);
});
