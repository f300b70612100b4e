import { canReviewTaxExemptions, staffEventResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import view from '../../../../components/order-view/order-view.module.css';
import { callApi } from '../../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { formatMoney } from '../../../../lib/format/money';
import { lotPagePath, signInHref } from '../../../../lib/routes';
import { STAFF_EVENTS_PATH, staffEventPath } from '../../../../lib/staff/events';
import { displayZone, formatDateTime } from '../../../../lib/time/format';
import { getUserTimeZone } from '../../../../lib/time/user-zone.server';
import { FinalizeEventForm } from './finalize-form';
import { PauseEventForm, ResumeEventForm } from './pause-form';
import { WithdrawLotDialog } from './withdraw-dialog';

export const metadata: Metadata = { title: 'Event' };

/**
 * Staff only (decision 0081): one event of any company, read-only as its seller sees it (facts, then its lots in
 * the seller's order with status, current bid and end), with Withdraw on each lot the lifecycle still allows,
 * Pause or Resume (decision 0087) and Finalize once the event may be.
 */
export default async function StaffEventPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const viewer = await getCurrentUser();
  if (!viewer) redirect(signInHref(staffEventPath(eventId)));
  if (!canReviewTaxExemptions(viewer.roles)) notFound();
  const [answer, zone] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/staff/events/${encodeURIComponent(eventId)}`),
    getUserTimeZone(),
  ]);
  if (answer.status === 404) notFound();
  const parsed = answer.ok ? staffEventResponse.safeParse(answer.data) : null;
  const found = parsed?.success ? parsed.data : null;
  const timeZone = displayZone(zone);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <Link href={STAFF_EVENTS_PATH}>All events</Link>
      </p>
      <h1 className={page.title}>{found ? found.event.name : 'Event'}</h1>
      {!found ? <FormMessages error={answer.error?.message ?? 'The event could not be loaded.'} /> : null}
      {found ? (
        <>
          <dl className={page.facts}>
            <dt>Company</dt>
            <dd>{found.event.company.name}</dd>
            <dt>Status</dt>
            <dd>{found.event.status}</dd>
            <dt>Starts</dt>
            <dd>{formatDateTime(found.event.startAt, timeZone)}</dd>
            <dt>Ends</dt>
            <dd>{formatDateTime(found.event.endAt, timeZone)}</dd>
            {found.pause ? (
              <>
                <dt>Paused</dt>
                <dd>
                  Since {formatDateTime(found.pause.pausedAt, timeZone)}: {found.pause.reason}
                </dd>
              </>
            ) : null}
          </dl>
          {found.pause ? <ResumeEventForm eventId={found.event.id} /> : null}
          {!found.pause && found.event.status === 'published' ? <PauseEventForm eventId={found.event.id} /> : null}
          {found.event.status === 'published' || found.event.status === 'view-only' ? (
            <FinalizeEventForm eventId={found.event.id} />
          ) : null}
          <h2>Lots</h2>
          {found.lots.length === 0 ? <p>This event has no lots.</p> : null}
          {found.lots.length > 0 ? (
            <table className={view.table}>
              <caption className="visually-hidden">Lots of {found.event.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Lot</th>
                  <th scope="col">Status</th>
                  <th scope="col">Current bid</th>
                  <th scope="col">Bids</th>
                  <th scope="col">Ends</th>
                  <th scope="col">Marketplace</th>
                </tr>
              </thead>
              <tbody>
                {found.lots.map((lot) => {
                  const label = `lot ${lot.number} ${lot.name}`;
                  return (
                    <tr key={lot.id}>
                      <th scope="row">
                        <Link href={lotPagePath(lot.id)}>
                          {lot.number} {lot.name}
                        </Link>
                      </th>
                      <td>{lot.status}</td>
                      <td>{lot.currentBid === null ? 'None' : formatMoney(lot.currentBid, lot.currency)}</td>
                      <td>{lot.bidsCount}</td>
                      <td>{lot.endedAt ? formatDateTime(lot.endedAt, timeZone) : 'None'}</td>
                      <td>
                        {lot.withdrawal ? (
                          // Replaces the dialog once the withdrawal commits: the confirmation a person (and a screen reader) gets.
                          <p role="status">Withdrawn: {lot.withdrawal.reason}</p>
                        ) : lot.withdrawable ? (
                          <WithdrawLotDialog eventId={found.event.id} lotId={lot.id} lotLabel={label} />
                        ) : (
                          'None'
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
