import type { Order } from '@lotline/contracts';
import { REFUND_STATUS_LABELS } from '@lotline/domain';
import page from '../../components/forms/auth-page.module.css';
import { formatMoney } from '../../lib/format/money';
import { creditNotePath } from '../../lib/routes';
import { formatDateTime } from '../../lib/time/format';
import styles from './order-view.module.css';

/**
 * The order's refunds (decision 0062), for its buyer and its seller: each with its credit note number, amount,
 * reason and status; a refund given back links its credit note (PDF). Nothing while the order has none.
 */
export function OrderRefunds({
  order,
  side,
  userId,
  timeZone,
}: {
  order: Order;
  side: 'buyer' | 'seller';
  userId: string;
  timeZone: string;
}) {
  if (order.refunds.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <section className={page.card} aria-labelledby="order-refunds">
      <h2 id="order-refunds" className={page.cardTitle}>
        Refunds and credit notes
      </h2>
      <ul className={styles.history}>
        {order.refunds.map((r) => (
          <li key={r._id}>
            {r.status === 'succeeded' ? (
              <a href={creditNotePath(side, order._id, r._id, userId)} type="application/pdf">
                Credit note {r.number} (PDF)
              </a>
            ) : (
              r.number
            )}
            : {money(r.amount)}, {REFUND_STATUS_LABELS[r.status].toLowerCase()}{' '}
            <time dateTime={r.succeededAt ?? r.createdAt}>
              {formatDateTime(r.succeededAt ?? r.createdAt, timeZone)}
            </time>{' '}
            — {r.reason}
            {r.failureMessage ? ` (${r.failureMessage})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
