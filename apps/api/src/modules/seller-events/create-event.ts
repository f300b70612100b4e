import { randomUUID } from 'node:crypto';
import type { CreateEventBody, SellerEvent } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { events } from '@lotline/db/schema';
import { requireCompanyMember } from '../sellers/company-access';
import { eventColumns, replaceTermsAndAttachments } from './event-fields';
import { readSellerEvent } from './event-view';

/** A new event of one of the user's companies, always a draft: nobody else sees it until it is published. */
export async function createEvent(db: Database, userId: string, body: CreateEventBody): Promise<SellerEvent> {
  await requireCompanyMember(db, userId, body.companyId);
  const id = `ev_${randomUUID()}`;
  await db.transaction(async (tx) => {
    await tx.insert(events).values({ id, companyId: body.companyId, status: 'draft', ...eventColumns(body) });
    await replaceTermsAndAttachments(tx, id, body);
  });
  return readSellerEvent(db, id);
}
