import type { EventSearchHit } from '@lotline/contracts';
import { slugify } from '../../lib/lots/slugify';
import styles from './browse.module.css';

const endFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** An event in the events browse: name, seller, end, lot count, linking to the event page. */
export function EventCard({ event }: { event: EventSearchHit }) {
  const href = `/marketplace/event/${slugify(event.name)}/${event._id}`;
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
            <time dateTime={event.endAt}>{endFormat.format(new Date(event.endAt))} UTC</time>
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
