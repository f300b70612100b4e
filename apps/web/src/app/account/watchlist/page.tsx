import { watchlistResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { eventHref, eventLotHref, signInRedirectHref, WATCHLIST_PATH } from '../../../lib/routes';
import { displayZone, formatDateTime } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import styles from '../addresses.module.css';
import { RemoveWatchedForm } from './remove-form';

export const metadata: Metadata = { title: 'My Watchlist' };

/** The signed-in user's watched lots and events (spec §6: visitors have no watchlist). */
export default async function WatchlistPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInRedirectHref(WATCHLIST_PATH));
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(user.id)}/watchlist`);
  const parsed = watchlistResponse.safeParse(answer.data);
  const { eventLots, events } = parsed.success ? parsed.data : { eventLots: [], events: [] };
  const timeZone = displayZone(await getUserTimeZone());

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>My Watchlist</h1>
      {!answer.ok || !parsed.success ? (
        <FormMessages
          error={answer.error?.message ?? 'Your watchlist could not be loaded. Reload the page to try again.'}
        />
      ) : null}
      <section className={page.card} aria-labelledby="watched-lots-title">
        <h2 id="watched-lots-title" className={page.cardTitle}>
          Lots
        </h2>
        {eventLots.length === 0 ? (
          <p>You are not watching any lots. Use “Add to Watchlist” on a lot to follow it here.</p>
        ) : (
          <ul className={styles.list} aria-label="Watched lots">
            {eventLots.map((lot) => (
              <li key={lot.wishlistId} className={styles.item}>
                <a href={eventLotHref(lot)}>{lot.name}</a>
                <span>
                  Lot {lot.number} · {lot.status}
                </span>
                <RemoveWatchedForm wishlistId={lot.wishlistId} label={lot.name} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={page.card} aria-labelledby="watched-events-title">
        <h2 id="watched-events-title" className={page.cardTitle}>
          Events
        </h2>
        {events.length === 0 ? (
          <p>You are not watching any events.</p>
        ) : (
          <ul className={styles.list} aria-label="Watched events">
            {events.map((event) => (
              <li key={event.wishlistId} className={styles.item}>
                <a href={eventHref(event)}>{event.title}</a>
                <span>
                  Ends <time dateTime={event.endAt}>{formatDateTime(event.endAt, timeZone)}</time>
                </span>
                <RemoveWatchedForm wishlistId={event.wishlistId} label={event.title} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
