import { ORDER_STATUS, type Order } from '@lotline/contracts';
import { ORDER_FEE_LABELS, orderEventLabel, orderStateLabel } from '@lotline/domain';
import page from '../../components/forms/auth-page.module.css';
import { formatMoney } from '../../lib/format/money';
import { formatDateTime } from '../../lib/time/format';
import styles from './order-view.module.css';

/**
 * One order as both its buyer and its seller see it (issue 15): the goods,
 * the totals as the invoice prints them (premium, fees by kind, tax with its
 * rate or the exemption's reason, deposit applied, amount due), the status
 * and its history, and the PDF link. Server-rendered; no script.
 */
export function OrderSummary({
  order,
  pdfHref,
  timeZone,
}: {
  order: Order;
  /** The invoice's (or receipt's) PDF for this side; staff's page has none. */
  pdfHref?: string;
  timeZone: string;
}) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const documentWord = order.document === 'invoice' ? 'invoice' : 'receipt';
  return (
    <>
      <section className={page.card} aria-labelledby="order-state">
        <h2 id="order-state" className={page.cardTitle}>
          Status: <span className={styles.state}>{orderStateLabel(order)}</span>
        </h2>
        <dl className={page.facts}>
          <dt>Seller</dt>
          <dd>{order.seller.name}</dd>
          <dt>Buyer</dt>
          <dd>{order.buyer.name}</dd>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, timeZone)}</time>
          </dd>
          {order.approval === 'awaiting' && order.approvalDueAt ? (
            <>
              <dt>Seller answers by</dt>
              <dd>
                <time dateTime={order.approvalDueAt}>{formatDateTime(order.approvalDueAt, timeZone)}</time>
              </dd>
            </>
          ) : null}
          {order.paymentDueAt && order.amountDue > 0 ? (
            <>
              {/* The payment window (issue 25): past it the order is cancelled for non-payment. */}
              <dt>Pay by</dt>
              <dd>
                <time dateTime={order.paymentDueAt}>{formatDateTime(order.paymentDueAt, timeZone)}</time>
              </dd>
            </>
          ) : null}
          {order.paymentError && order.status === ORDER_STATUS.pending ? (
            <>
              {/* A fact here, not an alert: the buyer's pay controls announce it once (role=alert). */}
              <dt>Payment</dt>
              <dd>{order.paymentError}</dd>
            </>
          ) : null}
        </dl>
        {pdfHref ? (
          <p>
            <a href={pdfHref} type="application/pdf">
              Download the {documentWord} (PDF)
            </a>
          </p>
        ) : null}
      </section>

      <section className={page.card} aria-labelledby="order-totals">
        <h2 id="order-totals" className={page.cardTitle}>
          Items and totals
        </h2>
        <table className={styles.table}>
          <caption className="visually-hidden">Items, fees, tax and totals of order {order.number}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className={styles.amount}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.eventLotId}>
                <th scope="row">
                  {l.name} — {l.quantity} × {money(l.unitPrice)}
                </th>
                <td className={styles.amount}>{money(l.amount)}</td>
              </tr>
            ))}
            <Row label="Subtotal" amount={money(order.subtotal)} />
            <Row label={`Buyer's premium (${order.buyersPremiumBps / 100}%)`} amount={money(order.buyersPremium)} />
            {order.fees.map((f) => (
              <Row key={f.kind} label={ORDER_FEE_LABELS[f.kind]} amount={money(f.amount)} />
            ))}
            {order.taxExempt ? (
              <Row label={order.taxExemptReason ?? 'Tax exempt'} amount={money(0)} />
            ) : (
              <Row label={`Tax (${order.taxRate}%)`} amount={money(order.tax)} />
            )}
            <Row label="Total" amount={money(order.total)} strong />
            {order.depositApplied > 0 ? (
              <Row label="Deposit applied" amount={`−${money(order.depositApplied)}`} />
            ) : null}
            {order.paid > 0 ? <Row label="Paid" amount={money(order.paid)} /> : null}
            {order.refunded > 0 ? <Row label="Refunded" amount={`−${money(order.refunded)}`} /> : null}
            <Row label="Amount due" amount={money(order.amountDue)} strong />
          </tbody>
        </table>
      </section>

      {order.wireInstructions && order.amountDue > 0 && order.status === ORDER_STATUS.pending ? (
        <section className={page.card} aria-labelledby="order-wire">
          <h2 id="order-wire" className={page.cardTitle}>
            Pay by wire transfer
          </h2>
          {order.wireInstructions.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      ) : null}

      <section className={page.card} aria-labelledby="order-history">
        <h2 id="order-history" className={page.cardTitle}>
          History
        </h2>
        <ol className={styles.history}>
          {order.history.map((h) => (
            <li key={`${h.event}-${h.createdAt}`}>
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt, timeZone)}</time>: {orderEventLabel(h.event)}
              {h.note ? ` — ${h.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function Row({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <tr className={strong ? styles.total : undefined}>
      <th scope="row">{label}</th>
      <td className={styles.amount}>{amount}</td>
    </tr>
  );
}
