import { isOver } from '@lotline/domain';
import { StatusBadge } from '../../../components/bid-panel/status-badge';
import type { MyBidRow } from '../../../lib/bidding/shapes';
import { formatMoney } from '../../../lib/format/money';
import { eventLotHref } from '../../../lib/routes';
import { formatDateTime } from '../../../lib/time/format';
import list from '../addresses.module.css';
import styles from './my-bids.module.css';

/**
 * One lot of My Bids: its name (a link), the status in its colour, the user's last bid and maximum (on a tender
 * lot, their tender), the price and the end.
 */
export function MyBidRowItem({ row, timeZone }: { row: MyBidRow; timeZone: string }) {
  const lot = row.eventLot;
  const money = (amount: number) => formatMoney(amount, lot.currency);
  const endedAt = lot.endedAt ? Date.parse(lot.endedAt) : null;
  const over = isOver({ status: lot.status, endedAt }, Date.now());
  return (
    <li className={`${list.item} ${styles.row}`} data-status={row.biddingStatus}>
      <p className={styles.name}>
        <a href={eventLotHref(lot)}>{lot.name}</a>
      </p>
      <p>
        <StatusBadge status={row.biddingStatus} /> Lot {lot.number}
        {lot.event ? ` · ${lot.event.name}` : ''}
      </p>
      <dl className={styles.facts}>
        {row.lastBidAmount !== null ? (
          <div>
            <dt>{lot.type === 'TenderLot' ? 'Your tender' : 'Your last bid'}</dt>
            <dd>{money(row.lastBidAmount)}</dd>
          </div>
        ) : null}
        {row.maxBidAmount != null ? (
          <div>
            <dt>Your maximum</dt>
            <dd>{money(row.maxBidAmount)}</dd>
          </div>
        ) : null}
        {lot.currentBid ? (
          <div>
            <dt>{over ? 'Final bid' : 'Current bid'}</dt>
            <dd>{money(lot.currentBid.amount)}</dd>
          </div>
        ) : null}
        {lot.endedAt ? (
          <div>
            <dt>{over ? 'Closed' : 'Closes'}</dt>
            <dd>
              <time dateTime={lot.endedAt}>{formatDateTime(lot.endedAt, timeZone)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
