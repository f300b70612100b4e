import { useId } from 'react';
import { CARD_PHOTO, responsivePhoto } from '../../lib/images';
import {
  type CardState,
  type CardView,
  type LotCardInput,
  lotCardModel,
  type SaleLabel,
} from '../../lib/lots/card-model';
import { PLACEHOLDER_SRC, photoLoading } from '../../lib/lots/photo';
import type { WatchState } from '../../lib/watchlist/watch-state';
import { LIVE } from '../live-ticker/live-dom';
import { BestOfferTip } from './best-offer-tip';
import { CardFooter } from './card-footer';
import styles from './lot-card.module.css';
import { WatchControl } from './watch-control';

const LABEL_CLASS: Record<SaleLabel, string | undefined> = {
  AUCTION: styles.labelAuction,
  'BUY NOW': styles.labelBuyNow,
  TENDER: styles.labelTender,
};

const VIEW_CLASS: Record<CardView, string | undefined> = {
  grid: undefined,
  list: styles.list,
  short: styles.short,
};

const STATE_CLASS: Record<NonNullable<CardState>, string | undefined> = {
  SOLD: styles.stateSold,
  UNAVAILABLE: styles.stateUnavailable,
  ENDED: styles.stateEnded,
};

export interface LotCardProps extends LotCardInput {
  /** grid (default, 5 photos), list (3 photos, delivery label) or short (1 photo; filler rows). */
  view?: CardView;
  /** The server's clock (ms since the epoch) for the state and the timer; the render's time when left out. */
  now?: number;
  /** The watch toggle; none is shown when left out (e.g. legacy lots). */
  watch?: WatchState;
  titleAs?: 'h2' | 'h3';
  /**
   * The card is among the first on screen: its first photo loads at once and with high priority (it is the
   * page's largest paint); every other photo of the site loads lazily.
   */
  priority?: boolean;
}

/**
 * Lot / listing card (spec §2, §4). A server component; its one client island
 * is a signed-in user's watch toggle, and the page's ticker keeps its timer
 * going (decision 0024). The title link
 * is stretched over the card, so the card is one click target with one
 * accessible name; the photo strip, the Best Offer tip and the toggle sit above
 * it. Throws 'Either lot or eventLot is required' (spec §8).
 */
export function LotCard({
  titleAs: Title = 'h2',
  view = 'grid',
  now = Date.now(),
  watch,
  priority = false,
  ...input
}: LotCardProps) {
  const card = lotCardModel(input, { view, now });
  // One lot may show twice on a page (results and recently viewed), so ids come from React, not the lot.
  const titleId = useId();
  return (
    <article
      className={`${styles.card} ${VIEW_CLASS[view] ?? ''} ${card.endingSoon ? styles.endingSoon : ''}`}
      aria-labelledby={titleId}
      data-view={view}
      data-state={card.state ?? undefined}
      data-ending-soon={card.endingSoon || undefined}
      {...{ [LIVE.lotId]: card.live?.lotId }}
    >
      <div className={styles.media}>
        {card.photos.length > 1 ? (
          // biome-ignore lint/a11y/useSemanticElements: a scrollable group of photos, not a form's fieldset; focusable so the keyboard can scroll it
          <div
            className={styles.photos}
            role="group"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be reachable by keyboard to be scrolled
            tabIndex={0}
            aria-label={`Photos of ${card.title}`}
          >
            {card.photos.map((photo, index) => (
              <a key={photo.src} href={card.href} tabIndex={-1} className={styles.slide}>
                {/* biome-ignore lint/performance/noImgElement: same-origin files served by the API; next/image would add a resize hop for no gain yet */}
                <img
                  {...responsivePhoto(photo.src, CARD_PHOTO)}
                  alt={photo.alt}
                  width={400}
                  height={300}
                  {...photoLoading(priority && index === 0)}
                  decoding="async"
                  className={styles.photo}
                />
              </a>
            ))}
          </div>
        ) : (
          // biome-ignore lint/performance/noImgElement: as above
          <img
            {...responsivePhoto(card.photos[0]?.src ?? PLACEHOLDER_SRC, CARD_PHOTO)}
            alt={card.photos[0]?.alt ?? `No photo available for ${card.title}`}
            width={400}
            height={300}
            {...photoLoading(priority)}
            decoding="async"
            className={styles.photo}
          />
        )}
        <span className={`${styles.label} ${LABEL_CLASS[card.saleLabel] ?? ''}`}>{card.saleLabel}</span>
        {card.state ? <span className={`${styles.state} ${STATE_CLASS[card.state] ?? ''}`}>{card.state}</span> : null}
        {watch && card.documentId ? <WatchControl documentId={card.documentId} watch={watch} /> : null}
      </div>
      <div className={styles.body}>
        <Title className={styles.title} id={titleId}>
          <a href={card.href} className={styles.link}>
            {card.title}
          </a>
        </Title>
        {card.sellerName ? <p className={styles.seller}>{card.sellerName}</p> : null}
        {card.bestOffer || card.deliveryAvailable ? (
          <p className={styles.tags}>
            {card.bestOffer ? <BestOfferTip id={`${titleId}-best-offer`} /> : null}
            {card.deliveryAvailable ? <span className={styles.delivery}>Delivery available</span> : null}
          </p>
        ) : null}
        <CardFooter
          price={card.price}
          bidAmount={card.bidAmount}
          liveCurrency={card.live?.currency ?? null}
          bidsCount={card.bidsCount}
          bidsText={card.bidsText}
          timer={card.timer}
          highlighted={card.endingSoon}
          now={now}
        />
        {card.allIn ? (
          <p className={styles.allIn}>
            {card.allIn.label}: <span className={styles.allInAmount}>{card.allIn.text}</span>
          </p>
        ) : null}
        {card.buyHref ? (
          // A plain link to the lot page's buy box with its confirmation open: no client code per card.
          <a href={card.buyHref} className={styles.buyNow} aria-label={`Buy now: ${card.title}`}>
            Buy now
          </a>
        ) : null}
      </div>
    </article>
  );
}
