import { UPLOAD_APPLICATIONS } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { isStaff } from '../../lib/http/authorize';
import { ISSUED_KEY_PATTERN } from '../uploads/receive-local-upload';
import { uploadKeyPrefix } from '../uploads/request-upload';
import { uploadAccess } from '../uploads/upload-records';
import { isCompanyEventAttachment, isPublicEventAttachment } from './event-attachment-access';
import { isCompanyLotDocument, isPublicLotDocument } from './lot-document-access';

/**
 * Who may read a file under `/files/` (decision 0027). Anything that is not
 * an upload (a key of the shape the server issues) is public: listing photos
 * and event attachments. An upload is
 * private unless its row says `public`: only its owner and staff (roles
 * `staff`, `admin`) may read it; a lot document's file is read as its lot
 * allows (decision 0056). An upload without a row (issued before the
 * `uploads` table) belongs to the user its key names.
 */

/** Whether a path under `/files/` is an upload (kept by the upload storage, embedded or S3). */
export const isUploadKey = (relative: string) => ISSUED_KEY_PATTERN.test(relative);

/** `revocable`: public only while its lot is (a lot document): caches keep it minutes, not a year. */
export type FileAccess =
  | { visibility: 'public'; revocable?: true }
  | { visibility: 'private'; ownerId: string | undefined };

export async function fileAccess(db: Database, relative: string): Promise<FileAccess> {
  if (!isUploadKey(relative)) return { visibility: 'public' };
  const row = await uploadAccess(db, relative);
  if (row?.visibility === 'public') return { visibility: 'public' };
  if (await isPublicLotDocument(db, relative)) return { visibility: 'public', revocable: true };
  // An event attachment, like a lot document, is public only while its event is (decision 0085).
  if (await isPublicEventAttachment(db, relative)) return { visibility: 'public', revocable: true };
  return { visibility: 'private', ownerId: row?.userId };
}

/** Whether `userId` may read a private file: its owner, staff, or its lot's company for a lot document. */
export async function mayReadPrivate(
  db: Database,
  relative: string,
  access: { ownerId: string | undefined },
  userId: string,
): Promise<boolean> {
  const owner =
    access.ownerId !== undefined
      ? access.ownerId === userId
      : UPLOAD_APPLICATIONS.some((application) => relative.startsWith(uploadKeyPrefix(application, userId)));
  return (
    owner ||
    (await isStaff(db, userId)) ||
    (await isCompanyLotDocument(db, relative, userId)) ||
    (await isCompanyEventAttachment(db, relative, userId))
  );
}
