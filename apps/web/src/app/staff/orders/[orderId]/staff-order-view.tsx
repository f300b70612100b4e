import type { StaffOrder } from '@lotline/contracts';
import { REFUND_STATUS_LABELS } from '@lotline/domain';
import Link from 'next/link';
import page from '../../../../components/forms/auth-page.module.css';
import { OrderSummary } from '../../../../components/order-view/order-summary';
import { formatMoney } from '../../../../lib/format/money';
import { STAFF_AUDIT_LOG_PATH, staffUserPath } from '../../../../lib/routes';
import { staffCreditNoteHref, staffOrderHistoryHref } from '../../../../lib/staff/money';
import { formatDateTime } from '../../../../lib/time/format-date';
import styles from '../../payouts/money.module.css';

const PAYMENT_KIND: Record<StaffOrder['payments'][number]['kind'], string> = {
  charge: 'Card charge',
  'deposit-capture': 'Bid deposit captured',
  wire: 'Wire transfer',
};
const ATTEMPT_STATUS: Record<StaffOrder['payments'][number]['status'], string> = {
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
const PAYOUT_STATUS: Record<NonNullable<StaffOrder['payout']>['status'], string> = {
  paid: 'Paid',
  processing: 'Transfer in progress',
  failed: 'Failed',
};
const PAYOUT_METHOD: Record<NonNullable<StaffOrder['payout']>['method'], string> = {
  stripe: 'Stripe transfer',
  manual: 'Bank transfer',
};

const auditHref = (targetType: string, targetId: string) =>
  `${STAFF_AUDIT_LOG_PATH}?${new URLSearchParams({ targetType, targetId })}`;

/**
 * Staff's page of one order (decision 0091), below its actions: the order as buyer and seller see it (goods,
 * totals, history), then what staff weigh: buyer and seller, every payment attempt, the refunds with their
 * credit notes, the payout, the seller's net, and the audit log's entries about the order, its lots and its
 * buyer. Every time in `timeZone`, named; every amount in the order's currency.
 */
export function StaffOrderView({ staffOrder, timeZone }: { staffOrder: StaffOrder; timeZone: string }) {
  const { order, buyerId, payments, payout, net } = staffOrder;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const at = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>;
  return (
    <>
      <section className={page.card} aria-labelledby="staff-order-parties">
        <h2 id="staff-order-parties" className={page.cardTitle}>
          Buyer and seller
        </h2>
        <dl className={page.facts}>
          <dt>Buyer</dt>
          <dd>
            <Link href={staffUserPath(buyerId)}>{order.buyer.name || order.buyer.email}</Link> ({order.buyer.email})
          </dd>
          <dt>Seller company</dt>
          <dd>{order.seller.name}</dd>
          <dt>Paid</dt>
          <dd>{money(order.paid)}</dd>
          <dt>Refunded</dt>
          <dd>{money(order.refunded)}</dd>
          <dt>Can still be refunded</dt>
          <dd>{money(staffOrder.refundable)}</dd>
        </dl>
      </section>

      <OrderSummary order={order} timeZone={timeZone} />

      <section className={page.card} aria-labelledby="staff-order-payments">
        <h2 id="staff-order-payments" className={page.cardTitle}>
          Payment attempts ({payments.length})
        </h2>
        {payments.length === 0 ? (
          <p>No payment has been attempted.</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col" className={styles.amount}>
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Provider reference</th>
                  <th scope="col">Started</th>
                  <th scope="col">Last change</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p._id}>
                    <th scope="row">{PAYMENT_KIND[p.kind]}</th>
                    <td className={styles.amount}>{formatMoney(p.amount, p.currency)}</td>
                    <td>
                      {ATTEMPT_STATUS[p.status]}
                      {p.failureMessage ? `: ${p.failureMessage}` : ''}
                    </td>
                    <td>{p.providerPaymentId ? `${p.provider ?? ''} ${p.providerPaymentId}`.trim() : '—'}</td>
                    <td>{at(p.createdAt)}</td>
                    <td>{at(p.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={page.card} aria-labelledby="staff-order-refunds">
        <h2 id="staff-order-refunds" className={page.cardTitle}>
          Refunds ({order.refunds.length})
        </h2>
        {order.refunds.length === 0 ? (
          <p>Nothing has been refunded.</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Credit note</th>
                  <th scope="col" className={styles.amount}>
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Reason</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((r) => (
                  <tr key={r._id}>
                    <th scope="row">
                      {r.status === 'succeeded' ? (
                        <a href={staffCreditNoteHref(order._id, r._id)} type="application/pdf">
                          {r.number}
                        </a>
                      ) : (
                        r.number
                      )}
                    </th>
                    <td className={styles.amount}>{money(r.amount)}</td>
                    <td>
                      {REFUND_STATUS_LABELS[r.status]}
                      {r.failureMessage ? `: ${r.failureMessage}` : ''}
                    </td>
                    <td>{r.reason}</td>
                    <td>{at(r.succeededAt ?? r.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={page.card} aria-labelledby="staff-order-payout">
        <h2 id="staff-order-payout" className={page.cardTitle}>
          Seller payout
        </h2>
        <table className={styles.table}>
          <caption className="visually-hidden">The seller&rsquo;s net for order {order.number}</caption>
          <tbody>
            <NetRow label="Paid by the buyer" amount={money(net.grossMinor)} />
            <NetRow label="Tax" amount={`−${money(net.taxMinor)}`} />
            <NetRow label="Buyer's premium (kept by Lotline)" amount={`−${money(net.premiumMinor)}`} />
            <NetRow label="Commission" amount={`−${money(net.commissionMinor)}`} />
            <NetRow label="Seller fees" amount={`−${money(net.sellerFeesMinor)}`} />
            <NetRow label="Refunded" amount={`−${money(net.refundedMinor)}`} />
            <NetRow label="Net owed to the seller" amount={money(net.netMinor)} />
          </tbody>
        </table>
        {payout ? (
          <dl className={page.facts}>
            <dt>Payout</dt>
            <dd>
              {PAYOUT_STATUS[payout.status]}
              {payout.failureMessage ? `: ${payout.failureMessage}` : ''}, {formatMoney(payout.amount, payout.currency)}
            </dd>
            <dt>Method</dt>
            <dd>{PAYOUT_METHOD[payout.method]}</dd>
            <dt>Reference</dt>
            <dd>{payout.reference ?? '—'}</dd>
            <dt>Recorded</dt>
            <dd>
              {at(payout.paidAt ?? payout.createdAt)} by {payout.createdBy?.name ?? 'the release job'}
            </dd>
            {payout.owedBack > 0 ? (
              <>
                <dt>Owed back by the seller</dt>
                <dd>{formatMoney(payout.owedBack, payout.currency)} (refunded after the payout)</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p>Not paid out yet.</p>
        )}
      </section>

      <section className={page.card} aria-labelledby="staff-order-audit">
        <h2 id="staff-order-audit" className={page.cardTitle}>
          Audit log
        </h2>
        <ul>
          <li>
            <Link href={staffOrderHistoryHref(order._id)}>Entries about this order</Link>
          </li>
          {order.lines.map((l) => (
            <li key={l.eventLotId}>
              <Link href={auditHref('lot', l.eventLotId)}>Entries about the lot {l.name}</Link>
            </li>
          ))}
          <li>
            <Link href={auditHref('user', buyerId)}>Entries about the buyer</Link>
          </li>
          <li>
            <Link href={auditHref('company', order.seller._id)}>Entries about the seller company</Link>
          </li>
        </ul>
      </section>
    </>
  );
}

function NetRow({ label, amount }: { label: string; amount: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className={styles.amount}>{amount}</td>
    </tr>
  );
}
