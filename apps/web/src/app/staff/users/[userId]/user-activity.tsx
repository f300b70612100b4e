import type { StaffUserActivity } from '@lotline/contracts';
import Link from 'next/link';
import page from '../../../../components/forms/auth-page.module.css';
import view from '../../../../components/order-view/order-view.module.css';
import { formatMoney } from '../../../../lib/format/money';
import { STAFF_AUDIT_LOG_PATH } from '../../../../lib/routes';
import { staffOrderHref } from '../../../../lib/staff/money';
import { formatDateTime } from '../../../../lib/time/format-date';

/** The verification steps, in the order the account page asks for them. */
const STEPS: [keyof StaffUserActivity['verification'], string][] = [
  ['isActivated', 'E-mail address confirmed'],
  ['hasPaymentMethod', 'Card on file'],
  ['hasBillingAddress', 'Billing address'],
  ['hasShippingAddress', 'Shipping address'],
  ['taxExemptionSatisfied', 'Tax exemption (resellers)'],
];

const auditHref = (params: Record<string, string>) => `${STAFF_AUDIT_LOG_PATH}?${new URLSearchParams(params)}`;

function Section({
  id,
  title,
  total,
  shown,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  children: React.ReactNode;
}) {
  return (
    <section className={page.card} aria-labelledby={id}>
      <h2 id={id} className={page.cardTitle}>
        {title} ({total})
      </h2>
      {total === 0 ? <p>None.</p> : children}
      {total > shown ? (
        <p>
          The newest {shown} of {total}.
        </p>
      ) : null}
    </section>
  );
}

/** Staff's read of one person (decision 0075): verification, registrations, bids, orders, conversations, audit links. */
export function UserActivity({
  userId,
  activity,
  timeZone,
}: {
  userId: string;
  activity: StaffUserActivity;
  timeZone: string;
}) {
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const { verification, registrations, bids, orders, conversations } = activity;
  return (
    <>
      <section className={page.card} aria-labelledby="user-audit-title">
        <h2 id="user-audit-title" className={page.cardTitle}>
          Audit log
        </h2>
        <ul>
          <li>
            <Link href={auditHref({ targetType: 'user', targetId: userId })}>Entries about this user</Link>
          </li>
          <li>
            <Link href={auditHref({ actorId: userId })}>Entries by this user</Link>
          </li>
        </ul>
      </section>
      <section className={page.card} aria-labelledby="user-verification-title">
        <h2 id="user-verification-title" className={page.cardTitle}>
          Verification
        </h2>
        <ul>
          {STEPS.filter(([key]) => key !== 'taxExemptionSatisfied' || verification.taxExemptionRequired).map(
            ([key, label]) => (
              <li key={key}>
                {label}: {verification[key] ? 'done' : 'missing'}
              </li>
            ),
          )}
        </ul>
      </section>
      <Section
        id="user-registrations-title"
        title="Registrations"
        total={registrations.total}
        shown={registrations.items.length}
      >
        <table className={view.table}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Bid limit</th>
              <th scope="col">Registered</th>
            </tr>
          </thead>
          <tbody>
            {registrations.items.map((r) => (
              <tr key={r._id}>
                <th scope="row">{r.eventTitle}</th>
                <td>{r.status}</td>
                <td>
                  {r.bidLimitMinor === null
                    ? 'None'
                    : r.currency
                      ? formatMoney(r.bidLimitMinor, r.currency)
                      : r.bidLimitMinor}
                </td>
                <td>{at(r.registeredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section id="user-bids-title" title="Bids" total={bids.total} shown={bids.items.length}>
        <table className={view.table}>
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Bid</th>
              <th scope="col">Maximum</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {bids.items.map((b) => (
              <tr key={b._id}>
                <th scope="row">{b.lotTitle}</th>
                <td>{formatMoney(b.amount, b.currency)}</td>
                <td>{b.maxAmount === null ? '' : formatMoney(b.maxAmount, b.currency)}</td>
                <td>{at(b.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section id="user-orders-title" title="Orders" total={orders.total} shown={orders.items.length}>
        <table className={view.table}>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
              <th scope="col">Placed</th>
            </tr>
          </thead>
          <tbody>
            {orders.items.map((o) => (
              <tr key={o._id}>
                <th scope="row">
                  <Link href={staffOrderHref(o._id)}>{o.number}</Link>
                </th>
                <td>{o.status}</td>
                <td>{formatMoney(o.total, o.currency)}</td>
                <td>{at(o.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section
        id="user-messages-title"
        title="Conversations"
        total={conversations.total}
        shown={conversations.items.length}
      >
        <table className={view.table}>
          <thead>
            <tr>
              <th scope="col">With</th>
              <th scope="col">Messages</th>
              <th scope="col">Last message</th>
            </tr>
          </thead>
          <tbody>
            {conversations.items.map((c) => (
              <tr key={c._id}>
                <th scope="row">{c.companyName}</th>
                <td>{c.messages}</td>
                <td>{at(c.lastMessageAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
