import { EVENT_ATTACHMENT_EXTENSIONS, type EventAttachmentInput, uploadExtension } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventAttachments, uploads } from '@lotline/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { ISSUED_KEY_PATTERN } from '../uploads/receive-local-upload';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';
import { EXTENSION_RULES } from '../uploads/upload-rules';

/**
 * An event's attachments (decision 0085) are uploads of the signed-POST contract, as a lot's
 * documents are: the row keeps the upload's key, file name, size and type, and its URL is the
 * file's `/files/` address. Links typed in before keep working: a body may repeat a link the
 * event already lists (the form sends what it shows), never add one.
 */

/** An attachment as stored, without its event and position. */
export interface ResolvedAttachment {
  url: string;
  description: string;
  uploadKey: string | null;
  fileName: string | null;
  size: number | null;
  contentType: string | null;
}

const urlOf = (key: string) => `/files/${key}`;
const field = (i: number, name: string) => `attachments.${i}.${name}`;

/** What the event lists now: by URL, the links and the uploads with their stored details. */
async function storedAttachments(db: Executor, eventId: string | null) {
  if (eventId === null) return new Map<string, ResolvedAttachment>();
  const rows = await db
    .select({
      url: eventAttachments.url,
      description: eventAttachments.description,
      uploadKey: eventAttachments.uploadKey,
      fileName: eventAttachments.fileName,
      size: eventAttachments.size,
      contentType: eventAttachments.contentType,
    })
    .from(eventAttachments)
    .where(eq(eventAttachments.eventId, eventId));
  return new Map(rows.map((r) => [r.url, r]));
}

/**
 * Checks the body's attachments and answers the rows to store. A new upload must be a key issued
 * to THIS user for the marketplace, charged to the event's company (so its quota paid for it), of
 * an attachment type, and stored; the file name keeps its type. Reads the storage: call it before
 * the event's transaction.
 */
export async function resolveAttachments(
  db: Executor,
  storage: UploadStorage | undefined,
  userId: string,
  event: { id: string | null; companyId: string },
  inputs: EventAttachmentInput[],
): Promise<ResolvedAttachment[]> {
  const stored = await storedAttachments(db, event.id);
  const seen = new Set<string>();
  const out: ResolvedAttachment[] = [];
  for (const [i, input] of inputs.entries()) {
    const resolved =
      input.uploadId === undefined
        ? keptLink(stored, input.url ?? '', i)
        : (stored.get(urlOf(input.uploadId)) ?? (await newUpload(db, storage, userId, event.companyId, input, i)));
    if (seen.has(resolved.url)) {
      throw AppError.validation(
        'This file is already among the attachments.',
        field(i, resolved.uploadKey ? 'uploadId' : 'url'),
      );
    }
    seen.add(resolved.url);
    out.push({
      ...resolved,
      description: input.description,
      fileName: resolved.uploadKey ? (input.fileName ?? resolved.fileName) : null,
    });
  }
  for (const [i, a] of out.entries()) {
    if (a.uploadKey && a.fileName && uploadExtension(a.fileName) !== uploadExtension(a.uploadKey)) {
      throw AppError.validation(
        `The file name must end in .${uploadExtension(a.uploadKey)}, as the upload does.`,
        field(i, 'fileName'),
      );
    }
  }
  return out;
}

function keptLink(stored: Map<string, ResolvedAttachment>, url: string, i: number): ResolvedAttachment {
  const kept = stored.get(url);
  if (!kept || kept.uploadKey !== null) {
    throw AppError.validation(
      'Attachments are uploaded files now: upload the file instead of giving a link.',
      field(i, 'url'),
    );
  }
  return kept;
}

async function newUpload(
  db: Executor,
  storage: UploadStorage | undefined,
  userId: string,
  companyId: string,
  input: EventAttachmentInput,
  i: number,
): Promise<ResolvedAttachment> {
  const key = input.uploadId ?? '';
  if (!ISSUED_KEY_PATTERN.test(key) || !key.startsWith(uploadKeyPrefix('marketplace', userId))) {
    throw AppError.validation('That file is not one you uploaded. Upload the attachment again.', field(i, 'uploadId'));
  }
  const extension = uploadExtension(key);
  const rule = EXTENSION_RULES[extension];
  if (!rule || !EVENT_ATTACHMENT_EXTENSIONS.includes(extension)) {
    throw AppError.validation(
      `An attachment must be one of ${EVENT_ATTACHMENT_EXTENSIONS.join(', ')}.`,
      field(i, 'uploadId'),
    );
  }
  const [row] = await db
    .select({ size: uploads.size, companyId: uploads.companyId })
    .from(uploads)
    .where(eq(uploads.key, key));
  if (row && row.companyId !== companyId) {
    throw AppError.validation(
      "That file was not uploaded for the event's company: upload it again for this company.",
      field(i, 'uploadId'),
    );
  }
  // Without a storage to look in, no upload can be shown to have finished.
  if (!row || !storage || !(await storage.exists(key))) {
    throw AppError.validation('The attachment upload did not finish. Upload it again.', field(i, 'uploadId'));
  }
  return {
    url: urlOf(key),
    description: input.description,
    uploadKey: key,
    fileName: input.fileName ?? `attachment.${extension}`,
    size: row.size,
    contentType: rule.contentType,
  };
}

/**
 * In the event's transaction, after its rows were replaced: the uploads it lists are kept by the
 * sweep (refused when the sweep took one meanwhile), and the ones it no longer lists are released
 * unless another event still lists them. They stay private: the files route lets anyone read
 * them while the event is public (decision 0085).
 */
export async function settleAttachmentUploads(tx: Executor, before: string[], after: string[]): Promise<void> {
  const kept = after.filter((k) => !before.includes(k));
  if (kept.length > 0) {
    const marked = await tx
      .update(uploads)
      .set({ referenced: true })
      .where(inArray(uploads.key, kept))
      .returning({ key: uploads.key });
    if (marked.length !== kept.length) {
      throw AppError.validation('An attachment upload is no longer there: upload the file again.', 'attachments');
    }
  }
  const released = before.filter((k) => !after.includes(k));
  if (released.length === 0) return;
  const stillListed = sql`select 1 from ${eventAttachments} where ${eventAttachments.uploadKey} = ${uploads.key}`;
  await tx
    .update(uploads)
    .set({ referenced: false })
    .where(and(inArray(uploads.key, released), sql`not exists (${stillListed})`));
}
