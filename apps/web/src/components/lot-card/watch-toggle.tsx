'use client';

import { useActionState } from 'react';
import { WATCH_LABELS } from '../../lib/watchlist/watch-state';
import { toggleWatchAction } from '../../lib/watchlist/watch-toggle-action';
import { HeartIcon } from './heart-icon';
import styles from './lot-card.module.css';

/**
 * A signed-in user's watch toggle on a lot card: a real button with
 * aria-pressed inside a form, so it also works before the page's JavaScript
 * has loaded. The server action adds or removes the wishlist entry.
 */
export function WatchToggle({ documentId, wishlistId }: { documentId: string; wishlistId: string | null }) {
  const [state, action, pending] = useActionState(toggleWatchAction, { wishlistId });
  const watched = state.wishlistId !== null;
  return (
    <form action={action} className={styles.watch}>
      <input type="hidden" name="documentId" value={documentId} />
      <input type="hidden" name="wishlistId" value={state.wishlistId ?? ''} />
      <button
        type="submit"
        className={styles.watchButton}
        aria-pressed={watched}
        aria-label={watched ? WATCH_LABELS.remove : WATCH_LABELS.add}
        aria-disabled={pending}
        disabled={pending}
      >
        <HeartIcon filled={watched} />
      </button>
      {state.error ? (
        <p className={styles.watchError} role="alert">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
