import { MAX_IMPORT_ROWS } from '@lotline/contracts';
import { AppError } from '../../lib/errors';
import { JobTimedOut, runImportJob } from './import-workers';

/** A sheet as text cells: the header row and the data rows (row i of `rows` is spreadsheet row i + 2). */
export interface Sheet {
  header: string[];
  rows: string[][];
}

/** A workbook of 5,000 lots reads in about a second; a worker still busy after this is stopped. */
export const SHEET_TIME_LIMIT_MS = 20_000;

/**
 * Reads a CSV (papaparse: `,` or `;`, BOM stripped) or an XLSX (exceljs, first
 * worksheet, each cell as the text the spreadsheet shows) by its content, not
 * its name, in a worker thread (read-sheet.mjs, decision 0065): a workbook's
 * parts are inflated counting their real bytes, and a sheet still being read
 * after `timeLimitMs` is refused. More than MAX_IMPORT_ROWS data rows is
 * refused before any row is checked. Every refusal is a 400 on `sheet`.
 */
export async function parseSheet(
  bytes: Buffer,
  { timeLimitMs = SHEET_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): Promise<Sheet> {
  try {
    const answer = await runImportJob<Sheet>({ kind: 'sheet', bytes, maxRows: MAX_IMPORT_ROWS }, timeLimitMs);
    if ('refused' in answer) throw bad(answer.refused);
    return answer.value;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof JobTimedOut) {
      throw bad(`The sheet could not be read in time (${timeLimitMs / 1000} s): save it again as CSV, or split it.`);
    }
    throw bad('The sheet could not be read: save it again as CSV or XLSX.');
  }
}

const bad = (message: string) => AppError.validation(message, 'sheet');
