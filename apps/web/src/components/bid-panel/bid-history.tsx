import type { BidHistory } from '../../lib/bidding/shapes';
import { formatMoney } from '../../lib/format/money';
import { formatDateTime } from '../../lib/time/format-date';
import styles from './bid-panel.module.css';

/**
 * The visible price history (contract §5 GET bids): newest first, "You" or a
 * stable pseudonym per row, the first rows and a button for more.
 */
export function BidHistoryList({
  history,
  currency,
  timeZone,
  loadingMore,
  onMore,
}: {
  history: BidHistory | null;
  currency: string;
  timeZone: string;
  loadingMore: boolean;
  onMore: () => void;
}) {
  return (
    <section className={styles.history} aria-labelledby="bid-history-title">
      <h3 id="bid-history-title" className={styles.stepTitle}>
        Bid history
      </h3>
      {history === null ? <p>The bid history could not be loaded. Reload the page to try again.</p> : null}
      {history?.bids.length === 0 ? <p>No bids yet. Be the first to bid.</p> : null}
      {history && history.bids.length > 0 ? (
        <ol className={styles.historyList} aria-label="Bids, newest first">
          {history.bids.map((bid) => {
            const iso = new Date(bid.createdAt).toISOString();
            return (
              <li key={bid._id} className={styles.historyRow} data-you={bid.bidder === 'You' || undefined}>
                <span className={styles.bidder}>{bid.bidder}</span>
                <span className={styles.bidAmount}>{formatMoney(bid.amount, currency)}</span>
                <time dateTime={iso} className={styles.bidTime}>
                  {formatDateTime(iso, timeZone)}
                </time>
              </li>
            );
          })}
        </ol>
      ) : null}
      {history && history.pagination.totalItems > history.bids.length ? (
        <p>
          <button type="button" className="button button-secondary" onClick={onMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : `Show more bids (${history.pagination.totalItems} in all)`}
          </button>
        </p>
      ) : null}
    </section>
  );
}
