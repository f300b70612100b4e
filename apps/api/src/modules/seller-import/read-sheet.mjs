// Plain JavaScript: it runs in the import worker (import-worker.mjs), where no TypeScript loader is (decision 0065).
import { zipSync } from 'fflate';
import Papa from 'papaparse';
import { unzipCounting, ZipRefusal } from './counting-unzip.mjs';

/** A refusal of the sheet: its message is the 400's, on the field `sheet`. */
export class SheetRefusal extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** A workbook of 5,000 lots is a few MB inflated; more is refused before exceljs reads it. */
const MAX_WORKBOOK_INFLATED_BYTES = 64 * 1024 * 1024;
/** The template has about 40 columns; a cell far to the right would make every row that wide. */
const MAX_SHEET_COLUMNS = 200;
const isZip = (bytes) => ZIP_MAGIC.every((b, i) => bytes[i] === b);
const unreadableBook = 'The workbook could not be read: save it again as XLSX or CSV.';

/**
 * Reads a CSV (papaparse: `,` or `;`, BOM stripped) or an XLSX (exceljs, first worksheet, each cell as the
 * text the spreadsheet shows) by its content, not its name: the header row and the data rows. More than
 * `maxRows` data rows is refused before any row is checked.
 *
 * @param {Uint8Array} bytes
 * @param {{ maxRows: number }} limits
 * @returns {Promise<{ header: string[], rows: string[][] }>}
 */
export async function readSheet(bytes, { maxRows }) {
  const table = isZip(bytes) ? await readXlsx(bytes, maxRows) : readCsv(bytes);
  const [header = [], ...rest] = table;
  // Trailing empty lines are no rows.
  while (rest.length > 0 && (rest.at(-1) ?? []).every((cell) => cell.trim() === '')) rest.pop();
  if (header.every((cell) => cell.trim() === ''))
    throw new SheetRefusal('The file has no header row: download the template.');
  if (rest.length > maxRows) {
    throw new SheetRefusal(`The file has ${rest.length} lots; at most ${maxRows} can be imported at once. Split it.`);
  }
  return { header: header.map((h) => h.trim()), rows: rest };
}

function readCsv(bytes) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SheetRefusal('The sheet must be a CSV file in UTF-8, or an XLSX workbook.');
  }
  if (text.includes('\u0000')) throw new SheetRefusal('The sheet must be a CSV file in UTF-8, or an XLSX workbook.');
  return Papa.parse(text, { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] }).data;
}

async function readXlsx(bytes, maxRows) {
  const stored = boundedWorkbook(bytes);
  // Loaded here only: a CSV's worker does not pay for exceljs.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(stored);
  } catch {
    throw new SheetRefusal(unreadableBook);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new SheetRefusal('The workbook has no worksheet.');
  if (sheet.rowCount > maxRows + 1 + 100) {
    throw new SheetRefusal(`The file has more than ${maxRows} lots; at most ${maxRows} can be imported at once.`);
  }
  if (sheet.columnCount > MAX_SHEET_COLUMNS) {
    throw new SheetRefusal(
      `The sheet has ${sheet.columnCount} columns; the template has far fewer: download the template.`,
    );
  }
  const table = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).text ?? '');
    table.push(cells);
  }
  return table;
}

/**
 * A workbook is a ZIP: it is inflated here first, counting the real bytes (decision 0065: a part that
 * inflates past its declared size, or all of them past the limit, is refused as soon as it does), then
 * handed to exceljs stored, so exceljs inflates nothing.
 */
function boundedWorkbook(bytes) {
  try {
    return zipSync(Object.fromEntries(unzipCounting(bytes, { maxTotalBytes: MAX_WORKBOOK_INFLATED_BYTES })), {
      level: 0,
    });
  } catch (err) {
    if (!(err instanceof ZipRefusal)) throw err;
    if (err.reason === 'size') {
      throw new SheetRefusal(
        `The workbook comes to more than ${MAX_WORKBOOK_INFLATED_BYTES / 1024 / 1024} MB uncompressed: save it as CSV, or split it.`,
      );
    }
    if (err.reason === 'lie') {
      throw new SheetRefusal(
        'The workbook could not be read: its parts inflate past the sizes it declares. Save it again as XLSX or CSV.',
      );
    }
    throw new SheetRefusal(unreadableBook);
  }
}
