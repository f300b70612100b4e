import { randomBytes } from 'node:crypto';
import { IMPORT_COLUMN_NAMES } from '@lotline/contracts';
import { eventLots } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import sharp from 'sharp';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import type { Caller } from '../seller-events/test-helpers';

/** Helpers for the import tests: sheets and ZIPs made here, sent through the real routes. */

export const importsPath = (eventId: string) => `/marketplace-api/seller/events/${eventId}/imports`;
export const importPath = (id: string) => `/marketplace-api/seller/imports/${id}`;

/** A CSV in the template's columns; each row names only the cells it sets. */
export const csvOf = (rows: Record<string, string>[], header: readonly string[] = IMPORT_COLUMN_NAMES) =>
  Buffer.from(Papa.unparse([[...header], ...rows.map((r) => header.map((c) => r[c] ?? ''))]));

/** A valid row for an auction event, unless overridden. */
export const row = (number: string, overrides: Record<string, string> = {}) => ({
  number,
  name: `Pump ${number}`,
  startingBid: '100.00',
  quantity: '1',
  ...overrides,
});

/** Distinct small PNGs (each a different colour), by name. */
export async function photos(names: string[]): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  for (const [i, name] of names.entries()) {
    out[name] = await sharp({
      create: { width: 16, height: 12, channels: 3, background: { r: i % 256, g: (i >> 8) % 256, b: 80 } },
    })
      .png()
      .toBuffer();
  }
  return out;
}

export const zipOf = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files, { level: 0 }));

/** POSTs the preview form: `sheet` and, when given, `photos`. */
export function postImport(t: TestApp, who: Caller, eventId: string, sheet: Buffer, zip?: Buffer) {
  const boundary = `----lotline${randomBytes(8).toString('hex')}`;
  const part = (name: string, filename: string, content: Buffer) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ];
  const payload = Buffer.concat([
    ...part('sheet', 'lots.csv', sheet),
    ...(zip ? part('photos', 'photos.zip', zip) : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: importsPath(eventId),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(who ? { cookie: who.cookie } : {}),
    },
    payload,
  });
}

/** POSTs the commit, with an Idempotency-Key when given. */
export function commit(t: TestApp, who: Caller, importId: string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${importPath(importId)}/commit`,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      ...(who ? { cookie: who.cookie } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

/** The event's lots as stored, in sequence order. */
export const lotsOf = (t: TestApp, eventId: string) =>
  t.db.select().from(eventLots).where(eq(eventLots.eventId, eventId)).orderBy(asc(eventLots.sequence));
