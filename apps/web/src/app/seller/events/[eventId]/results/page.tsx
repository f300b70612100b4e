import type { SellerResultsResponse } from '@lotline/contracts';
import { sellerEventPath } from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { callApi } from '../../../../../lib/auth/api-call.server';
import { utcText } from '../../../../../lib/seller-events/labels';
import {
  sellerEventResultsPath,
  sellerResultsCsvHref,
  sellerSettlementPdfHref,
} from '../../../../../lib/seller-results/paths';
import styles from '../../events.module.css';
import { NOT_A_SELLER, requireSignedIn } from '../../seller-event-access.server';
import { ResultsTable, ResultsTotals } from './results-tables';

export const metadata: Metadata = { title: 'Results' };

const PAGE_SIZE = 100;

/**
 * /seller/events/{eventId}/results (issue 16; decision 0053): the totals per
 * currency, a row per lot and order (outcome, winner, amounts, order status),
 * the CSV and, once every lot has closed, the settlement statement. Before the
 * close it says the results are partial. Server-rendered; the company's users only.
 */
export default async function SellerEventResultsPage({
  params,
  searchParams,
}: {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<{ page?: string }>;
}) {
  const { eventId } = await params;
  const pageNumber = Math.min(10_000, Math.max(1, Number.parseInt((await searchParams).page ?? '1', 10) || 1));
  const user = await requireSignedIn(sellerEventResultsPath(eventId));
  const answer = await callApi<SellerResultsResponse>(
    'GET',
    `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/results?pageSize=${PAGE_SIZE}&pageNumber=${pageNumber}`,
  );
  if (answer.status === 404 || answer.status === 400) notFound();
  if (answer.status === 403) {
    if (user.roles.includes('seller')) notFound();
    return (
      <div className={styles.page}>
        <h1>Results</h1>
        <p>{NOT_A_SELLER}</p>
      </div>
    );
  }
  const results = answer.data;
  if (!answer.ok || !results) {
    return (
      <div className={styles.page}>
        <p role="alert">The results could not be loaded. Reload the page to try again.</p>
      </div>
    );
  }
  const { event, pagination } = results;
  return (
    <div className={styles.page}>
      <p>
        <a href={sellerEventPath(event._id)}>← {event.name}</a>
      </p>
      <h1>Results: {event.name}</h1>
      <p className={styles.muted}>
        {utcText(event.startAt)} to {utcText(event.endAt)} · as of {utcText(results.generatedAt)}
      </p>
      {results.closed ? (
        <p data-testid="results-state">Every lot has closed. Orders still awaiting payment are shown as outstanding.</p>
      ) : (
        <p data-testid="results-state">
          The event is still running: these results are partial. Lots still open or upcoming show as “Still open”; the
          settlement statement is available once every lot has closed.
        </p>
      )}
      <p className={styles.actions}>
        <a href={sellerResultsCsvHref(event._id)} download>
          Download CSV
        </a>
        {results.closed ? (
          <a href={sellerSettlementPdfHref(event._id)} type="application/pdf" download>
            Download settlement (PDF)
          </a>
        ) : null}
      </p>
      <ResultsTotals totals={results.totals} />
      <ResultsTable rows={results.rows} />
      {pagination.totalPages > 1 ? (
        <nav aria-label="Results pages" className={styles.actions}>
          {pageNumber > 1 ? <a href={sellerEventResultsPath(event._id, pageNumber - 1)}>Previous page</a> : null}
          <span>
            Page {pagination.pageNumber} of {pagination.totalPages}
          </span>
          {pageNumber < pagination.totalPages ? (
            <a href={sellerEventResultsPath(event._id, pageNumber + 1)}>Next page</a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
