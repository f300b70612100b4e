import type { SellerEventsResponse } from '@lotline/contracts';
import { SELLER_EVENTS_PATH, SELLER_NEW_EVENT_PATH, sellerEventPath } from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { Pagination } from '../../../components/pagination/pagination';
import { callApi } from '../../../lib/auth/api-call.server';
import { parsePageParams } from '../../../lib/browse/page-params';
import { itemRangeText } from '../../../lib/browse/pagination';
import type { RawSearchParams } from '../../../lib/browse/search-params';
import { EVENT_STATUS_LABEL, utcText } from '../../../lib/seller-events/labels';
import styles from './events.module.css';
import { NOT_A_SELLER, requireSignedIn } from './seller-event-access.server';

export const metadata: Metadata = { title: 'Your events' };

/** /seller/events (issue 16): the events of the seller's companies, drafts included, newest first, paged. */
export default async function SellerEventsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireSignedIn(SELLER_EVENTS_PATH);
  const { page, pageSize } = parsePageParams(await searchParams);
  const query = new URLSearchParams({ pageSize: String(pageSize), pageNumber: String(page) });
  const answer = await callApi<SellerEventsResponse>('GET', `/marketplace-api/seller/events?${query}`);
  if (answer.status === 403) {
    return (
      <div className={styles.page}>
        <h1>Your events</h1>
        <p>{NOT_A_SELLER}</p>
      </div>
    );
  }
  const events = answer.data?.events ?? [];
  const pagination = answer.data?.pagination;
  return (
    <div className={styles.page}>
      <h1>Your events</h1>
      <p>
        <a className="button" href={SELLER_NEW_EVENT_PATH}>
          Create an event
        </a>
      </p>
      {answer.ok ? null : <p role="alert">Your events could not be loaded. Reload the page to try again.</p>}
      {answer.ok && events.length === 0 ? <p className={styles.muted}>No events yet.</p> : null}
      {events.length > 0 && pagination ? <p className={styles.muted}>{itemRangeText(pagination)}</p> : null}
      {events.length > 0 ? (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Start</th>
                <th scope="col">End</th>
                <th scope="col">Lots</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e._id} data-testid="seller-event-row">
                  <th scope="row">
                    <a href={sellerEventPath(e._id)}>{e.name}</a>
                  </th>
                  <td>
                    <span className={styles.status}>{EVENT_STATUS_LABEL[e.status]}</span>
                  </td>
                  <td>{utcText(e.startAt)}</td>
                  <td>{utcText(e.endAt)}</td>
                  <td>{e.lotsCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pagination ? (
        <Pagination
          pathname={SELLER_EVENTS_PATH}
          params={new URLSearchParams()}
          page={pagination.pageNumber}
          totalPages={pagination.totalPages}
        />
      ) : null}
    </div>
  );
}
