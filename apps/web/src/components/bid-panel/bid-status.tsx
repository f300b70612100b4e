import type { BiddingStatus } from '@lotline/contracts/enums';
import { statusSentence } from '../../lib/bidding/status-text';
import { formatMoney } from '../../lib/format/money';
import styles from './bid-panel.module.css';
import { StatusBadge } from './status-badge';

/**
 * The person's bidding status in its colour (BIDDING §4: green, red or none),
 * what it means, and their standing maximum. A live region: an outbid that
 * arrives while the page is open is read out.
 */
export function BidStatus({
  status,
  closed,
  maxBidAmount,
  currency,
}: {
  status: BiddingStatus;
  closed: boolean;
  maxBidAmount: number | null;
  currency: string;
}) {
  return (
    <div className={styles.status} role="status" data-testid="bid-status">
      <p>
        Your status: <StatusBadge status={status} />
      </p>
      <p>{statusSentence(status, closed)}</p>
      {maxBidAmount !== null && !closed ? (
        <p>
          Your maximum bid: <strong>{formatMoney(maxBidAmount, currency)}</strong>
        </p>
      ) : null}
    </div>
  );
}
