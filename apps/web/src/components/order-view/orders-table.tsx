import type { Order } from '@lotline/contracts';
import { orderStateLabel } from '@lotline/domain';
import { formatMoney } from '../../lib/format/money';
import { orderPagePath } from '../../lib/routes';
import { formatDateTime } from '../../lib/time/format';
import styles from './order-view.module.css';

/** A list of orders: number (the link), lot, total, status, date. */
export function OrdersTable({
  orders,
  side,
  timeZone,
  caption,
}: {
  orders: Order[];
  side: 'buyer' | 'seller';
  timeZone: string;
  caption: string;
}) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Lot</th>
          {side === 'seller' ? <th scope="col">Buyer</th> : null}
          <th scope="col" className={styles.amount}>
            Total
          </th>
          <th scope="col">Status</th>
          <th scope="col">Date</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o._id}>
            <th scope="row">
              <a href={orderPagePath(side, o._id)}>{o.number}</a>
            </th>
            <td>{o.lines.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name)).join(', ')}</td>
            {side === 'seller' ? <td>{o.buyer.name}</td> : null}
            <td className={styles.amount}>{formatMoney(o.total, o.currency)}</td>
            <td>{orderStateLabel(o)}</td>
            <td>
              <time dateTime={o.createdAt}>{formatDateTime(o.createdAt, timeZone)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
