import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importWorkers, MAX_IMPORT_JOBS_WAITING, MAX_IMPORT_WORKERS } from './import-workers';
import { parseSheet } from './parse-sheet';
import { readZip } from './read-zip';

const csv = Buffer.from('number,name\n7,Lathe\n');

/** Imports are read in worker threads (decision 0065): a few at once, each within its time limit. */
describe('the import workers', () => {
  it('stop a sheet or a ZIP still being read past the time limit: a 400 saying so, the slot free again', async () => {
    await expect(parseSheet(csv, { timeLimitMs: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'sheet',
      message: expect.stringContaining('could not be read in time'),
    });
    await expect(readZip(zipSync({ 'a.png': new Uint8Array(10) }), { timeLimitMs: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'photos',
      message: expect.stringContaining('could not be read in time'),
    });
    expect(importWorkers()).toEqual({ running: 0, waiting: 0 });
    expect(await parseSheet(csv)).toEqual({ header: ['number', 'name'], rows: [['7', 'Lathe']] });
  });

  it(`run ${MAX_IMPORT_WORKERS} at once; ${MAX_IMPORT_JOBS_WAITING} more wait, the next is refused with 503 and Retry-After`, async () => {
    const admitted = Array.from({ length: MAX_IMPORT_WORKERS + MAX_IMPORT_JOBS_WAITING }, () => parseSheet(csv));
    expect(importWorkers()).toEqual({ running: MAX_IMPORT_WORKERS, waiting: MAX_IMPORT_JOBS_WAITING });
    await expect(parseSheet(csv)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      headers: { 'Retry-After': '60' },
    });
    for (const sheet of await Promise.all(admitted)) expect(sheet.rows).toEqual([['7', 'Lathe']]);
    expect(importWorkers()).toEqual({ running: 0, waiting: 0 });
  });
});
