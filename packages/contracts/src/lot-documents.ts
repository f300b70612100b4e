import { z } from 'zod';
import {
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FILE_NAME_MAX,
  MAX_LOT_DOCUMENTS,
  uploadExtension,
} from './constants';
import { keyParam } from './reads-params';

/**
 * A lot's documents (issue 16; decision 0056): spec §5's document files
 * (pdf, docx, xlsx, pptx, csv) the seller attaches with a description; the
 * public lot page lists them once the lot is public.
 */

export const TOO_MANY_DOCUMENTS = 'TOO_MANY_DOCUMENTS';

const description = z
  .string({ error: 'The description is required.' })
  .trim()
  .max(DOCUMENT_DESCRIPTION_MAX, { error: `The description is at most ${DOCUMENT_DESCRIPTION_MAX} characters.` });

export const attachDocumentBody = z
  .object({
    uploadId: z
      .string({ error: 'The upload is required.' })
      .trim()
      .min(1, { error: 'The upload is required.' })
      .max(300)
      .describe('The key the signed-POST upload contract issued (GET /ars/api/file-upload)'),
    description,
    fileName: z
      .string()
      .trim()
      .min(1, { error: 'The file name is required.' })
      .max(DOCUMENT_FILE_NAME_MAX, { error: `The file name is at most ${DOCUMENT_FILE_NAME_MAX} characters.` })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
      .refine((name) => !/[\\/\u0000-\u001f\u007f]/.test(name), {
        error: 'A file name has no slashes or control characters.',
      })
      .optional()
      .describe('The name the seller\u2019s file had (the upload key keeps only its extension); must end in it'),
  })
  .strict();
export type AttachDocumentBody = z.infer<typeof attachDocumentBody>;

export const documentDescriptionBody = z.object({ description }).strict();

/** A new order of a lot's documents: every one of them exactly once (as photos are ordered). */
export const documentOrderBody = z
  .object({
    documentIds: z.array(keyParam()).min(1, { error: 'List every document of the lot.' }).max(MAX_LOT_DOCUMENTS),
  })
  .strict();

export const sellerLotDocumentParams = z.object({ lotId: keyParam(), documentId: keyParam() }).strict();

export const lotDocument = z.object({
  _id: z.string(),
  url: z.string().describe('Served by the files route: public once the lot is, the company\u2019s until then'),
  fileName: z.string(),
  description: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('Bytes'),
  position: z.number().int(),
});
export type LotDocument = z.infer<typeof lotDocument>;

/** What the public lot response lists (an additive field, decision 0056). */
export const publicLotDocument = lotDocument.pick({ url: true, description: true, fileName: true, size: true });
export type PublicLotDocument = z.infer<typeof publicLotDocument>;

/** Whether a file name is one of the document types (the console's file input and the API agree). */
export const isDocumentFileName = (name: string) => DOCUMENT_EXTENSIONS.includes(uploadExtension(name));
