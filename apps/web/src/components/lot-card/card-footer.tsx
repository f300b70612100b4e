import type { CardTimer } from '../../lib/lots/card-model';
import { PAUSED_TIMER_TEXT, timerText, timerTone } from '../../lib/lots/timer';
import { LIVE } from '../live-ticker/live-dom';
import styles from './lot-card.module.css';

export interface CardFooterProps {
  price: { label: string; text: string } | null;
  bidAmount: number | null;
  /** An auction's currency: the live stream rewrites its price (null: not a bid price). */
  liveCurrency?: string | null;
  bidsCount: number;
  bidsText: string | null;
  /** A paused one says so instead of counting; the live stream pauses and resumes it in place (decision 0093). */
  timer: CardTimer | null;
  highlighted: boolean;
  /** The server's clock for the first text (ms since the epoch). */
  now: number;
}

/**
 * The card's price, bid count and timer, rendered on the server. They carry
 * the data the page's one ticker (components/live-ticker) needs to tick the
 * timer every second and to run the bid-change hooks, so a page of 30 cards
 * hydrates no component per card (decision 0024).
 */
export function CardFooter({
  price,
  bidAmount,
  liveCurrency,
  bidsCount,
  bidsText,
  timer,
  highlighted,
  now,
}: CardFooterProps) {
  const tone = timer && !timer.paused ? timerTone(timer.endsAt, now, highlighted) : undefined;
  return (
    <div className={styles.footer}>
      {price ? (
        <p className={styles.price}>
          <span className={styles.priceLabel} {...{ [LIVE.priceLabel]: '' }}>
            {price.label}
          </span>
          <span
            className={styles.amount}
            {...{
              [LIVE.bidAmount]: bidAmount ?? '',
              [LIVE.bidsCount]: bidsCount,
              [LIVE.currency]: liveCurrency ?? undefined,
            }}
          >
            {price.text}
          </span>
        </p>
      ) : null}
      {bidsText ? (
        <p className={styles.bids}>
          <svg className={styles.bell} viewBox="0 0 24 24" width="16" height="16" role="img" aria-label="New bid">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
          <span {...{ [LIVE.bidsText]: '' }}>{bidsText}</span>
        </p>
      ) : null}
      {timer ? (
        <p className={styles.timer} data-tone={tone} data-testid="lot-timer">
          <span className="visually-hidden">Time left: </span>
          <time
            dateTime={new Date(timer.endsAt).toISOString()}
            {...{
              [LIVE.endsAt]: timer.endsAt,
              [LIVE.status]: timer.statusText,
              [LIVE.highlighted]: highlighted ? 'true' : undefined,
              [LIVE.paused]: timer.paused ? 'true' : undefined,
            }}
          >
            {timer.paused ? PAUSED_TIMER_TEXT : timerText(timer.endsAt, now, timer.statusText)}
          </time>
        </p>
      ) : null}
    </div>
  );
}
