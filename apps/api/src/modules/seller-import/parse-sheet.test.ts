import { IMPORT_COLUMN_NAMES } from '@lotline/contracts';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toCsv } from './lots-csv';
import { parseSheet } from './parse-sheet';

/** What a hostile sheet cannot do to the API: each is a 400 on the sheet, before the work it would cause. */
describe('reading a sheet', () => {
  it('refuses a workbook with a cell far to the right (every row would be read that wide)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lots');
    sheet.addRow([...IMPORT_COLUMN_NAMES]);
    sheet.getRow(2).getCell(16_384).value = 'x';
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    await expect(parseSheet(bytes)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('16384 columns'),
    });
  });

  it('refuses a workbook that inflates past its limit before anything inflates it', async () => {
    const bomb = zipSync({ 'xl/media/filler.bin': new Uint8Array(70 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expect(parseSheet(Buffer.from(bomb))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('MB uncompressed'),
    });
  });

  it('still reads a real workbook', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lots');
    sheet.addRow(['number', 'name']);
    sheet.addRow(['7', 'Lathe']);
    const read = await parseSheet(Buffer.from(await book.xlsx.writeBuffer()));
    expect(read).toEqual({ header: ['number', 'name'], rows: [['7', 'Lathe']] });
  });
});

describe('writing the export', () => {
  it('prefixes a formula cell even when it spans lines', () => {
    const csv = toCsv([['=HYPERLINK("http://x?\n","Click")', '+1', 'plain']]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x?\n"",""Click"")"`);
    expect(csv).toContain(`'+1`);
    expect(csv).toContain(',plain');
  });
});
