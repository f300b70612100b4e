import type { EventSearchHit } from '@lotline/contracts';
import { eventHref } from '../../lib/routes';
import { displayZone, formatDateTime } from '../../lib/time/format';
import { eventTimeZone } from '../../lib/time/region-zones';
import { getUserTimeZone } from '../../lib/time/user-zone.server';
import styles from './browse.module.css';

/**
 * An event in the events browse: name, seller, end (in the user's time zone,
 * else the event's local time), lot count, linking to the event page.
 */
export async function EventCard({ event }: { event: EventSearchHit }) {
  const timeZone = displayZone(await getUserTimeZone(), eventTimeZone(event.locations));
  const href = eventHref(event);
  const seller = event.company.displayName ?? event.company.name;
  return (
    <article className={styles.eventCard}>
      <h2 className={styles.eventName}>
        <a href={href} className={styles.eventLink}>
          {event.name}
        </a>
      </h2>
      <p className={styles.eventSeller}>{seller}</p>
      <dl className={styles.eventFacts}>
        <div>
          <dt>Ends</dt>
          <dd>
            <time dateTime={event.endAt}>{formatDateTime(event.endAt, timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt>Lots</dt>
          <dd>{event.lotsCount.toLocaleString('en-US')}</dd>
        </div>
      </dl>
    </article>
  );
}
