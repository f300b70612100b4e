import { type LotCardInput, lotCardModel, type SaleLabel } from '../../lib/lots/card-model';
import styles from './lot-card.module.css';

/** Served from apps/web/public; used whenever a lot has no photo, so a card never shows a broken image. */
const PLACEHOLDER_SRC = '/images/lot-placeholder.svg';

const LABEL_CLASS: Record<SaleLabel, string | undefined> = {
  AUCTION: styles.labelAuction,
  'BUY NOW': styles.labelBuyNow,
  TENDER: styles.labelTender,
};

/**
 * Lot / listing card (spec §2). A server component: no client JS. The title
 * link is stretched over the whole card so the card is one click target with
 * one accessible name. Throws 'Either lot or eventLot is required' (spec §8).
 */
export function LotCard({ titleAs: Title = 'h2', ...input }: LotCardInput & { titleAs?: 'h2' | 'h3' }) {
  const card = lotCardModel(input);
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {/* biome-ignore lint/performance/noImgElement: photos are same-origin files served by the API; next/image would add a resize hop for no gain yet */}
        <img
          src={card.photo?.src ?? PLACEHOLDER_SRC}
          alt={card.photo?.alt ?? `No photo available for ${card.title}`}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className={styles.photo}
        />
        <span className={`${styles.label} ${LABEL_CLASS[card.saleLabel] ?? ''}`}>{card.saleLabel}</span>
      </div>
      <div className={styles.body}>
        <Title className={styles.title}>
          <a href={card.href} className={styles.link}>
            {card.title}
          </a>
        </Title>
        {card.sellerName ? <p className={styles.seller}>{card.sellerName}</p> : null}
        <div className={styles.footer}>
          {card.price ? (
            <p className={styles.price}>
              <span className={styles.priceLabel}>{card.price.label}</span>
              <span className={styles.amount}>{card.price.text}</span>
            </p>
          ) : null}
          {card.bidsText ? <p className={styles.bids}>{card.bidsText}</p> : null}
        </div>
      </div>
    </article>
  );
}
