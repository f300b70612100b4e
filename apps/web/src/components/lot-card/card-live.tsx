'use client';

import { useEffect, useRef, useState } from 'react';
import { bidChanged, timerText, timerTone } from '../../lib/lots/timer';
import styles from './lot-card.module.css';

/** Spec §9: the timer ticks every second; the price bounces for 500 ms and the bell shows for 5000 ms. */
const TICK_MS = 1000;
const BOUNCE_MS = 500;
const BELL_MS = 5000;

export interface CardLiveProps {
  price: { label: string; text: string } | null;
  bidAmount: number | null;
  bidsCount: number;
  bidsText: string | null;
  timer: { endsAt: number; statusText: string } | null;
  highlighted: boolean;
  /** The server's clock when the page was rendered (ms since the epoch). */
  serverNow: number;
}

/**
 * The lot card's one client island: price, bid count and timer. The timer
 * keeps the offset between the server's clock and the browser's, so a wrong
 * clock on the buyer's machine does not change when a lot "ends" (decision
 * 0013). When the bid or the bid count props change (live updates), the price
 * bounces and a bell shows.
 */
export function CardLive({ price, bidAmount, bidsCount, bidsText, timer, highlighted, serverNow }: CardLiveProps) {
  const [now, setNow] = useState(serverNow);
  const offset = useRef<number | null>(null);
  useEffect(() => {
    if (!timer) return;
    offset.current ??= serverNow - Date.now();
    const tick = () => setNow(Date.now() + (offset.current ?? 0));
    tick();
    const id = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(id);
  }, [timer, serverNow]);

  const previous = useRef({ amount: bidAmount, count: bidsCount });
  const [bouncing, setBouncing] = useState(false);
  const [ringing, setRinging] = useState(false);
  useEffect(() => {
    const next = { amount: bidAmount, count: bidsCount };
    if (!bidChanged(previous.current, next)) return;
    previous.current = next;
    setBouncing(true);
    setRinging(true);
    const bounce = window.setTimeout(() => setBouncing(false), BOUNCE_MS);
    const bell = window.setTimeout(() => setRinging(false), BELL_MS);
    return () => {
      window.clearTimeout(bounce);
      window.clearTimeout(bell);
    };
  }, [bidAmount, bidsCount]);

  const tone = timer ? timerTone(timer.endsAt, now, highlighted) : null;
  return (
    <div className={styles.footer}>
      {price ? (
        <p className={styles.price}>
          <span className={styles.priceLabel}>{price.label}</span>
          <span className={`${styles.amount} ${bouncing ? styles.bounce : ''}`} data-bouncing={bouncing || undefined}>
            {price.text}
          </span>
        </p>
      ) : null}
      {bidsText ? (
        <p className={styles.bids}>
          {ringing ? (
            <svg className={styles.bell} viewBox="0 0 24 24" width="16" height="16" role="img" aria-label="New bid">
              <path
                fill="currentColor"
                d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
              />
            </svg>
          ) : null}
          {bidsText}
        </p>
      ) : null}
      {timer ? (
        <p
          className={`${styles.timer} ${tone === 'red' ? styles.timerRed : styles.timerAmber}`}
          data-tone={tone}
          data-testid="lot-timer"
        >
          <span className="visually-hidden">Time left: </span>
          <time dateTime={new Date(timer.endsAt).toISOString()} suppressHydrationWarning>
            {timerText(timer.endsAt, now, timer.statusText)}
          </time>
        </p>
      ) : null}
    </div>
  );
}
