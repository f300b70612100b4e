import { MAX_IMPORT_SHEET_BYTES, MAX_IMPORT_ZIP_BYTES } from '@lotline/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

const LIMITS: Record<string, number> = { sheet: MAX_IMPORT_SHEET_BYTES, photos: MAX_IMPORT_ZIP_BYTES };
const MB = 1024 * 1024;

/**
 * The multipart body of a preview: `sheet` (CSV or XLSX, required) and
 * `photos` (a ZIP, optional), each read up to its own limit (decision 0051).
 */
export async function readImportFiles(request: FastifyRequest): Promise<{ sheet: Buffer; zip: Buffer | undefined }> {
  if (!request.isMultipart()) {
    throw AppError.validation('Send the sheet (and the ZIP of photos) as multipart/form-data.', 'sheet');
  }
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const limit = LIMITS[part.fieldname];
      if (limit === undefined || files[part.fieldname]) {
        part.file.resume();
        throw AppError.validation(
          `Unexpected file "${part.fieldname}": send "sheet" and "photos" once each.`,
          part.fieldname,
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) {
          part.file.resume();
          const what = part.fieldname === 'sheet' ? 'The sheet' : 'The ZIP';
          throw AppError.validation(`${what} is larger than ${limit / MB} MB.`, part.fieldname);
        }
        chunks.push(chunk);
      }
      files[part.fieldname] = Buffer.concat(chunks);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.validation(`The form could not be read: ${(err as Error).message}`, 'sheet');
  }
  const sheet = files.sheet;
  if (!sheet || sheet.length === 0) throw AppError.validation('Choose the sheet (CSV or XLSX) to import.', 'sheet');
  const zip = files.photos && files.photos.length > 0 ? files.photos : undefined;
  return { sheet, zip };
}
