import { MAX_IMPORT_ROWS } from '@lotline/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '../../lib/errors';

/** A sheet as text cells: the header row and the data rows (row i of `rows` is spreadsheet row i + 2). */
export interface Sheet {
  header: string[];
  rows: string[][];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
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
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw bad('The workbook could not be read: save it again as XLSX or CSV.');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw bad('The workbook has no worksheet.');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1 + 100) {
    throw bad(`The file has more than ${MAX_IMPORT_ROWS} lots; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
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
