import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../../components/forms/form-messages';
import { LotsTable } from '../../../../../components/seller-lots/lots-table';
import { getCurrentUser } from '../../../../../lib/auth/current-user.server';
import { signInHref } from '../../../../../lib/routes';
import { loadEventLots, loadSellerEvent } from '../../../../../lib/seller-lots/load.server';
import {
  lotsExportCsvPath,
  sellerEventLotsPath,
  sellerImportPath,
  sellerNewLotPath,
} from '../../../../../lib/seller-lots/paths';

export const metadata: Metadata = { title: 'Lots' };

/**
 * The lots of one of the company's events (issue 16; decision 0050), in their
 * order: edit, copy, delete (a draft's, after a confirmation), move up / down,
 * add a lot. Only the company's users; anyone else is told so.
 */
export default async function SellerEventLotsPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(sellerEventLotsPath(eventId)));
  const [event, lots] = await Promise.all([loadSellerEvent(eventId), loadEventLots(eventId)]);
  if (!event.ok && event.status === 404) notFound();
  if (!event.ok || !lots.ok) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Lots</h1>
        <p>
          {!event.ok && event.status === 403
            ? 'Only the users of the seller company this event belongs to can see its lots.'
            : 'The lots could not be read. Try again.'}
        </p>
      </div>
    );
  }
  const draft = event.data.status === 'draft';
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Lots of {event.data.name}</h1>
      <p className={page.lead}>
        {draft
          ? 'The event is a draft: nobody else sees these lots until it is published.'
          : `The event is ${event.data.status}: lots can no longer be deleted or reordered.`}
      </p>
      <p>
        <a className="button" href={sellerNewLotPath(eventId)}>
          Add a lot
        </a>{' '}
        {draft ? (
          <a className="button" href={sellerImportPath(eventId)}>
            Import lots
          </a>
        ) : null}{' '}
        <a href={lotsExportCsvPath(eventId)} download>
          Export lots (CSV)
        </a>
      </p>
      {lots.data.lots.length === 0 ? (
        <FormMessages success="No lots yet: add the first one." />
      ) : (
        <LotsTable eventId={eventId} lots={lots.data.lots} total={lots.data.pagination.totalItems} draft={draft} />
      )}
    </div>
  );
}
