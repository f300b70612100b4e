import { BEST_OFFER_TEXT } from '../../lib/lots/card-model';
import styles from './lot-card.module.css';

/**
 * The 'Best Offer' tag and its tooltip (spec §2): a real button so keyboard
 * users reach it, described by the tip, which shows on hover and focus and
 * hides on Escape (`[data-tip]`, the page script's; decision 0024).
 * `id` must be unique on the page.
 */
export function BestOfferTip({ id }: { id: string }) {
  return (
    <span className={styles.tipWrap} data-tip>
      <button type="button" className={styles.tag} aria-describedby={id} data-testid="best-offer">
        Best Offer
      </button>
      <span role="tooltip" id={id} className={styles.tip}>
        {BEST_OFFER_TEXT}
      </span>
    </span>
  );
}
