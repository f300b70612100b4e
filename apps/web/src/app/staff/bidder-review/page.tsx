import {
  canReviewTaxExemptions,
  type RiskSignals,
  type StaffRegistrationRow,
  staffRegistrationsResponse,
} from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { signInHref } from '../../../lib/routes';
import { daysText, STAFF_BIDDER_REVIEW_PATH, STAFF_BIDDER_RULES_PATH } from '../../../lib/staff/bidder-review';
import { formatDay } from '../../../lib/time/format';
import styles from '../../account/addresses.module.css';
import { ApproveBidderForm, DeclineBidderForm } from './review-forms';

export const metadata: Metadata = { title: 'Bidder review' };

/**
 * Staff only: registrations awaiting approval across every event, oldest first, each with the bidder's
 * risk signals, to approve (with an optional bid limit) or decline (decision 0080). Others get the 404 page.
 */
export default async function BidderReviewPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_BIDDER_REVIEW_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/registrations?status=pending&pageSize=100');
  const parsed = staffRegistrationsResponse.safeParse(answer.data);
  const rows = parsed.success ? parsed.data.registrations : [];
  const total = parsed.success ? (parsed.data.pagination?.totalItems ?? rows.length) : 0;

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Bidder review</h1>
      <p>
        <a href={STAFF_BIDDER_RULES_PATH}>Auto-approval rules</a>
      </p>
      <section className={page.card} aria-labelledby="queue-title">
        <h2 id="queue-title" className={page.cardTitle}>
          Awaiting approval ({total})
        </h2>
        {!answer.ok || !parsed.success ? (
          <FormMessages error={answer.error?.message ?? 'The registrations could not be loaded. Reload the page.'} />
        ) : null}
        {parsed.success && rows.length === 0 ? <p>No registration awaits a decision.</p> : null}
        {rows.length > 0 ? (
          <ul className={styles.list} aria-label="Registrations awaiting approval">
            {rows.map((r) => (
              <RegistrationItem key={r._id} row={r} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function RegistrationItem({ row }: { row: StaffRegistrationRow }) {
  const currency = row.event?.currency ?? row.deposit?.currency ?? 'USD';
  const eventName = row.event?.name ?? row.auctionId;
  return (
    <li className={styles.item} aria-label={`${row.user.name} (${row.user.email}) for ${eventName}`}>
      <dl className={page.facts}>
        <dt>Bidder</dt>
        <dd>
          {row.user.name} ({row.user.email})
        </dd>
        <dt>Event</dt>
        <dd>
          {eventName}
          {row.event ? ` (${row.event.companyName})` : null}
        </dd>
        <dt>Registered</dt>
        <dd>{formatDay(row.registeredAt, 'UTC')}</dd>
        <dt>Deposit</dt>
        <dd>
          {row.deposit ? `${formatMoney(row.deposit.amount, row.deposit.currency)} (${row.deposit.status})` : 'None'}
        </dd>
      </dl>
      {row.signals ? <SignalsTable signals={row.signals} label={`Risk signals of ${row.user.email}`} /> : null}
      <ApproveBidderForm registrationId={row._id} currency={currency} />
      <DeclineBidderForm registrationId={row._id} />
    </li>
  );
}

function SignalsTable({ signals: s, label }: { signals: RiskSignals; label: string }) {
  const linked = s.disabledLinkedAccounts;
  const rows: [string, string][] = [
    ['Account age', daysText(s.accountAgeDays)],
    ['Verification', s.verified ? 'Verified' : s.emailVerified ? 'E-mail only, not verified' : 'Not verified'],
    ['Past wins', String(s.pastWins)],
    ['Unpaid orders', s.overdueOrders > 0 ? `${s.unpaidOrders} (${s.overdueOrders} overdue)` : String(s.unpaidOrders)],
    ['Cancelled orders', String(s.cancelledOrders)],
    [
      'Disabled linked accounts',
      linked.length === 0 ? 'None' : linked.map((a) => `${a.email} (same ${a.via})`).join(', '),
    ],
  ];
  return (
    <table aria-label={label}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
