import type { BiddingStatus } from '@lotline/contracts/enums';
import { statusWords } from '../../lib/bidding/status-text';
import { formatMoney } from '../../lib/format/money';
import styles from './bid-panel.module.css';

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
  const words = statusWords(status, closed);
  return (
    <div className={styles.status} role="status" data-testid="bid-status">
      <p>
        Your status:{' '}
        <strong className={styles.badge} data-tone={words.tone} data-status={status}>
          {words.label}
        </strong>
      </p>
      <p>{words.sentence}</p>
      {maxBidAmount !== null && !closed ? (
        <p>
          Your maximum bid: <strong>{formatMoney(maxBidAmount, currency)}</strong>
        </p>
      ) : null}
    </div>
  );
}
