import type { Database } from '@lotline/db';
import { eventLots, events, users } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { renderPdf } from '../orders/invoice-pdf';
import { storePhoto } from '../seller-import/store-photo';
import { attachLotDocument } from '../seller-lots/lot-document-writes';
import type { UploadStorage } from '../uploads/storage';

/**
 * Demo state of a lot's documents (decision 0056), made through the real
 * use-case: lot 1 ("Gas chromatograph") of Northern Lab Exchange's draft event
 * (demoSellerLots, which must run first) gets a one-page PDF, "Operator
 * manual": the console's Documents section shows it. The file is stored as
 * the seller's upload, as a browser upload would be.
 */

const EMAIL = 'seller-northern-lab-exchange@example.com';
const EVENT = 'Lab instruments consignment (draft)';

export async function demoLotDocuments(deps: { db: Database; storage: UploadStorage; log: (message: string) => void }) {
  const { db, storage, log } = deps;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
  const [lot] = user
    ? await db
        .select({ id: eventLots.id })
        .from(eventLots)
        .innerJoin(events, eq(events.id, eventLots.eventId))
        .where(and(eq(events.name, EVENT), eq(eventLots.number, '1')))
    : [];
  if (!user || !lot) return log(`Demo lot documents: skipped (no demo lot 1 of "${EVENT}")`);
  const pdf = await renderPdf('Gas chromatograph: operator manual', (doc) => {
    doc.font('bold').fontSize(18).text('Gas chromatograph');
    doc.font('body').fontSize(11).moveDown().text('Operator manual: start-up, calibration and shut-down.');
  });
  const uploadId = await storePhoto(db, storage, user.id, { extension: 'pdf', bytes: pdf });
  await attachLotDocument(db, storage, user.id, lot.id, {
    uploadId,
    fileName: 'gas-chromatograph-manual.pdf',
    description: 'Operator manual',
  });
  log(`Demo lot documents: an operator manual on lot 1 of "${EVENT}"`);
}
