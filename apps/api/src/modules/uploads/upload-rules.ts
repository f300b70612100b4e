import { fileTooLargeMessage, maxUploadBytes, type UploadKind, uploadExtension } from '@lotline/contracts';
import { AppError } from '../../lib/errors';

export {
  MAX_OTHER_BYTES,
  MAX_VIDEO_BYTES,
  UPLOAD_APPLICATIONS,
  type UploadApplication,
  type UploadKind,
} from '@lotline/contracts';

/**
 * What may be uploaded (spec §4 and §9): the allowed extensions by kind, and the
 * size limits. Videos must be under 30 MB (31457280 bytes), every other file
 * under 10 MB (10485760 bytes); "under" is read as "at most", so a file of
 * exactly 31457280 bytes is a 30 MB video and allowed (decision 0012).
 */

interface ExtensionRule {
  kind: UploadKind;
  /** The Content-Type the file is stored and served with. */
  contentType: string;
  /** Types a browser may report for such a file (besides none at all). */
  accepted: readonly string[];
}

const image = (contentType: string, ...more: string[]): ExtensionRule => ({
  kind: 'image',
  contentType,
  accepted: [contentType, ...more],
});
const video = (contentType: string, ...more: string[]): ExtensionRule => ({
  kind: 'video',
  contentType,
  accepted: [contentType, ...more],
});
const document = (contentType: string, ...more: string[]): ExtensionRule => ({
  kind: 'document',
  contentType,
  accepted: [contentType, ...more],
});

export const EXTENSION_RULES: Readonly<Record<string, ExtensionRule>> = {
  jpg: image('image/jpeg', 'image/pjpeg'),
  jpeg: image('image/jpeg', 'image/pjpeg'),
  png: image('image/png'),
  heic: image('image/heic', 'image/heif'),
  heics: image('image/heic-sequence', 'image/heif-sequence', 'image/heic'),
  heif: image('image/heif', 'image/heic'),
  heifs: image('image/heif-sequence', 'image/heic-sequence', 'image/heif'),
  bmp: image('image/bmp', 'image/x-ms-bmp', 'image/x-bmp'),
  webp: image('image/webp'),
  mp4: video('video/mp4'),
  avi: video('video/x-msvideo', 'video/avi', 'video/msvideo'),
  wmv: video('video/x-ms-wmv', 'video/x-ms-asf'),
  mov: video('video/quicktime'),
  pdf: document('application/pdf'),
  docx: document('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xlsx: document('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  pptx: document('application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  // Windows reports CSV files as Excel's type.
  csv: document('text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'),
};

export const ALLOWED_EXTENSIONS = Object.keys(EXTENSION_RULES);

export const maxBytesFor = maxUploadBytes;

export interface CheckedUpload {
  extension: string;
  kind: UploadKind;
  contentType: string;
  size: number;
}

/** The lower-case extension of a file name, or '' when it has none. */
export const extensionOf = uploadExtension;

/**
 * Checks a file the client is about to upload. Throws FILE_TYPE_NOT_ALLOWED
 * (415) for an extension outside the lists or a Content-Type that does not fit
 * the extension, and FILE_TOO_LARGE (413) with the spec's message for a file
 * over its limit.
 */
export function checkUpload(filename: string, contentType: string | undefined, size: number): CheckedUpload {
  const extension = extensionOf(filename);
  const rule = EXTENSION_RULES[extension];
  if (!rule) {
    throw new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      `${filename} cannot be added: only ${ALLOWED_EXTENSIONS.join(', ')} files are allowed`,
      { status: 415, field: 'filename' },
    );
  }
  const reported = contentType?.split(';')[0]?.trim().toLowerCase();
  if (reported && reported !== 'application/octet-stream' && !rule.accepted.includes(reported)) {
    throw new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      `${filename} cannot be added: its type ${reported} does not match a .${extension} file`,
      { status: 415, field: 'contentType' },
    );
  }
  const max = maxBytesFor(rule.kind);
  if (size > max) {
    throw new AppError('FILE_TOO_LARGE', fileTooLargeMessage(filename, rule.kind), { status: 413, field: 'size' });
  }
  return { extension, kind: rule.kind, contentType: rule.contentType, size };
}
