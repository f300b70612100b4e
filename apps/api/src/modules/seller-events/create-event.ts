import { randomUUID } from 'node:crypto';
import type { CreateEventBody, SellerEvent } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { requireCompanyMember } from '../sellers/company-access';
import type { UploadStorage } from '../uploads/storage';
import { resolveAttachments } from './event-attachments';
import { eventColumns, replaceTermsAndAttachments } from './event-fields';
import { readSellerEvent } from './event-view';

/** A new event of one of the user's companies, always a draft: nobody else sees it until it is published. */
/** `storage`: where uploaded attachments are checked; without it (demo data) only links already listed pass. */
export async function createEvent(
  db: Database,
  userId: string,
  body: CreateEventBody,
  storage?: UploadStorage,
): Promise<SellerEvent> {
  await requireCompanyMember(db, userId, body.companyId);
  const attachments = await resolveAttachments(
    db,
    storage,
    userId,
    { id: null, companyId: body.companyId },
    body.attachments,
  );
  const id = `ev_${randomUUID()}`;
  await db.transaction(async (tx) => {
    await tx.insert(events).values({ id, companyId: body.companyId, status: 'draft', ...eventColumns(body) });
    await replaceTermsAndAttachments(tx, id, body, attachments);
  });
  return readSellerEvent(db, id);
}
