import { REGISTRATION_STATUSES, type SellerRegistrationsResponse } from '@lotline/contracts';
import { sellerEventPath } from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { Pagination } from '../../../../../components/pagination/pagination';
import { callApi } from '../../../../../lib/auth/api-call.server';
import { parsePageParams } from '../../../../../lib/browse/page-params';
import type { RawSearchParams } from '../../../../../lib/browse/search-params';
import { formatMoney } from '../../../../../lib/format/money';
import { depositText, REGISTRATION_STATUS_LABEL, verificationText } from '../../../../../lib/seller-run/labels';
import { readOwnEvent } from '../../../../../lib/seller-run/own-event.server';
import { sellerEventRegistrationsPath } from '../../../../../lib/seller-run/paths';
import { displayZone } from '../../../../../lib/time/format';
import { formatDateTime } from '../../../../../lib/time/format-date';
import { getUserTimeZone } from '../../../../../lib/time/user-zone.server';
import styles from '../../events.module.css';
import { BidLimitForm, DecisionForms } from './decision-forms';

export const metadata: Metadata = { title: 'Registrations' };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * /seller/events/{eventId}/registrations (issue 16; decision 0052): who
 * registered to bid, pending first, each bidder's deposit and verification in
 * words, and its bid limit; Approve (with an optional bid limit) / Decline (with an optional reason) for a
 * pending one.
 */
export default async function SellerRegistrationsPage({
  params,
  searchParams,
}: {
  params: Promise<{ eventId: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { eventId } = await params;
  const path = sellerEventRegistrationsPath(eventId);
  const own = await readOwnEvent(eventId, path, 'Registrations');
  if ('page' in own) return own.page;
  const raw = await searchParams;
  const status = REGISTRATION_STATUSES.find((s) => s === one(raw.status));
  const { page } = parsePageParams(raw);
  const query = new URLSearchParams({ ...(status ? { status } : {}), pageNumber: String(page) });
  const [answer, zone] = await Promise.all([
    callApi<SellerRegistrationsResponse>(
      'GET',
      `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/registrations?${query}`,
    ),
    getUserTimeZone(),
  ]);
  const timeZone = displayZone(zone);
  const data = answer.ok ? answer.data : undefined;
  const filters = [undefined, ...REGISTRATION_STATUSES] as const;

  return (
    <div className={styles.page}>
      <p>
        <a href={sellerEventPath(eventId)}>← {own.event.name}</a>
      </p>
      <h1>Registrations</h1>
      {data && !data.approvalRequired ? (
        <p className={styles.muted}>This event does not ask your approval: every registration is approved at once.</p>
      ) : null}
      <nav aria-label="Filter registrations">
        <ul className={styles.actions}>
          {filters.map((f) => (
            <li key={f ?? 'all'}>
              <a href={f ? `${path}?status=${f}` : path} aria-current={f === status ? 'page' : undefined}>
                {f ? REGISTRATION_STATUS_LABEL[f] : 'All'}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {data ? null : <p role="alert">The registrations could not be loaded. Reload the page to try again.</p>}
      {data && data.registrations.length === 0 ? <p>No registrations here.</p> : null}
      {data && data.registrations.length > 0 ? (
        <table className={styles.table}>
          <caption className="visually-hidden">Registrations to bid in {own.event.name}, pending first</caption>
          <thead>
            <tr>
              <th scope="col">Bidder</th>
              <th scope="col">Verification</th>
              <th scope="col">Deposit</th>
              <th scope="col">Registered</th>
              <th scope="col">Bid limit</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.registrations.map((r) => (
              <tr key={r._id} data-testid="registration" data-registration-id={r._id}>
                <td>
                  {r.user.name}
                  <br />
                  <a href={`mailto:${r.user.email}`}>{r.user.email}</a>
                </td>
                <td data-testid="verification">{verificationText(r.verification)}</td>
                <td>{depositText(r.deposit)}</td>
                <td>{formatDateTime(r.registeredAt, timeZone)}</td>
                <td data-testid="bid-limit">
                  {r.bidLimit ? formatMoney(r.bidLimit.amount, r.bidLimit.currency) : 'None'}
                </td>
                <td>
                  <span data-testid="registration-status">{REGISTRATION_STATUS_LABEL[r.status]}</span>
                  {r.status === 'pending' ? (
                    <DecisionForms
                      eventId={eventId}
                      registrationId={r._id}
                      bidder={r.user.name}
                      currency={r.currency}
                    />
                  ) : null}
                  {r.status === 'approved' ? (
                    <BidLimitForm eventId={eventId} registrationId={r._id} bidder={r.user.name} currency={r.currency} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data ? (
        <Pagination
          pathname={path}
          params={new URLSearchParams(status ? { status } : {})}
          page={page}
          totalPages={data.pagination.totalPages}
        />
      ) : null}
    </div>
  );
}
