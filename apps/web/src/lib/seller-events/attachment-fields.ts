/**
 * The event form's attachment rows (decision 0085), without schemas: the attachments field runs
 * in the browser. A row is an uploaded file (its upload id, name and size in bytes), or an older
 * typed-in link (`url`, no upload id) that is kept as it was.
 */
export type AttachmentRow = { uploadId: string; fileName: string; size: string; url: string; description: string };

/** The form controls of an attachment row: every row sends each of them, so their lists stay in step. */
export const ATTACHMENT_FIELDS = {
  uploadId: 'attachmentUploadId',
  fileName: 'attachmentFileName',
  size: 'attachmentSize',
  url: 'attachmentUrl',
  description: 'attachmentDescription',
} as const satisfies Record<keyof AttachmentRow, string>;
