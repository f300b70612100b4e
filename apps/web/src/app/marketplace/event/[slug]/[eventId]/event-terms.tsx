import type { EventDetail } from '@lotline/contracts';
import { formatMoney } from '../../../../../lib/format/money';
import styles from './event-page.module.css';

/**
 * The terms panel (spec §2): a 'Bid Deposit' block, then one '{Type} Terms'
 * block per event term, in the event's order.
 */
export function EventTerms({ bidDeposit, terms }: Pick<EventDetail, 'bidDeposit' | 'terms'>) {
  return (
    <section className={styles.section} aria-labelledby="event-terms-title">
      <h2 id="event-terms-title">Terms</h2>
      <div className={styles.termBlocks}>
        <section className={styles.termBlock} aria-labelledby="term-bid-deposit">
          <h3 id="term-bid-deposit">Bid Deposit</h3>
          {bidDeposit ? (
            <>
              <p className={styles.deposit}>{formatMoney(bidDeposit.amount, bidDeposit.currency)}</p>
              <p className={styles.termText}>
                The bid deposit is a hold on your card while you bid. It is cancelled if you do not win. The amount is
                per auction.
              </p>
            </>
          ) : (
            <p className={styles.termText}>This event asks for no bid deposit.</p>
          )}
        </section>
        {terms.map((term) => (
          <section key={term._id} className={styles.termBlock} aria-labelledby={`term-${term._id}`}>
            <h3 id={`term-${term._id}`}>{term.type} Terms</h3>
            <p className={styles.termText}>{term.text}</p>
          </section>
        ))}
      </div>
    </section>
  );
}
