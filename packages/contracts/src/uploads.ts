import { z } from 'zod';
import { UPLOAD_EXTENSIONS, type UploadKind, uploadKind } from './constants';

export { UPLOAD_EXTENSIONS, type UploadKind, uploadKind };

/** GET /ars/api/file-upload (contract §3): a signed POST policy for one file. */

export const UPLOAD_APPLICATIONS = ['marketplace', 'ars', 'admin-panel'] as const;
export type UploadApplication = (typeof UPLOAD_APPLICATIONS)[number];

/** Spec §4/§9: videos up to 30 MB, everything else up to 10 MB (decision 0012: the figure itself is allowed). */
export const MAX_VIDEO_BYTES = 31_457_280;
export const MAX_OTHER_BYTES = 10_485_760;

export const maxUploadBytes = (kind: UploadKind) => (kind === 'video' ? MAX_VIDEO_BYTES : MAX_OTHER_BYTES);

/** Spec §8's message for a file over its limit. */
export function fileTooLargeMessage(filename: string, kind: UploadKind): string {
  return `${filename} cannot be added since it exceeds the maximum limit of ${kind === 'video' ? 30 : 10} mb`;
}

export const fileUploadQuerystring = z
  .object({
    filename: z.string().trim().min(1).max(255).describe('Name of the file on the client; only its extension is used'),
    contentType: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe("The browser's type for the file; must fit the extension when given"),
    size: z.coerce
      .number()
      .int()
      .min(1, {
        error: (issue) =>
          Number(issue.input) < 0 ? 'The size cannot be negative' : 'An empty file cannot be uploaded',
      })
      .max(Number.MAX_SAFE_INTEGER)
      .describe('Exact size of the file in bytes; the policy accepts exactly this many'),
    application: z.enum(UPLOAD_APPLICATIONS).describe('The application the file belongs to'),
    companyId: z
      .string()
      .trim()
      .min(1, { error: 'The company id cannot be empty.' })
      .max(100, { error: 'The company id is too long.' })
      .optional()
      .describe(
        "The seller company whose listing the file is for (photos, documents, event attachments, the logo): charged to the company's upload quota; the user must answer for it. Omitted: the user's own allowance",
      ),
  })
  .strict();

export const fileUploadResponse = z.object({
  url: z.string().describe('Where to POST the multipart/form-data body'),
  fields: z
    .record(z.string(), z.string())
    .describe('Form fields to send, each of them, before the `file` part, unchanged'),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponse>;
