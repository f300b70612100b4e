import { IMPORT_COLUMNS } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../../components/forms/auth-page.module.css';
import { ImportForm } from '../../../../../components/seller-import/import-form';
import styles from '../../../../../components/seller-lots/seller-lots.module.css';
import { getCurrentUser } from '../../../../../lib/auth/current-user.server';
import { signInHref } from '../../../../../lib/routes';
import { loadSellerEvent } from '../../../../../lib/seller-lots/load.server';
import {
  lotsTemplateCsvPath,
  lotsTemplateXlsxPath,
  sellerEventLotsPath,
  sellerImportPath,
} from '../../../../../lib/seller-lots/paths';

export const metadata: Metadata = { title: 'Import lots' };

/**
 * Bulk import into one of the company's draft events (issue 16; decision
 * 0051): the template, the columns and their allowed values, and the upload
 * with its preview. Only the company's users; anyone else is told so.
 */
export default async function SellerImportPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(sellerImportPath(eventId)));
  const event = await loadSellerEvent(eventId);
  if (!event.ok && event.status === 404) notFound();
  if (!event.ok) {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Import lots</h1>
        <p>
          {event.status === 403
            ? 'Only the users of the seller company this event belongs to can import its lots.'
            : 'The event could not be read. Try again.'}
        </p>
      </div>
    );
  }
  const draft = event.data.status === 'draft';
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Import lots into {event.data.name}</h1>
      <p className={page.lead}>
        {draft
          ? 'Fill in the template (one lot a row), check it, then import every lot at once: all or nothing.'
          : `The event is ${event.data.status}: lots can be imported only while it is a draft.`}
      </p>
      <p>
        <a className="button" href={lotsTemplateCsvPath(eventId)} download>
          Download the template (CSV)
        </a>{' '}
        <a href={lotsTemplateXlsxPath(eventId)} download>
          Download the template (XLSX, with the allowed values)
        </a>{' '}
        <a href={sellerEventLotsPath(eventId)}>Back to the lots</a>
      </p>
      {draft ? <ImportForm eventId={eventId} lotsHref={sellerEventLotsPath(eventId)} /> : null}
      <details>
        <summary>The columns and their allowed values</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">What it takes</th>
              <th scope="col">Allowed values</th>
            </tr>
          </thead>
          <tbody>
            {IMPORT_COLUMNS.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  {c.name}
                  {c.required ? ' (required)' : ''}
                </th>
                <td>{c.help}</td>
                <td>{c.allowed ? c.allowed.join(', ') : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
