import { WATCH_LABELS, type WatchState } from '../../lib/watchlist/watch-state';
import { HeartIcon } from './heart-icon';
import styles from './lot-card.module.css';
import { WatchToggle } from './watch-toggle';

/**
 * A lot's watch heart (spec §6), placed over its photos: the toggle for a
 * signed-in user; for a visitor an inert heart that leads to sign-in.
 */
export function WatchControl({ documentId, watch }: { documentId: string; watch: WatchState }) {
  return watch.signedIn ? (
    <WatchToggle documentId={documentId} wishlistId={watch.wishlistId} />
  ) : (
    <a href={watch.loginHref} className={`${styles.watch} ${styles.watchButton}`} aria-label={WATCH_LABELS.add}>
      <HeartIcon filled={false} />
    </a>
  );
}
