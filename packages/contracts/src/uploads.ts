import { z } from 'zod';

/** GET /ars/api/file-upload (contract §3): a signed POST policy for one file. */

export const UPLOAD_APPLICATIONS = ['marketplace', 'ars', 'admin-panel'] as const;
export type UploadApplication = (typeof UPLOAD_APPLICATIONS)[number];

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
      .min(1, 'An empty file cannot be uploaded')
      .max(Number.MAX_SAFE_INTEGER)
      .describe('Exact size of the file in bytes; the policy accepts exactly this many'),
    application: z.enum(UPLOAD_APPLICATIONS).describe('The application the file belongs to'),
  })
  .strict();

export const fileUploadResponse = z.object({
  url: z.string().describe('Where to POST the multipart/form-data body'),
  fields: z
    .record(z.string(), z.string())
    .describe('Form fields to send, each of them, before the `file` part, unchanged'),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponse>;
