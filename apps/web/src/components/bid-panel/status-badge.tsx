import type { BiddingStatus } from '@lotline/contracts/enums';
import { biddingTone } from '@lotline/domain';
import { STATUS_LABELS } from '../../lib/bidding/status-text';
import styles from './bid-panel.module.css';

/** A bidding status in words and in its colour (BIDDING §4: green, red or none), as the panel and My Bids show it. */
export function StatusBadge({ status }: { status: BiddingStatus }) {
  return (
    <strong className={styles.badge} data-tone={biddingTone(status)} data-status={status}>
      {STATUS_LABELS[status]}
    </strong>
  );
}
