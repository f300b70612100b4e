import type { Executor } from '@lotline/db';
import { eventLots, lotDocuments } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { publicLotCondition } from '../lots/visibility';
import { sellerCompanyIds } from '../sellers/company-members';

/**
 * A lot document's file (decision 0056) stays a private upload; who may read
 * it follows its lot, so publishing, unpublishing or hiding the lot needs no
 * change to the file: anyone while a lot showing it is public (spec §5), and
 * the users of the lot's company always.
 */

const urlOf = (relative: string) => `/files/${relative}`;

/** Whether a public lot lists this file among its documents. */
export async function isPublicLotDocument(db: Executor, relative: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lotDocuments.id })
    .from(lotDocuments)
    .innerJoin(eventLots, eq(eventLots.id, lotDocuments.lotId))
    .where(and(eq(lotDocuments.url, urlOf(relative)), publicLotCondition()))
    .limit(1);
  return row !== undefined;
}

/** Whether the user answers for a company whose lot lists this file among its documents. */
export async function isCompanyLotDocument(db: Executor, relative: string, userId: string): Promise<boolean> {
  const companyIds = await sellerCompanyIds(db, userId);
  if (companyIds.length === 0) return false;
  const [row] = await db
    .select({ id: lotDocuments.id })
    .from(lotDocuments)
    .innerJoin(eventLots, eq(eventLots.id, lotDocuments.lotId))
    .where(and(eq(lotDocuments.url, urlOf(relative)), inArray(eventLots.companyId, companyIds)))
    .limit(1);
  return row !== undefined;
}
