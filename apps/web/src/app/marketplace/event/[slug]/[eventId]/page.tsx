import { type EventDetail, eventDetailResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { ContactSeller } from '../../../../../components/contact-seller/contact-seller';
import { EventWatchButton } from '../../../../../components/watch-button/event-watch-button';
import { apiGet } from '../../../../../lib/api/api.server';
import { ApiError } from '../../../../../lib/api/errors';
import { getCurrentUser } from '../../../../../lib/auth/current-user.server';
import { formatUtcDateTime } from '../../../../../lib/format/date';
import { contactGate } from '../../../../../lib/messaging/contact-gate.server';
import { eventHref } from '../../../../../lib/watchlist/event-href';
import { findEventWishlistId } from '../../../../../lib/watchlist/event-wishlist.server';
import styles from './page.module.css';

type Params = Promise<{ slug: string; eventId: string }>;

/** The event, or the 404 page for one that does not exist or is a draft. Once per request. */
const loadEvent = cache(async (eventId: string): Promise<EventDetail> => {
  try {
    const { event } = await apiGet(
      `/marketplace/api/event/events/${encodeURIComponent(eventId)}`,
      {},
      eventDetailResponse,
    );
    return event;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const event = await loadEvent((await params).eventId);
  return { title: event.name };
}

/**
 * Event page (spec §2), first version: name, seller, end time, the watchlist
 * button and Contact Seller. The countdown, attachments, terms panel, map and
 * lots (issue 6) go into the sections below the header.
 */
export default async function EventPage({ params }: { params: Params }) {
  const { eventId } = await params;
  const event = await loadEvent(eventId);
  const canonical = eventHref(event);
  if ((await params).slug !== canonical.split('/')[3]) redirect(canonical);

  const user = await getCurrentUser();
  const [wishlistId, gate] = await Promise.all([
    user ? findEventWishlistId(user.id, event._id) : null,
    contactGate(user, event._id),
  ]);
  const seller = event.company;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{event.name}</h1>
        <p className={styles.meta}>
          <span>
            Sold by{' '}
            <a href={`/marketplace/seller/${encodeURIComponent(seller.slug)}/${encodeURIComponent(seller._id)}`}>
              {seller.displayName ?? seller.name}
            </a>
          </span>
          <span>
            Ends <time dateTime={event.endAt}>{formatUtcDateTime(event.endAt)}</time>
          </span>
        </p>
        <div className={styles.actions}>
          <EventWatchButton eventId={event._id} wishlistId={wishlistId} signedIn={user !== null} pagePath={canonical} />
          <ContactSeller
            gate={gate}
            pagePath={canonical}
            subject={{ event: { _id: event._id, name: event.name }, terms: event.terms }}
          />
        </div>
      </header>
      {event.description ? (
        <section className={styles.section} aria-labelledby="event-about">
          <h2 id="event-about">About this event</h2>
          <p className={styles.description}>{event.description}</p>
        </section>
      ) : null}
    </div>
  );
}
