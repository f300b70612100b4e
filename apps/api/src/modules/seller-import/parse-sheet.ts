import { MAX_IMPORT_ROWS } from '@lotline/contracts';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import Papa from 'papaparse';
import { AppError } from '../../lib/errors';

/** A sheet as text cells: the header row and the data rows (row i of `rows` is spreadsheet row i + 2). */
export interface Sheet {
  header: string[];
  rows: string[][];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** A workbook of 5,000 lots is a few MB inflated; more is refused before exceljs inflates it all. */
const MAX_WORKBOOK_INFLATED_BYTES = 64 * 1024 * 1024;
/** The template has about 40 columns; a cell far to the right would make every row that wide. */
const MAX_SHEET_COLUMNS = 200;
const isZip = (bytes: Buffer) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/**
 * Reads a CSV (papaparse: `,` or `;`, BOM stripped) or an XLSX (exceljs, first
 * worksheet, each cell as the text the spreadsheet shows) by its content, not
 * its name. More than MAX_IMPORT_ROWS data rows is refused before any row is checked.
 */
export async function parseSheet(bytes: Buffer): Promise<Sheet> {
  const table = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const [header = [], ...rest] = table;
  // Trailing empty lines are no rows.
  while (rest.length > 0 && (rest.at(-1) ?? []).every((cell) => cell.trim() === '')) rest.pop();
  if (header.every((cell) => cell.trim() === '')) throw bad('The file has no header row: download the template.');
  if (rest.length > MAX_IMPORT_ROWS) {
    throw bad(`The file has ${rest.length} lots; at most ${MAX_IMPORT_ROWS} can be imported at once. Split it.`);
  }
  return { header: header.map((h) => h.trim()), rows: rest };
}

const bad = (message: string) => AppError.validation(message, 'sheet');

function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad('The sheet must be a CSV file in UTF-8, or an XLSX workbook.');
  }
  if (text.includes('\u0000')) throw bad('The sheet must be a CSV file in UTF-8, or an XLSX workbook.');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  return parsed.data;
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(boundedWorkbook(bytes) as unknown as ArrayBuffer);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw bad('The workbook could not be read: save it again as XLSX or CSV.');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw bad('The workbook has no worksheet.');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1 + 100) {
    throw bad(`The file has more than ${MAX_IMPORT_ROWS} lots; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
  }
  if (sheet.columnCount > MAX_SHEET_COLUMNS) {
    throw bad(`The sheet has ${sheet.columnCount} columns; the template has far fewer: download the template.`);
  }
  const table: string[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).text ?? '');
    table.push(cells);
  }
  return table;
}

/**
 * A workbook is a ZIP: it is inflated here first, where fflate stops at the
 * entries' declared sizes (a deflate bomb in the sheet or its media is refused
 * before it grows), then handed to exceljs stored, so exceljs inflates nothing.
 */
function boundedWorkbook(bytes: Buffer): Uint8Array {
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > MAX_WORKBOOK_INFLATED_BYTES) throw tooBigWorkbook;
        return true;
      },
    });
  } catch (err) {
    if (err === tooBigWorkbook) throw bad(tooBigWorkbook.message);
    throw bad('The workbook could not be read: save it again as XLSX or CSV.');
  }
  return zipSync(files, { level: 0 });
}

const tooBigWorkbook = new Error(
  `The workbook comes to more than ${MAX_WORKBOOK_INFLATED_BYTES / 1024 / 1024} MB uncompressed: save it as CSV, or split it.`,
);
