import type { LotCard as LotCardData } from '@lotline/contracts';
import type { WatchState } from '../../lib/watchlist/watch-state';
import { LotCard } from '../lot-card/lot-card';
import { Scroller } from '../scroller/scroller';
import styles from './recently-viewed.module.css';

/** Spec §2: a carousel only when more than 3 lots are shown (and the screen is at least medium). */
const CAROUSEL_OVER = 3;

/**
 * 'RECENTLY VIEWED' (spec §2, §7): up to four lots from the lots_viewed cookie.
 * With more than three it is a CSS scroll-snap carousel from the medium
 * breakpoint up (3 per view at medium, 4 at large; decision 0019); otherwise,
 * and on small screens, a grid.
 */
export function RecentlyViewed({
  lots,
  now,
  watchOf,
}: {
  lots: LotCardData[];
  now: number;
  watchOf?: (documentId: string) => WatchState;
}) {
  if (lots.length === 0) return null;
  const carousel = lots.length > CAROUSEL_OVER;
  const list = (
    <ul className={`${styles.lots} ${carousel ? styles.carousel : ''}`} data-layout={carousel ? 'carousel' : 'grid'}>
      {lots.map((lot) => (
        <li key={lot._id} className={styles.item}>
          <LotCard eventLot={lot._source} view="short" now={now} titleAs="h3" watch={watchOf?.(lot._id)} />
        </li>
      ))}
    </ul>
  );
  return (
    <section className={styles.section} aria-labelledby="recently-viewed" data-testid="recently-viewed">
      <h2 id="recently-viewed" className={styles.heading}>
        RECENTLY VIEWED
      </h2>
      {carousel ? (
        <Scroller label="RECENTLY VIEWED" step="page" arrowsClassName={styles.arrows} rowClassName={styles.carouselRow}>
          {list}
        </Scroller>
      ) : (
        list
      )}
    </section>
  );
}
